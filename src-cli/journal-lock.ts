/**
 * The lock that makes commands appending to one journal take turns: `FILE.lock` beside the journal's
 * real file (so two paths to one journal, through a link, share one lock), created only if absent,
 * holding its holder's process id, host name and a random token. A lock whose holder is gone (kill
 * -9, a crash) is found before the work and removed, never waited for after it.
 */
import { randomBytes } from 'node:crypto';
import { link, open, realpath, rename, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { signalPending } from './atomic-file';
import { UsageError, quotedPath } from './errors';

/** The lock's name: beside the journal's real file, or its real folder's when it does not exist yet. */
export async function lockPathOf(path: string): Promise<string> {
  const real = await realpath(path).catch(async () =>
    join(await realpath(dirname(path)).catch(() => dirname(path)), basename(path)),
  );
  return `${real}.lock`;
}

interface Holder {
  readonly pid: number | null;
  readonly host: string | null;
  readonly token: string | null;
  readonly mtimeMs: number;
}

/** A lock no bigger than this is read whole; a bigger one is not one of ours (its holder unknown). */
const LOCK_MAX_BYTES = 4096;
/** A lock that names no holder (a crash between its creation and its write) is stale after this. */
const UNNAMED_STALE_MS = 30_000;

/** Who holds `lock`, or null if there is no lock. */
async function holderOf(lock: string): Promise<Holder | null> {
  let handle;
  try {
    handle = await open(lock, 'r');
  } catch {
    return null;
  }
  try {
    const { mtimeMs } = await handle.stat();
    const buf = Buffer.alloc(LOCK_MAX_BYTES);
    const { bytesRead } = await handle.read(buf, 0, LOCK_MAX_BYTES, 0);
    let parsed: Record<string, unknown> = {};
    try {
      const v: unknown = JSON.parse(buf.subarray(0, bytesRead).toString('utf8'));
      if (v !== null && typeof v === 'object') parsed = v as Record<string, unknown>;
    } catch {
      // not one of ours, or written halfway: no holder named
    }
    const pid = Number.isSafeInteger(parsed.pid) && (parsed.pid as number) > 0 ? (parsed.pid as number) : null;
    const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);
    return { pid, host: str(parsed.host), token: str(parsed.token), mtimeMs };
  } finally {
    await handle.close();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user
    return !(err instanceof Error && 'code' in err && err.code === 'ESRCH');
  }
}

/** A holder that can no longer release its lock: a process of this host that is gone, or none named for long. */
function isStale(h: Holder): boolean {
  if (h.pid === null || h.token === null) return Date.now() - h.mtimeMs > UNNAMED_STALE_MS;
  return h.host === hostname() && !isAlive(h.pid);
}

/**
 * Removes a stale lock: renamed to a name of its own first, so of two commands breaking it only one
 * gets it; if what it got is no longer the stale lock (a new holder took the name meanwhile), it is
 * put back. Says so in one line on stderr.
 */
async function breakStale(lock: string, stale: Holder): Promise<void> {
  const aside = `${lock}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(lock, aside);
  } catch {
    return; // another command broke it first
  }
  const got = await holderOf(aside);
  if (got !== null && (got.token !== stale.token || got.pid !== stale.pid)) {
    // a live lock taken by mistake: back under its name unless a new one is there (link never replaces)
    await link(aside, lock).catch(() => undefined);
    await unlink(aside).catch(() => undefined);
    return;
  }
  await unlink(aside).catch(() => undefined);
  process.stderr.write(
    stale.pid !== null
      ? `journal: a lock left by process ${stale.pid} (no longer running) was removed\n`
      : `journal: a lock naming no process, unchanged for ${UNNAMED_STALE_MS / 1000} s, was removed\n`,
  );
}

/** Before the work: a stale lock on the journal `path` is removed now, rather than found at its end. */
export async function breakStaleLockFirst(path: string): Promise<void> {
  const lock = await lockPathOf(path);
  const h = await holderOf(lock);
  if (h !== null && isStale(h)) await breakStale(lock, h);
}

/** How long an append waits for a lock unchanged (its holder refreshes it) before it says so. */
const LOCK_WAIT_MS = 10_000;
/** How often a holder touches its lock, so waiters know it still works. */
const REFRESH_MS = 1000;
/** After this much waiting, the wait is said once on stderr. */
const SAY_WAIT_MS = 500;
/** The first wait; each next one doubles, up to {@link MAX_BACKOFF_MS}, half of it at random. */
const FIRST_BACKOFF_MS = 20;
const MAX_BACKOFF_MS = 1000;

export interface LockOptions {
  /** The bound on the wait for an unchanged lock, in ms (tests shorten it). */
  readonly waitMs?: number;
  /** Called each time the lock is found held, before waiting (tests wait for every appender to queue). */
  readonly onWait?: (attempt: number) => void;
}

/** The wait for the lock given up on SIGINT/SIGTERM: nothing was appended. */
export class LockWaitInterrupted extends Error {}

const WRITE_REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder',
  EIO: 'an input/output error of the device',
};

/** Why a journal or its lock could not be written, in a few words. */
export const reason = (err: unknown): string => {
  const code = codeOf(err);
  return WRITE_REASONS[code] ?? (code === '' ? String(err) : `system error ${code}`);
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** A pause cut short by SIGINT/SIGTERM, so Ctrl+C ends a wait at once rather than after its pause. */
async function pause(ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (let left = ms; left > 0 && !signalPending(); left = end - Date.now()) await sleep(Math.min(50, left));
}
const codeOf = (err: unknown): string => (err instanceof Error && 'code' in err ? String(err.code) : '');
const byProcess = (h: Holder | null): string => (h?.pid != null ? ` (held by process ${h.pid})` : '');

/**
 * Takes the lock of the journal `path`; a writer finding it held waits with backoff and jitter (so
 * racing commands do not retry in step) until the lock has not changed for `waitMs`, removing it if
 * its holder is gone. `fail(why)` words a lock that cannot be taken. Returns its release, which
 * removes the lock only while it is still this holder's.
 */
export async function lockJournal(
  path: string,
  options: LockOptions,
  fail: (why: string) => Error,
): Promise<() => Promise<void>> {
  const lock = await lockPathOf(path);
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  const started = Date.now();
  let seen: number | null = null;
  let deadline = started + waitMs;
  let said = false;
  for (let attempt = 0; ; attempt++) {
    // a signal that came while waiting ends the wait, even if the lock is free now
    if (attempt > 0 && signalPending()) throw new LockWaitInterrupted();
    const token = randomBytes(16).toString('hex');
    let handle;
    try {
      handle = await open(lock, 'wx');
    } catch (err) {
      const code = codeOf(err);
      const exists = await stat(lock).then(
        () => true,
        () => false,
      );
      // Windows refuses (EPERM) a create racing with a delete: held, not forbidden
      if (!(code === 'EEXIST' || ((code === 'EPERM' || code === 'EACCES') && exists))) {
        if (code === 'EPERM' || code === 'EACCES')
          throw new UsageError(
            `cannot create the lock ${quotedPath(lock)} beside --journal ${quotedPath(path)}: permission denied (its folder must be writable); the work was done but is not journaled (the journal was left as it was)`,
          );
        throw fail(reason(err));
      }
    }
    if (handle) {
      try {
        await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname(), token }) + '\n');
        await handle.close();
      } catch (err) {
        await handle.close().catch(() => undefined);
        await unlink(lock).catch(() => undefined);
        throw fail(reason(err));
      }
      return held(lock, token);
    }
    const holder = await holderOf(lock);
    if (holder !== null && isStale(holder)) {
      await breakStale(lock, holder);
      continue;
    }
    // a holder that refreshes its lock is working: the bound runs from its last sign of life
    if (holder !== null && holder.mtimeMs !== seen) {
      if (seen !== null) deadline = Date.now() + waitMs;
      seen = holder.mtimeMs;
    }
    const left = deadline - Date.now();
    if (left <= 0)
      throw fail(
        `another program${holder?.pid != null ? ` (process ${holder.pid})` : ''} held its lock ${quotedPath(lock)} for ${(waitMs / 1000).toFixed(waitMs < 1000 ? 1 : 0)} s (if none is writing to it, remove that file and run the command again)`,
      );
    if (!said && Date.now() - started >= SAY_WAIT_MS) {
      said = true;
      process.stderr.write(`journal: waiting for its lock ${quotedPath(lock)}${byProcess(holder)}…\n`);
    }
    // a signal before the lock is found held is acted on after the append; while waiting, it ends the wait
    if (signalPending()) throw new LockWaitInterrupted();
    options.onWait?.(attempt);
    const backoff = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
    await pause(Math.min(left, backoff / 2 + Math.random() * (backoff / 2)));
  }
}

/** The lock held: refreshed while held, removed on release only if it still holds `token`. */
function held(lock: string, token: string): () => Promise<void> {
  const refresh = setInterval(() => {
    const now = new Date();
    utimes(lock, now, now).catch(() => undefined);
  }, REFRESH_MS);
  refresh.unref();
  return async () => {
    clearInterval(refresh);
    const h = await holderOf(lock);
    if (h?.token === token) await unlink(lock).catch(() => undefined);
  };
}
