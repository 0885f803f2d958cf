import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'il-signal-'));
/** The command's process, ended here should the test fail while it runs. */
let started = 0;
afterAll(() => {
  if (started > 0 && alive(started)) process.kill(started, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether process `pid` still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run export, cancelled through npm', () => {
  it.skipIf(process.platform === 'win32')(
    'SIGTERM to npm stops the command: its temporary file removed, no target afterwards',
    async () => {
      const target = join(dir, 'block.jsonl');
      const npm = spawn(
        'npm',
        ['run', '--silent', 'export', '--', '--game', 'mine-d-or', '--stake', '1', '--seed', '3', '--out', target],
        { cwd: ROOT, stdio: 'ignore' },
      );
      // the command has started writing when its temporary file (named with its pid) appears
      let partial: string | undefined;
      for (let t = 0; t < 400 && partial === undefined; t++) {
        await sleep(100);
        partial = readdirSync(dir).find((n) => n.endsWith('.partial'));
      }
      expect(partial, 'the export started').toBeDefined();
      const pid = Number(/\.(\d+)\.partial$/.exec(partial!)![1]);
      started = pid;
      npm.kill('SIGTERM');
      for (let t = 0; t < 100 && alive(pid); t++) await sleep(100);
      expect(alive(pid), 'the node process ended within 10 s').toBe(false);
      // had it gone on, the whole block (about 10 s of work) would land here
      await sleep(3000);
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    },
    90_000,
  );
});
