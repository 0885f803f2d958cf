/**
 * For the command line's tests: runs a command line as a user runs `npm run <command> -- …` and
 * collects its exit code and output.
 *
 * - {@link cli} calls the same entry the binary runs (`runCli`) in this process, its standard
 *   output and error captured: most of the command line's behaviour does not depend on being a
 *   process, and a process costs a TypeScript start-up on every call.
 * - {@link cliBrokenStdout} starts a real process, for what only a process has: pipes and a full
 *   disk.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../cli';

/** The project's folder. */
export const ROOT = join(import.meta.dirname, '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

type Write = typeof process.stdout.write;

/** A stream's `write` that appends to `sink` instead, as a stream would accept it. */
function capture(sink: { text: string }): Write {
  return ((chunk: string | Uint8Array, encoding?: unknown, cb?: unknown): boolean => {
    sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as Write;
}

/** The run before the next one: runs share the process's standard streams, so they take turns. */
let previous: Promise<unknown> = Promise.resolve();

/**
 * Runs the command line with `args` in this process, from the project's folder, as `main.ts` does.
 * Runs started together take turns (the standard streams are the process's own).
 */
export function cli(...args: string[]): Promise<CliRun> {
  const run = previous.then(() => runCaptured(args));
  previous = run.catch(() => undefined);
  return run;
}

async function runCaptured(args: readonly string[]): Promise<CliRun> {
  if (process.cwd() !== ROOT) throw new Error(`cli(): the tests run from ${ROOT}, not ${process.cwd()}`);
  const out = { text: '' };
  const err = { text: '' };
  const { stdout, stderr } = process;
  const [outWrite, errWrite] = [stdout.write, stderr.write];
  stdout.write = capture(out);
  stderr.write = capture(err);
  try {
    const code = await runCli(args);
    return { code, stdout: out.text, stderr: err.text };
  } finally {
    stdout.write = outWrite;
    stderr.write = errWrite;
  }
}

/** How a run's standard output ends: a pipe closed before anything is read, or a full disk (`/dev/full`). */
export type BrokenStdout = 'closed-pipe' | 'full-disk';

/**
 * Runs the command line's bundle (`node scripts/cli.mjs`, as `npm run` does) with a standard
 * output that fails: its exit code and stderr.
 */
export function cliBrokenStdout(stdout: BrokenStdout, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const out = stdout === 'full-disk' ? openSync('/dev/full', 'w') : 'pipe';
    const child = spawn(process.execPath, ['scripts/cli.mjs', ...args], { cwd: ROOT, stdio: ['ignore', out, 'pipe'] });
    if (typeof out === 'number') closeSync(out);
    // the reader is gone before the first line: every write gets EPIPE
    child.stdout?.destroy();
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: '', stderr }));
  });
}
