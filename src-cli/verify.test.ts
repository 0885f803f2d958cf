import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialBlock, refOf } from '@engine';
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

/**
 * The verifier reads official blocks only (a scenario table's export is refused at its header) and
 * what these tests check needs a whole block: the clean Les 3 Gongs export is made once, by the
 * command line, and read by the tests of our exports and of foreign blocks.
 */
const GONGS = { stakeCents: 100, seed: 5 } as const;
let gongsExport: Promise<{ file: string; code: number | null }> | null = null;
const exportedGongs = (): Promise<{ file: string; code: number | null }> =>
  (gongsExport ??= (async () => {
    const file = join(dir, 'gongs.jsonl');
    const stake = String(GONGS.stakeCents / 100);
    const r = await cli(
      'export',
      '--game',
      'les-3-gongs',
      '--stake',
      stake,
      '--seed',
      String(GONGS.seed),
      '--out',
      file,
    );
    return { file, code: r.code };
  })());

describe('verify: exit 0 conforming, 1 not conforming, 2 not an export', () => {
  // golden: placement tests and the counts row need a whole block reconciled with the official table
  it('a clean Les 3 Gongs export exits 0 and states the SHA-256 of the file; an altered line exits 1 with ref, field, expected, found; --out writes them as CSV', async () => {
    const { file, code } = await exportedGongs();
    expect(code).toBe(0);
    const ok = await cli('verify', file);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`sha256: ${await sha256(file)}`);
    expect(ok.stdout).toContain('verdict: CONFORMING');
    // the placement tests of the whole block, with the overall Holm verdict
    expect(ok.stdout).toMatch(/^placement tests: \d+ of \d+ tests fail alone at 1%/m);
    expect(ok.stdout).toMatch(/^placement: no finding \(block p .*; Holm over the block's tests, 1%\)$/m);
    const json = JSON.parse((await cli('verify', file, '--json')).stdout) as {
      placement: { ok: boolean; tests: { name: string; statistic: number; p: number; ok: boolean }[] };
      placement_finding: { finding: boolean; setSize: number };
    };
    expect(json.placement.ok).toBe(true);
    expect(json.placement_finding).toMatchObject({ finding: false, setSize: 1 });
    expect(json.placement.tests.map((t) => t.name)).toContain('segments');
    expect(Object.keys(json.placement.tests[0]!).sort()).toEqual(['name', 'ok', 'p', 'statistic', 'where']);

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
    const ref = refOf(officialBlock('les-3-gongs', GONGS.stakeCents, GONGS.seed), k - 1);
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
    expect(missing.stderr).toMatch(/^error: cannot read ".*nope\.jsonl": it does not exist\n$/);
    const usage = await cli('verify');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/expected an export file/);
  }, 120_000);
});

describe('verify: a foreign block, whose header names no generator of ours or no seed', () => {
  it('a fair foreign block exits 0 with its placement; winners shifted towards its first half are a finding to examine (exit 3), not a discrepancy', async () => {
    // a foreign block's counts are reconciled and its placement tested on a whole block only
    const ours = (await readFile((await exportedGongs()).file, 'utf8')).trimEnd().split('\n');
    const stake = (GONGS.stakeCents / 100).toFixed(2).replace('.', '\\.');
    const fair = join(dir, 'foreign.jsonl');
    // made once, for the fair file and the shifted one: each re-reads 300,000 JSON lines
    const foreignLines = foreignExportLines(ours);
    await writeFile(fair, `${foreignLines.join('\n')}\n`);
    const ok = await cli('verify', fair);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      new RegExp(`^block: les-3-gongs stake €${stake}, FOREIGN \\(jsonl, generator other-maker 3\\.2;`, 'm'),
    );
    expect(ok.stdout).toContain('regenerated from the seed: no (foreign block)');
    expect(ok.stdout).toMatch(/^placement: no finding/m);
    expect(ok.stdout).toContain('verdict: CONFORMING');
    const j = JSON.parse((await cli('verify', fair, '--json')).stdout) as {
      foreign: boolean;
      seed: number | null;
      placement: { ok: boolean; tests: { name: string; statistic: number; p: number; ok: boolean }[] };
    };
    expect(j).toMatchObject({ foreign: true, seed: null, placement: { ok: true } });
    expect(Object.keys(j.placement.tests[0]!).sort()).toEqual(['name', 'ok', 'p', 'statistic', 'where']);

    const shifted = join(dir, 'foreign-shifted.jsonl');
    await writeFile(shifted, `${shiftWinnersTowardsFirstHalf(foreignLines, 4).join('\n')}\n`);
    const bad = await cli('verify', shifted, '--json');
    expect(bad.code).toBe(3);
    const b = JSON.parse(bad.stdout) as {
      verdict: string;
      countsMatch: boolean;
      placement: { ok: boolean; tests: { name: string; ok: boolean }[] };
      placement_finding: { finding: boolean; test: string; where: { from: number; to: number } };
      discrepancies: { field: string; message: string }[];
    };
    // every lot and count is right: the block reconciles, and where its winners sit is a finding
    expect(b).toMatchObject({ verdict: 'conforming', countsMatch: true, placement: { ok: false } });
    expect(b.discrepancies).toEqual([]);
    expect(b.placement_finding.finding).toBe(true);
    const failed = b.placement.tests.filter((t) => !t.ok).map((t) => t.name);
    expect(failed).toContain('segments');
    const text = await cli('verify', shifted);
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/^verdict: CONFORMING$/m);
    expect(text.stdout).toMatch(
      new RegExp(
        `^placement: FINDING TO EXAMINE, not a reconciliation failure — test ${b.placement_finding.test} \\(p `,
        'm',
      ),
    );
    const fr = await cli('verify', shifted, '--lang', 'fr');
    expect(fr.stdout).toMatch(/^placement : CONSTAT À EXAMINER, pas un défaut de rapprochement — test /m);

    // both files together: Holm over the two blocks, said so; the finding stays, exit 3
    const both = await cli('verify', fair, shifted);
    expect(both.code).toBe(3);
    expect(both.stdout).toMatch(
      /^set: 2 files, 2 blocks with placement tested; Holm over these 2 blocks at 1% .*: 1 finding to examine$/m,
    );
    expect(both.stdout).toContain('Holm over the 2 blocks verified together, family-wise error ≤ 1%');
    const bothJson = JSON.parse((await cli('verify', fair, shifted, '--json')).stdout) as {
      files: { file: string; placement_finding: { finding: boolean; setSize: number } }[];
      set: { files: number; blocks_tested: number; findings: number; method: string };
    };
    expect(bothJson.set).toEqual({
      files: 2,
      same_bytes_as: [null, null],
      same_block_as: [null, null],
      blocks_tested: 2,
      alpha: 0.01,
      method: 'holm-over-blocks',
      findings: 1,
    });
    expect(bothJson.files.map((f) => f.placement_finding.finding)).toEqual([false, true]);
  }, 240_000);
});

describe('verify: a set is a set of distinct blocks', () => {
  it('the same file given twice is named and counted once in the set', async () => {
    const file = join(dir, 'header-only.jsonl');
    await writeFile(file, '{"game":"les-3-gongs"}\n');
    const twice = await cli('verify', file, file);
    expect(twice.code).toBe(2);
    const sha = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
    expect(twice.stdout).toContain(
      `"${file}": the same bytes as "${file}" (SHA-256 ${sha.slice(0, 16)}…): one block, counted once in the set\n`,
    );
    const json = JSON.parse((await cli('verify', file, file, '--json')).stdout) as {
      set: { files: number; same_bytes_as: (string | null)[] };
    };
    expect(json.set).toMatchObject({ files: 2, same_bytes_as: [null, file], same_block_as: [null, file] });
    // two different files are two
    const other = join(dir, 'header-only-2.jsonl');
    await writeFile(other, '{"game":"mine-d-or"}\n');
    const two = await cli('verify', file, other);
    expect(two.stdout).not.toContain('the same bytes as');
  });

  it('a copy of a block with other line ends is the same block: named, and counted once for Holm', async () => {
    const { file, code } = await exportedGongs();
    expect(code).toBe(0);
    const crlf = join(dir, 'gongs-crlf.jsonl');
    await writeFile(crlf, (await readFile(file, 'utf8')).replace(/\n/g, '\r\n'));
    const r = await cli('verify', file, crlf);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^"${crlf}": the same block as "${file}" \\(les-3-gongs €1\\.00 instant-lab-gen/2 seed 5; units' levels SHA-256 [0-9a-f]{16}…\\) in other bytes: one block, counted once in the set$`,
        'm',
      ),
    );
    expect(r.stdout).toMatch(/^set: 2 files, 1 block with placement tested; Holm over this 1 block at 1% /m);
    const json = JSON.parse((await cli('verify', file, crlf, '--json')).stdout) as {
      set: { same_bytes_as: (string | null)[]; same_block_as: (string | null)[]; blocks_tested: number };
    };
    expect(json.set).toMatchObject({ same_bytes_as: [null, null], same_block_as: [null, file], blocks_tested: 1 });
  }, 240_000);
});
