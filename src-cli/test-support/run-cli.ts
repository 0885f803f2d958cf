/**
 * For the command line's tests: runs `src-cli/main.ts` in a child process, as a user runs
 * `npm run <command> -- …`, and collects its exit code and output.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';

/** The project's folder. */
export const ROOT = join(import.meta.dirname, '..', '..');
/** The project's tsx, as `npx tsx` runs it, without npx's lookup on every call. */
export const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command line with `args` from the project's folder. */
export function cli(...args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['src-cli/main.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
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
