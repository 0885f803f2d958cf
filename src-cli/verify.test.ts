import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '../src-engine/index';
import { foreignExportLines, shiftWinnersTowardsFirstHalf } from '../src-engine/import/foreign-block.fixture';
import { cli } from './test-support/run-cli';

const sha256 = async (file: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-verify-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('verify: exit 0 conforming, 1 not conforming, 2 not an export (issue 13)', () => {
  it('a clean Les 3 Gongs export exits 0 and states the SHA-256 of the file; an altered line exits 1 with ref, field, expected, found; --out writes them as CSV', async () => {
    const file = join(dir, 'gongs.jsonl');
    expect((await cli('export', '--game', 'les-3-gongs', '--stake', '1', '--seed', '5', '--out', file)).code).toBe(0);
    const ok = await cli('verify', file);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`sha256: ${await sha256(file)}`);
    expect(ok.stdout).toContain('verdict: CONFORMING');
    // the placement tests of the whole block, with the overall Holm verdict (issue 14)
    expect(ok.stdout).toMatch(/^placement tests: pass \(Holm–Bonferroni at 1 %\); \d+ of \d+ tests fail alone at 1 %/m);
    const json = JSON.parse((await cli('verify', file, '--json')).stdout) as {
      placement: { ok: boolean; tests: { name: string; statistic: number; p: number; ok: boolean }[] };
    };
    expect(json.placement.ok).toBe(true);
    expect(json.placement.tests.map((t) => t.name)).toContain('segments');
    expect(Object.keys(json.placement.tests[0]!).sort()).toEqual(['name', 'ok', 'p', 'statistic']);

    const lines = (await readFile(file, 'utf8')).split('\n');
    const k = lines.findIndex((l, i) => i > 0 && l.includes('"prize_cents":0,'));
    lines[k] = lines[k]!.replace('"prize_cents":0,', '"prize_cents":600,');
    const bad = join(dir, 'bad.jsonl');
    await writeFile(bad, lines.join('\n'));
    const csv = join(dir, 'discrepancies.csv');
    const r = await cli('verify', bad, '--json', '--out', csv);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout) as {
      sha256: string;
      verdict: string;
      discrepancies: { line: number; ref: string; field: string; expected: string; found: string }[];
    };
    expect(j.sha256).toBe(await sha256(bad));
    expect(j.verdict).toBe('not-conforming');
    const ref = refOf(officialBlock('les-3-gongs', 100, 5), k - 1);
    expect(j.discrepancies[0]).toMatchObject({ line: k + 1, ref, field: 'prize_cents', expected: '0', found: '600' });
    const rows = Papa.parse<Record<string, string>>(await readFile(csv, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(rows.data[0]).toMatchObject({ line: String(k + 1), ref, field: 'prize_cents', expected: '0', found: '600' });
    // the lot count no longer matches the table: also a row, with the official and the found count
    expect(
      rows.data.some((d) => d.message?.startsWith('lots of €6.00') && d.expected === '4000' && d.found === '4001'),
    ).toBe(true);
    // --out never replaces a file without --force
    const again = await cli('verify', bad, '--out', csv);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists: add --force/);
  }, 240_000);

  it("a clean Mine d'or CSV export exits 0", async () => {
    const file = join(dir, 'mine.csv');
    expect((await cli('export', '--game', 'mine-d-or', '--stake', '0.5', '--seed', '3', '--out', file)).code).toBe(0);
    const ok = await cli('verify', file, '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ verdict: 'conforming', game: 'mine-d-or', unitsVerified: 1_000_000 });
  }, 400_000);

  it('an empty file, a header-only file and a pretty-printed JSON file exit 2 with the reason', async () => {
    const header = JSON.stringify({
      game: 'les-3-gongs',
      stake_cents: 50,
      seed: 1,
      generator: 'instant-lab-gen/1',
      units: 300000,
    });
    const cases: [string, string, RegExp][] = [
      ['empty.jsonl', '', /the file is empty/],
      ['header.jsonl', `${header}\n`, /no unit line/],
      ['pretty.json', `${JSON.stringify(JSON.parse(header), null, 2)}\n`, /not a JSON object on one line/],
    ];
    for (const [name, text, reason] of cases) {
      const file = join(dir, name);
      await writeFile(file, text);
      const r = await cli('verify', file);
      expect(r.code, name).toBe(2);
      expect(r.stdout, name).toMatch(/verdict: NOT AN EXPORT: /);
      expect(r.stdout, name).toMatch(reason);
    }
    const missing = await cli('verify', join(dir, 'nope.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: cannot read ".*nope\.jsonl": no such file\n$/);
    const usage = await cli('verify');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/expected one export file/);
  }, 120_000);
});

describe('verify: a foreign block, whose header names no generator of ours or no seed (issue 14, item 3)', () => {
  it('a fair foreign block exits 0 with its placement; winners shifted towards its first half exit 1 naming the tests', async () => {
    const spec = officialBlock('les-3-gongs', 200, 77);
    const ours = [jsonlHeader(spec)];
    iterateUnits(spec, 0, spec.table.blockUnits, (i, prize, view) =>
      ours.push(jsonlUnit(i, refOf(spec, i), prize, view)),
    );
    const fair = join(dir, 'foreign.jsonl');
    await writeFile(fair, `${foreignExportLines(ours).join('\n')}\n`);
    const ok = await cli('verify', fair);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^block: les-3-gongs stake €2\.00, FOREIGN \(jsonl, generator other-maker 3\.2;/m);
    expect(ok.stdout).toContain('regenerated from the seed: no (foreign block)');
    expect(ok.stdout).toMatch(/^placement tests: pass \(Holm–Bonferroni at 1 %\)/m);
    expect(ok.stdout).toContain('verdict: CONFORMING');
    const j = JSON.parse((await cli('verify', fair, '--json')).stdout) as {
      foreign: boolean;
      seed: number | null;
      placement: { ok: boolean; tests: { name: string; statistic: number; p: number; ok: boolean }[] };
    };
    expect(j).toMatchObject({ foreign: true, seed: null, placement: { ok: true } });
    expect(Object.keys(j.placement.tests[0]!).sort()).toEqual(['name', 'ok', 'p', 'statistic']);

    const shifted = join(dir, 'foreign-shifted.jsonl');
    await writeFile(shifted, `${shiftWinnersTowardsFirstHalf(foreignExportLines(ours), 4).join('\n')}\n`);
    const bad = await cli('verify', shifted, '--json');
    expect(bad.code).toBe(1);
    const b = JSON.parse(bad.stdout) as {
      verdict: string;
      countsMatch: boolean;
      placement: { ok: boolean; tests: { name: string; ok: boolean }[] };
      discrepancies: { field: string; message: string }[];
    };
    expect(b).toMatchObject({ verdict: 'not-conforming', countsMatch: true, placement: { ok: false } });
    const failed = b.placement.tests.filter((t) => !t.ok).map((t) => t.name);
    expect(failed).toContain('segments');
    expect(b.discrepancies).toEqual([
      expect.objectContaining({ field: 'placement', message: expect.stringContaining(failed.join(', ')) as string }),
    ]);
    const text = await cli('verify', shifted);
    expect(text.stdout).toContain(`placement tests: FAIL (Holm–Bonferroni at 1 %); ${failed.length} of`);
    expect(text.stdout).toMatch(/^verdict: NOT CONFORMING \(1 discrepancies\)$/m);
    expect(text.stdout).toContain(
      `foreign block: the placement tests reject it (Holm–Bonferroni at 1 %); failing alone at 1 %: ${failed.join(', ')}`,
    );
  }, 240_000);
});
