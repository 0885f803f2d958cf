/**
 * Atomic file output for the command line: written to a temporary file beside the target, then
 * renamed, so a failed or interrupted export never leaves a file that looks complete.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { once } from 'node:events';
import { InputError } from '../src-engine/index';

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

/** A file-system error as a user error naming the file the user asked for, not the temporary one. */
function asUserError(target: string, err: unknown): unknown {
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  const reason = REASONS[code];
  return reason ? new InputError(`cannot write "${target}": ${reason} (nothing was written)`) : err;
}

export class AtomicWriter {
  private readonly tmp: string;
  private readonly stream;

  constructor(readonly target: string) {
    this.tmp = join(dirname(target), `.${basename(target)}.partial-${process.pid}-${Date.now()}`);
    this.stream = createWriteStream(this.tmp, { flags: 'wx' });
  }

  /** Writes a chunk, waiting when the stream's buffer is full (constant memory). */
  async write(chunk: string): Promise<void> {
    try {
      if (!this.stream.write(chunk)) await once(this.stream, 'drain');
    } catch (err) {
      throw asUserError(this.target, err);
    }
  }

  async commit(): Promise<void> {
    try {
      await new Promise<void>((resolve, reject) =>
        this.stream.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      await rename(this.tmp, this.target);
    } catch (err) {
      throw asUserError(this.target, err);
    }
  }

  async abort(): Promise<void> {
    this.stream.destroy();
    // Never let a failed clean-up (ENOTDIR when the folder is a file) hide the error that caused it.
    await rm(this.tmp, { force: true }).catch(() => undefined);
  }
}
