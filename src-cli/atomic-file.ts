/**
 * Atomic file output for the command line: written to a temporary file beside the target, then
 * renamed, so a failed or interrupted export never leaves a file that looks complete.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { once } from 'node:events';

export class AtomicWriter {
  private readonly tmp: string;
  private readonly stream;

  constructor(readonly target: string) {
    this.tmp = join(dirname(target), `.${basename(target)}.partial-${process.pid}-${Date.now()}`);
    this.stream = createWriteStream(this.tmp, { flags: 'wx' });
  }

  /** Writes a chunk, waiting when the stream's buffer is full (constant memory). */
  async write(chunk: string): Promise<void> {
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async commit(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.stream.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
    await rename(this.tmp, this.target);
  }

  async abort(): Promise<void> {
    this.stream.destroy();
    // Never let a failed clean-up (ENOTDIR when the folder is a file) hide the error that caused it.
    await rm(this.tmp, { force: true }).catch(() => undefined);
  }
}
