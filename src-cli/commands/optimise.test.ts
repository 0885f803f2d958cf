/**
 * `npm run optimise`: the table found is read back from its file and checked with the engine's
 * exact figures; bad flags exit 2 with one line, an impossible request exits 1 with its reason.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTable, officialTable, parseScenarioJson, scenarioTable } from '@engine';
import { cli } from '../test-support/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'instant-lab-optimise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('optimise', () => {
  it("Mine d'or at 1 €, --rtp 0.70 --hit-rate 0.22: RTP 70.000 % ± 0.01 pt, hit rate within 0.5 pt, official top prize", async () => {
    const out = join(dir, 'mine.json');
    const r = await cli(
      'optimise',
      '--game',
      'mine-d-or',
      '--stake',
      '1',
      '--rtp',
      '0.70',
      '--hit-rate',
      '0.22',
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const parsed = parseScenarioJson(readFileSync(out, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('; '));
    const a = analyseTable(scenarioTable(parsed.scenario));
    expect(Math.abs(a.rtp - 0.7)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs(a.hitRate - 0.22)).toBeLessThanOrEqual(0.005);
    const top = officialTable('mine-d-or', 100).levels[0]!;
    expect(parsed.scenario.levels[0]).toEqual({ prizeCents: top.prizeCents, lots: top.lots });
    expect(parsed.scenario).toMatchObject({ game: 'mine-d-or', stakeCents: 100, blockUnits: 1_000_000 });
    // the printed figures are the file's
    expect(r.stdout).toContain(`RTP ${(a.rtp * 100).toFixed(3)}%`);
    expect(r.stdout).toContain(`hit rate ${(a.hitRate * 100).toFixed(3)}%`);
    expect(r.stdout).toContain(`Wrote ${out}`);
  });

  it('refuses to replace a file without --force, replaces it with --force', async () => {
    const out = join(dir, 'exists.json');
    writeFileSync(out, 'keep me');
    const args = [
      'optimise',
      '--game',
      'les-3-gongs',
      '--stake',
      '0.5',
      '--rtp',
      '0.68..0.70',
      '--block-units',
      '1000',
      '--top-prize',
      '30',
      '--amounts',
      '15,5,3,1,0.5',
    ];
    const [refused, forced] = [await cli(...args, '--out', out), await cli(...args, '--out', out, '--force')];
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`error: "${out}" already exists: add --force to replace it (nothing was written)\n`);
    expect(forced.code).toBe(0);
    const parsed = parseScenarioJson(readFileSync(out, 'utf8'));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.scenario.blockUnits).toBe(1000);
  });

  it('bad flags: one line each, exit 2, nothing written', async () => {
    const out = join(dir, 'bad.json');
    const base = ['optimise', '--game', 'mine-d-or', '--stake', '0.5', '--out', out];
    const runs = await Promise.all([
      cli(...base, '--rtp', '0.80'),
      cli(...base, '--rtp', 'lots'),
      cli(...base, '--rtp', '0.7', '--add-amounts', '0.10'),
      cli('optimise', '--game', 'mine-d-or', '--stake', '0.5', '--rtp', '0.7'),
      cli(...base, '--rtp', '0.7', '--bounds', '20=abc'),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')).toHaveLength(2); // one line, then the final newline
    }
    expect(runs[0]!.stderr).toMatch(/^error: RTP 80\.000% is outside the legal band 65\.000%–75\.000%/);
    expect(runs[1]!.stderr).toMatch(/^error: --rtp "lots" is not valid: expected a share from 0 to 1/);
    expect(runs[2]!.stderr).toMatch(/^error: amount €0\.10: no combination of gains \(art\. 4\.4–4\.6, M4\)/);
    expect(runs[3]!.stderr).toMatch(/^error: --out is required: optimise --game/);
    expect(runs[4]!.stderr).toMatch(/^error: --bounds: "20=abc" is not valid: expected AMOUNT=MIN\.\.MAX/);
    expect(existsSync(out)).toBe(false);
  });

  it('no table: exit 1 with the reason found by relaxing, nothing written', async () => {
    const out = join(dir, 'none.json');
    const r = await cli(
      'optimise',
      '--game',
      'mine-d-or',
      '--stake',
      '0.5',
      '--rtp',
      '0.70',
      '--amounts',
      '1',
      '--bounds',
      '1=..1000',
      '--out',
      out,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no table meets these constraints (nothing was written):');
    expect(r.stderr).toContain(
      '  - with 1,000,000 units and these amounts, the RTP cannot exceed 1.700% (asked: at least 69.990%)',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('a hit rate a hair off a whole number of winners: no table claimed, the hit rate named, nothing written', async () => {
    const out = join(dir, 'hair.json');
    const base = ['optimise', '--game', 'mine-d-or', '--stake', '0.5', '--hit-tolerance', '0', '--out', out];
    const r = await cli(...base, '--rtp', '0.70', '--hit-rate', '0.1950000000005');
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('best table proved');
    expect(r.stderr).toContain(
      '  - the hit rate asked (19.50000000005%) is no whole number of winning units out of 1,000,000: the nearest are 19.500% (195,000 units) and 19.5001% (195,001 units)',
    );
    const range = await cli(...base, '--rtp', '0.65..0.75', '--hit-rate', '0.2702452');
    expect(range.code).toBe(1);
    expect(range.stderr).toContain('the hit rate asked (27.02452%)');
    expect(range.stderr).not.toContain('RTP asked');
    expect(existsSync(out)).toBe(false);
  });
});
