/**
 * Crash-safe file writes: a file only ever appears under its final name complete.
 *
 * Data goes to a temporary sibling (`.<target>~<hash>.<pid>-<random>.partial`, same folder so the final
 * `rename` stays on one file system and is atomic), is fsync'ed, then renamed over the target.
 * Any failure deletes the temporary file, so a failed or cancelled export never leaves a file
 * that looks complete.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { removeLeftovers, temporaryPath } from '@shared/node/temp-names';

/**
 * Name of the temporary sibling of `target`: hidden, within NAME_MAX whenever the target's name
 * is (temp-names.ts), tagged with this process's id and a random part.
 *
 * @see https://nodejs.org/api/crypto.html#cryptorandombytessize-callback
 */
export function partialPathFor(target: string): string {
  return temporaryPath(target, `${process.pid}-${randomBytes(6).toString('hex')}`);
}

/** Best effort: fsync the folder so the rename itself survives a power loss (POSIX only). */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return; // Windows cannot open a directory for fsync.
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Durability nicety only; the rename has already happened.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

/**
 * Writes `data` to `target` atomically (temp file in the same folder, fsync, rename).
 * An existing target is replaced in one step; on error the target is untouched and the
 * temp file removed.
 *
 * @see https://nodejs.org/api/fs.html#filehandlesyncdatasync
 * @see https://nodejs.org/api/fs.html#fspromisesrenameoldpath-newpath
 */
export async function atomicWriteFile(target: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  await removeLeftovers(target); // of an earlier run that was killed
  const temp = partialPathFor(target);
  // 'wx': fail rather than reuse a file someone else created under our random name.
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    await rename(temp, target);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await removeQuietly(temp);
    throw error;
  }
  await syncDirectory(dirname(target));
}

interface SaveSession {
  readonly target: string;
  readonly temp: string;
  readonly owner: number;
  readonly handle: FileHandle;
  /** Serialises appends so chunks land in call order even if the renderer does not await. */
  queue: Promise<void>;
  bytes: number;
  failed: unknown;
}

/** Options of {@link SaveSessionManager}. */
export interface SaveSessionOptions {
  /** Most concurrent streaming saves (all windows). */
  maxSessions?: number;
  /** Most bytes one streaming save may write. */
  maxBytes?: number;
}

/**
 * Streaming saves for large exports: `begin` opens a temporary sibling ({@link partialPathFor}), `append`
 * writes chunks in order, `commit` fsyncs and renames, `abort` deletes the temp file.
 * Sessions belong to the webContents that began them (`owner`), so one renderer cannot
 * touch another's export.
 */
export class SaveSessionManager {
  // TS `private`, not `#private`: Electronegativity's parser cannot read class private fields.
  private readonly sessions = new Map<string, SaveSession>();
  private readonly maxSessions: number;
  private readonly maxBytes: number;

  constructor(options: SaveSessionOptions = {}) {
    this.maxSessions = options.maxSessions ?? 8;
    this.maxBytes = options.maxBytes ?? 4 * 1024 * 1024 * 1024;
  }

  /** Number of open sessions (for tests and diagnostics). */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * Opens a temp file next to `target` and returns the session handle.
   *
   * @see https://nodejs.org/api/fs.html#file-system-flags
   */
  async begin(target: string, owner: number): Promise<string> {
    if (this.sessions.size >= this.maxSessions) {
      throw new Error(`Too many exports in progress (at most ${this.maxSessions}); finish or abort one first.`);
    }
    await removeLeftovers(target); // of an earlier run that was killed
    const temp = partialPathFor(target);
    const handle = await open(temp, 'wx', 0o644);
    const id = randomUUID();
    this.sessions.set(id, { target, temp, owner, handle, queue: Promise.resolve(), bytes: 0, failed: undefined });
    return id;
  }

  /** Appends one chunk; chunks are written in call order. A failed write aborts the session. */
  async append(id: string, owner: number, chunk: string): Promise<void> {
    const session = this.lookup(id, owner);
    const next = session.queue.then(async () => {
      if (session.failed !== undefined) throw session.failed;
      const bytes = Buffer.byteLength(chunk, 'utf8');
      if (session.bytes + bytes > this.maxBytes) {
        throw new Error(`Export is larger than the ${this.maxBytes}-byte limit.`);
      }
      await session.handle.write(chunk, null, 'utf8');
      session.bytes += bytes;
    });
    session.queue = next.catch((error: unknown) => {
      session.failed ??= error;
    });
    try {
      await next;
    } catch (error) {
      await this.abort(id, owner);
      throw error;
    }
  }

  /** Flushes, fsyncs and renames the temp file onto the target; returns the target path. */
  async commit(id: string, owner: number): Promise<string> {
    const session = this.lookup(id, owner);
    this.sessions.delete(id);
    try {
      await session.queue;
      if (session.failed !== undefined) throw session.failed;
      await session.handle.sync();
      await session.handle.close();
      await rename(session.temp, session.target);
    } catch (error) {
      await session.handle.close().catch(() => undefined);
      await removeQuietly(session.temp);
      throw error;
    }
    await syncDirectory(dirname(session.target));
    return session.target;
  }

  /** Closes and deletes the temp file. Unknown or already-finished handles are ignored. */
  async abort(id: string, owner: number): Promise<void> {
    const session = this.sessions.get(id);
    if (session === undefined || session.owner !== owner) return;
    this.sessions.delete(id);
    await session.queue.catch(() => undefined);
    await session.handle.close().catch(() => undefined);
    await removeQuietly(session.temp);
  }

  /** Aborts every session of one owner (its window closed or crashed). */
  async abortAllOf(owner: number): Promise<void> {
    const ids = [...this.sessions].filter(([, s]) => s.owner === owner).map(([id]) => id);
    await Promise.all(ids.map((id) => this.abort(id, owner)));
  }

  /** Aborts everything (app quitting). */
  async abortAll(): Promise<void> {
    await Promise.all([...this.sessions].map(([id, s]) => this.abort(id, s.owner)));
  }

  private lookup(id: string, owner: number): SaveSession {
    const session = this.sessions.get(id);
    // Same message for "unknown" and "not yours": do not reveal other windows' handles.
    if (session === undefined || session.owner !== owner) {
      throw new Error('Unknown or finished export handle.');
    }
    return session;
  }
}
