import { describe, expect, it } from 'vitest';
import { cli } from '../test-support/run-cli';

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
    // five whole-block tests, eight levels of 5 lots or more, the rare lot, periodicity, periodogram, scales
    expect(out.runs[0]!.rows).toHaveLength(17);
    expect(out.runs[0]!.rows.map((x) => x.key).slice(13)).toEqual(['rareLots', 'periodicity', 'spectral', 'scales']);
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
