/**
 * For the tests of the independent checker in Python (`scripts/independent_check.py`, check.py in
 * a bundle, R4): runs it as an auditor does and collects its exit code and output.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { CliRun } from './run-cli';
import { ROOT } from './run-cli';

/** `python3 ARGS…` in `cwd` (the checkout unless given). */
export function python(args: readonly string[], cwd = ROOT): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The checker of the checkout on one export file. */
export const independentCheck = (file: string): Promise<CliRun> =>
  python([join(ROOT, 'scripts', 'independent_check.py'), file]);
