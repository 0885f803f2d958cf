import { describe, expect, it } from 'vitest';
import { cli } from '../test-support/run-cli';
import { notCalibratedText } from './calibrate';

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
    // five whole-block tests, eight levels of 5 lots or more, the spacing of the seven of 20 lots or more,
    // the rare lot, periodicity, periodogram, scales
    expect(out.runs[0]!.rows).toHaveLength(24);
    expect(out.runs[0]!.rows.map((x) => x.key).slice(13, 20)).toEqual(
      [2, 3, 4, 5, 6, 7, 8].map((l) => `levelRegularity:${l}`),
    );
    expect(out.runs[0]!.rows.map((x) => x.key).slice(20)).toEqual(['rareLots', 'periodicity', 'spectral', 'scales']);
    for (const row of out.runs[0]!.rows) expect(row.trials).toBe(20);
    // the same blocks are one emission of 20, its checks across blocks counted
    expect((out.runs[0] as unknown as { emissions20: unknown }).emissions20).toEqual({
      sets: 1,
      placement: 0,
      reuse: 0,
      either: 0,
    });
  });

  it('the power table has the reuse rows, each said in its legend', async () => {
    const r = await cli(
      'calibrate',
      ...['--game', 'les-3-gongs', '--shuffles', '0', '--blocks', '0', '--power', '1', '--sales', '0'],
      ...['--strength', '0.1'],
    );
    expect(r.code).toBe(0);
    // a tenth of the winners moved: the reused pair caught
    expect(r.stdout).toMatch(/^reused-shifted +0\.10 +1\/1 .* winnersReused 1$/m);
    expect(r.stdout).toMatch(/^reused-mirrored +0\.10 +1\/1 .* winnersReused 1$/m);
    expect(r.stdout).toContain("  reused-mirrored: a second block is the first's winners read backwards and shifted");
    expect(r.stdout).toContain("(reused-*: the pair caught when its p-value is at most 0.5% / 190, Holm's threshold");
  });

  it('bad input says what is wrong and what is expected', async () => {
    const bad = await cli('calibrate', '--shuffles', 'many');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'error: --shuffles "many" is not valid: expected a whole number from 0 to 1000000 (digits only)\n',
    );
    const game = await cli('calibrate', '--game', 'poker');
    expect(game.code).toBe(2);
    expect(game.stderr).toBe('error: --game "poker" is not valid: expected mine-d-or or les-3-gongs\n');
    const strength = await cli('calibrate', '--strength', '2');
    expect(strength.stderr).toBe(
      'error: --strength "2" is out of range: expected a number above 0 and at most 1 (digits and a decimal point)\n',
    );
  });

  it('refuses empty counts, hexadecimal, exponents, signs and spaces, one line each', async () => {
    const empty = await cli('calibrate', '--shuffles', '', '--blocks', '', '--power', '', '--sales', '');
    expect(empty.code).toBe(2);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toBe(
      'error: --shuffles "" is empty: expected a whole number from 0 to 1000000 (digits only)\n',
    );
    // the other shapes (1e3, +1, 1.0, a trailing space) are the engine's reader's own tests
    for (const text of ['0x10', ' 5']) {
      const r = await cli('calibrate', '--game', 'les-3-gongs', '--blocks', text);
      expect(r.code, text).toBe(2);
      expect(r.stdout, text).toBe('');
      expect(r.stderr, text).toMatch(/^error: --blocks ".*" (is not valid|has a space before or after it): expected/);
    }
  });

  it('measuring nothing is refused, and a run without a false-failure rate never says « calibrated »', async () => {
    const none = await cli('calibrate', '--shuffles', '0', '--blocks', '0', '--power', '0', '--sales', '0');
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'error: --shuffles, --blocks, --power and --sales are all 0: nothing would be measured; give at least one above 0\n',
    );
    const sales = await cli(
      'calibrate',
      '--game',
      'les-3-gongs',
      '--shuffles',
      '0',
      '--blocks',
      '0',
      '--power',
      '0',
      '--sales',
      '2',
    );
    expect(sales.code).toBe(0);
    expect(sales.stdout).not.toContain('every test is calibrated');
    expect(sales.stdout).toContain('calibration not checked');
  });

  it('refuses at once a run whose estimate passes half an hour', async () => {
    const t = Date.now();
    const r = await cli('calibrate', '--shuffles', '1000000');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: this calibration would take about \d+ min of one core: at most 30 min is run;/);
    expect(Date.now() - t).toBeLessThan(20_000);
  });

  it('a rate outside its interval is a finding naming the test and the chance of one among so many intervals', () => {
    expect(notCalibratedText(['les-3-gongs levelPositions:4'], 24, 'en')).toBe(
      'finding: les-3-gongs levelPositions:4 outside its 99% interval; with 24 intervals at 99%, 21% of runs of fair tests have one outside by chance: measure again with another --seed before calling a test biased',
    );
    expect(notCalibratedText(['mine-d-or runs', 'mine-d-or gaps'], 48, 'fr')).toMatch(
      /^constat : mine-d-or runs, mine-d-or gaps hors de son intervalle à 99 % ; avec 48 intervalles à 99 %, 38 % des mesures/,
    );
  });
});
