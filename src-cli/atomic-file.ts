/**
 * The command line's one way to write a file: to a temporary file beside the target, then
 * renamed, so a failed or interrupted run never leaves a file that looks complete.
 *
 * - Every file-system error ends as one {@link InputError} naming the file asked for (exit 2).
 * - The temporary name fits in NAME_MAX (255 bytes) whenever the target's name does.
 * - SIGINT/SIGTERM remove the temporary file before the process exits.
 * - Leftovers of earlier killed runs (kill -9) of the same target are removed by the next run,
 *   which says so.
 * - An existing target is replaced only with `--force`; one the command reads, never.
 */
import { existsSync, unlinkSync } from 'node:fs';
import { link, lstat, open, rename, rm, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { InputError } from '@engine';
import { NAME_MAX, removeLeftovers, temporaryPath } from '@shared/node/temp-names';
import { writeErrorReason } from '@shared/node/write-errors';

export { NAME_MAX, temporaryPath };

/** Any file-system error as a one-line user error naming the file the user asked for, never the temporary one. */
export function writeError(target: string, err: unknown): unknown {
  if (err instanceof InputError) return err;
  const reason = writeErrorReason(err);
  if (reason === null) return err;
  return new InputError(`cannot write "${target}": ${reason} (nothing was written)`);
}

/** The refusal of an existing output without --force, in both languages. */
const alreadyExists = (target: string): InputError =>
  new InputError(
    `"${target}" already exists: add --force to replace it (nothing was written)`,
    `"${target}" existe déjà : ajoutez --force pour le remplacer (rien n’a été écrit)`,
  );

/** Temporary files of running writers, removed on SIGINT/SIGTERM. */
const live = new Set<string>();
let handlersInstalled = false;

function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      // within a held step (an output and its journal entry): acted on once the step is done
      if (held > 0) {
        pendingSignal ??= [signal, code];
        return;
      }
      for (const tmp of live) {
        try {
          unlinkSync(tmp);
        } catch {
          // already gone
        }
      }
      if (live.size > 0) process.stderr.write(`\ninterrupted (${signal}): the partial file was removed\n`);
      process.exit(code);
    });
  }
}

/** Steps running that SIGINT/SIGTERM must not cut in two, and the first signal that came meanwhile. */
let held = 0;
let pendingSignal: [string, number] | null = null;

/** Whether SIGINT/SIGTERM came during a held step: a step that waits (for a lock) gives up then. */
export const signalPending = (): boolean => pendingSignal !== null;

/**
 * Runs `step` with SIGINT and SIGTERM held: a signal that comes meanwhile is acted on once the step
 * is done, so what the step makes (an output put under its name and its journal entry) is made
 * whole or not at all; `done` words what exists then, said on stderr before the process exits.
 */
export async function holdingSignals<T>(step: () => Promise<T>, done: string | (() => string)): Promise<T> {
  held++;
  try {
    return await step();
  } finally {
    held--;
    if (held === 0 && pendingSignal) {
      const [signal, code] = pendingSignal;
      pendingSignal = null;
      // worded once the step is over: what exists depends on how far it went
      process.stderr.write(`\ninterrupted (${signal}): ${typeof done === 'string' ? done : done()}\n`);
      process.exit(code);
    }
  }
}

export interface AtomicWriterOptions {
  /** Replace an existing target (`--force`). */
  readonly force?: boolean;
  /** Where to say that leftovers were removed (stderr by default). */
  readonly notice?: (line: string) => void;
  /** File mode (0o644 by default; 0o600 for a private key). */
  readonly mode?: number;
  /**
   * The files the command reads (a flag's name, or '' for a positional argument, and its path):
   * a target that is one of them is refused, whatever `force` says.
   */
  readonly inputs?: readonly { readonly flag: string; readonly path: string | undefined }[];
}

/**
 * Refuses a target that is one of the inputs: the same path once resolved, or the same file through
 * a symbolic or hard link (same device and inode). An output never replaces what the user had.
 */
export async function refuseOutputOverInput(
  target: string,
  inputs: readonly { readonly flag: string; readonly path: string | undefined }[],
): Promise<void> {
  const same = await inputAt(target, inputs);
  if (same !== null)
    throw new InputError(
      `"${target}" is the file read as ${same}: an output never replaces an input, even with --force; choose another name (nothing was written)`,
    );
}

/**
 * The input that `target` is (the same path once resolved, or the same file through a link), as
 * messages name it (`--table "x.json"`, `the input "x.jsonl" (through a link)`), or null.
 */
export async function inputAt(
  target: string,
  inputs: readonly { readonly flag: string; readonly path: string | undefined }[],
): Promise<string | null> {
  const out = await stat(target).catch(() => null);
  for (const { flag, path } of inputs) {
    if (path === undefined) continue;
    const input = await stat(path).catch(() => null);
    const same = out && input ? out.dev === input.dev && out.ino === input.ino : resolve(target) === resolve(path);
    if (same)
      return `${flag === '' ? 'the input' : `--${flag}`} "${path}"${resolve(target) === resolve(path) ? '' : ' (through a link)'}`;
  }
  return null;
}

export class AtomicWriter {
  private constructor(
    readonly target: string,
    private readonly tmp: string,
    private readonly handle: FileHandle,
    private readonly force: boolean,
  ) {}

  /**
   * Checks the target (refused if it exists without `force`, or is a folder), removes leftovers
   * of earlier killed runs, and opens the temporary file. Call it before the long work starts.
   */
  static async open(target: string, options: AtomicWriterOptions = {}): Promise<AtomicWriter> {
    const force = options.force ?? false;
    await refuseOutputOverInput(target, options.inputs ?? []);
    const existing = await lstat(target).catch(() => null);
    if (existing?.isDirectory()) throw writeError(target, Object.assign(new Error('EISDIR'), { code: 'EISDIR' }));
    if (existing && !force) {
      throw alreadyExists(target);
    }
    if (Buffer.byteLength(basename(target)) > NAME_MAX) {
      throw writeError(target, Object.assign(new Error('ENAMETOOLONG'), { code: 'ENAMETOOLONG' }));
    }
    const removed = await removeLeftovers(target);
    const notice = options.notice ?? ((line: string) => process.stderr.write(`${line}\n`));
    for (const name of removed) notice(`removed "${name}", left by an interrupted earlier run`);
    const tmp = temporaryPath(target, String(process.pid));
    installSignalHandlers();
    let handle: FileHandle;
    try {
      // 'w', not 'wx': a file under this name can only be a leftover of this very process id.
      handle = await open(tmp, 'w', options.mode ?? 0o644);
      if (options.mode !== undefined) await handle.chmod(options.mode); // the umask never widens it
    } catch (err) {
      throw writeError(target, err);
    }
    live.add(tmp);
    return new AtomicWriter(target, tmp, handle, force);
  }

  /** The write in flight: one at most, so the next chunk is made while this one is written. */
  private pending: Promise<unknown> = Promise.resolve();

  /** Writes a chunk (text as UTF-8, or bytes); resolves once the previous one is written (one chunk in flight). */
  async write(chunk: string | Uint8Array): Promise<void> {
    try {
      await this.pending;
    } catch (err) {
      throw writeError(this.target, err);
    }
    this.pending = typeof chunk === 'string' ? this.handle.write(chunk, null, 'utf8') : this.handle.write(chunk);
    this.pending.catch(() => undefined); // surfaced by the next write or commit
  }

  /** Flushes and puts the file under its name; without `force`, never replaces a file created meanwhile. */
  async commit(): Promise<void> {
    await this.complete();
    await this.publish();
  }

  private completed = false;

  /** Flushes the file to the disk and closes it, still under its temporary name (the first half of {@link commit}). */
  async complete(): Promise<void> {
    if (this.completed) return;
    try {
      await this.pending;
      await this.handle.sync();
      await this.handle.close();
    } catch (err) {
      throw writeError(this.target, err);
    }
    this.completed = true;
  }

  /** Puts the completed file under its name (the second half of {@link commit}). */
  async publish(): Promise<void> {
    try {
      if (this.force) await rename(this.tmp, this.target);
      else await this.linkNoReplace();
    } catch (err) {
      throw writeError(this.target, err);
    }
    live.delete(this.tmp);
  }

  /**
   * Leaves the completed file under its temporary name, no longer removed on a signal, and returns
   * that name: for a file a journal entry already records, whose bytes must stay checkable.
   */
  keep(): string {
    live.delete(this.tmp);
    return this.tmp;
  }

  private async linkNoReplace(): Promise<void> {
    try {
      await link(this.tmp, this.target); // fails with EEXIST rather than replace
      await unlink(this.tmp);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        throw alreadyExists(this.target);
      }
      // File systems without hard links (FAT, some network shares): check, then rename.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
      if (existsSync(this.target)) {
        throw alreadyExists(this.target);
      }
      await rename(this.tmp, this.target);
    }
  }

  /** Closes and removes the temporary file; never hides the error that caused the abort. */
  async abort(): Promise<void> {
    await this.pending.catch(() => undefined);
    await this.handle.close().catch(() => undefined);
    await rm(this.tmp, { force: true }).catch(() => undefined);
    live.delete(this.tmp);
  }
}
