import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, cliBrokenStdout } from './test-support/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'il-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const empty = join(dir, 'empty.jsonl');
writeFileSync(empty, '');

/** Commands whose output goes to stdout, each small enough to run in a few seconds. */
const COMMANDS: Record<string, string[]> = {
  usage: ['--help'],
  simulate: ['simulate', '--game', 'les-3-gongs', '--stake', '0.5', '--seed', '1', '--workers', '1'],
  replay: ['replay', 'GONG-050-0000001-0007-V2-C4'],
  verify: ['verify', empty],
  calibrate: ['calibrate', '--game', 'les-3-gongs', '--shuffles', '2', '--blocks', '0', '--power', '0', '--sales', '0'],
  profile: ['profile', '--game', 'les-3-gongs', '--blocks', '1', '--top', '1'],
};

describe('standard output faults: one line or nothing, never a stack trace', () => {
  it.each(Object.entries(COMMANDS))('%s: a closed pipe ends quietly with exit code 0', async (_, args) => {
    const r = await cliBrokenStdout('closed-pipe', ...args);
    expect(r.stderr).not.toMatch(/at |internal error|EPIPE/);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it.each(Object.entries(COMMANDS))('%s: a full disk is one line on stderr and exit code 2', async (_, args) => {
    const r = await cliBrokenStdout('full-disk', ...args);
    expect(r.stderr).toBe(
      'error: cannot write the standard output: no space left on the device (ENOSPC); the output is incomplete\n',
    );
    expect(r.code).toBe(2);
  });

  it('`simulate … | head -1` prints its first line and nothing on stderr', async () => {
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
      execFile(
        'sh',
        ['-c', `node scripts/cli.mjs ${COMMANDS.simulate!.join(' ')} | head -1`],
        { cwd: ROOT },
        (err, stdout, stderr) => (err ? reject(err) : resolve({ stdout, stderr })),
      ),
    );
    expect(stdout.split('\n')).toHaveLength(2);
    // the header counts with their plural, never « block(s) »
    expect(stdout).toMatch(/ · 1 block · 1 worker\n$/);
    expect(stderr).toBe('');
  });
});
