import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
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

interface Row {
  key: string;
  trials: number;
  rejections: number;
  calibrated: boolean;
}

describe('calibrate command', () => {
  it('--json: every test of a few Les 3 Gongs shuffles, with its interval and verdict', async () => {
    const r = await cli(
      'calibrate',
      '--game',
      'les-3-gongs',
      '--shuffles',
      '20',
      '--blocks',
      '0',
      '--power',
      '0',
      '--sales',
      '0',
      '--json',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { calibrated: boolean; runs: { rows: Row[]; overall: Row }[] };
    expect(out.calibrated).toBe(true);
    expect(out.runs).toHaveLength(1);
    expect(out.runs[0]!.rows.map((x) => x.key).slice(0, 5)).toEqual([
      'segments',
      'runs',
      'serial',
      'gaps',
      'longestRun',
    ]);
    expect(out.runs[0]!.rows).toHaveLength(13);
    for (const row of out.runs[0]!.rows) expect(row.trials).toBe(20);
  });

  it('bad input says what is wrong and what is expected', async () => {
    const bad = await cli('calibrate', '--shuffles', 'many');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: --shuffles "many" is not valid: expected a whole number from 0 to 1000000\n');
    const game = await cli('calibrate', '--game', 'poker');
    expect(game.code).toBe(2);
    expect(game.stderr).toBe('error: --game "poker" is not valid: expected mine-d-or or les-3-gongs\n');
    const strength = await cli('calibrate', '--strength', '2');
    expect(strength.stderr).toBe('error: --strength "2" is not valid: expected a share above 0 and at most 1\n');
  });
});
