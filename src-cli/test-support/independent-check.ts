/**
 * For the export tests: runs the independent checker in Python (`scripts/independent_check.py`,
 * R4) on an export file, as an auditor runs it, and collects its exit code and output.
 */
import { spawn } from 'node:child_process';
import type { CliRun } from './run-cli';
import { ROOT } from './run-cli';

export function independentCheck(file: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['scripts/independent_check.py', file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
