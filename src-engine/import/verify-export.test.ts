import { describe, expect, it } from 'vitest';
import { csvColumns, csvRow, csvText, iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '../index';
import type { BlockSpec } from '../index';
import { ExportVerifier, verifyExportText } from './verify-export';
import { foreignExportLines, shiftWinnersTowardsFirstHalf } from './foreign-block.fixture';
import { findingText, findingsOverSet } from '../stats/placement-finding';

function jsonlExport(spec: BlockSpec): string[] {
  const lines = [jsonlHeader(spec)];
  iterateUnits(spec, 0, spec.table.blockUnits, (i, prize, view) =>
    lines.push(jsonlUnit(i, refOf(spec, i), prize, view)),
  );
  return lines;
}

/**
 * The verifier reads official blocks only (a scenario table's export is refused at its header), so
 * the tests share one official Les 3 Gongs block, made once. A test whose behaviour needs a whole
 * block (a conforming verdict, counts reconciled with the table, placement tests) verifies all of
 * it; one about a single line reads only the block's first units ({@link head}): the discrepancy
 * is the same, and the truncation is reported after it.
 */
const gongs = officialBlock('les-3-gongs', 50, 42);
const good = jsonlExport(gongs);
/** The header and the first 2,000 units of {@link good}. */
const head = good.slice(0, 2001);
const text = (lines: string[]): string => `${lines.join('\n')}\n`;

/** A value computed on first use and then shared by the tests that read it. */
function once<T>(make: () => T): () => T {
  let value: { v: T } | null = null;
  return () => (value ??= { v: make() }).v;
}

/** The first losing unit's line of `lines` (after the header). */
const firstLoser = (lines: readonly string[]): number =>
  lines.findIndex((l, i) => i > 0 && l.includes('"prize_cents":0,'));

/** The whole block with its first losing unit saying it wins €3.00, and its verdict (shared). */
const alteredLot = once(() => {
  const lines = [...good];
  const k = firstLoser(lines);
  lines[k] = lines[k]!.replace('"prize_cents":0,', '"prize_cents":300,');
  return { k, r: verifyExportText(text(lines)) };
});
/** The whole block's verdict, read as one text (shared). */
const goodVerdict = once(() => verifyExportText(text(good)));
/** The whole block made foreign (no generator, seed or references) and its verdict (shared). */
const foreignGood = once(() => foreignExportLines(good));
const foreignVerdict = once(() => verifyExportText(text(foreignGood())));

describe('verify a block export', () => {
  // golden: a whole official block, its counts and paid total reconciled with the official table
  it('a complete JSONL export passes, fed in odd-sized chunks, counts reconciled with the table', () => {
    const v = new ExportVerifier();
    const all = text(good);
    for (let i = 0; i < all.length; i += 65_537) v.feed(all.slice(i, i + 65_537));
    const r = v.finish();
    expect(r.discrepancies).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.complete).toBe(true);
    expect(r.countsMatch).toBe(true);
    expect(r.unitsVerified).toBe(300_000);
    expect(r.regenerated).toBe(300_000);
    expect(r.paidCents).toBe(10_499_000);
    expect(r.counts[0]).toEqual({ prizeCents: 300_000, official: 1, found: 1 });
  });

  // golden: the CSV reader over a whole official block, to its conforming verdict
  it('a complete CSV export passes', () => {
    const rows: (string | number)[][] = [];
    iterateUnits(gongs, 0, gongs.table.blockUnits, (i, prize, view) =>
      rows.push(csvRow(i, refOf(gongs, i), prize, view)),
    );
    const r = verifyExportText(csvText(rows, csvColumns('les-3-gongs')));
    expect(r.discrepancies).toEqual([]);
    expect(r.format).toBe('csv');
    expect(r.ok).toBe(true);
  });

  it('one altered lot is named by its line, and the counts no longer match the table', () => {
    // the counts are reconciled on a whole block only
    const { k, r } = alteredLot();
    expect(r.ok).toBe(false);
    expect(r.discrepancies[0]!.line).toBe(k + 1);
    expect(r.discrepancies[0]!.message).toMatch(
      new RegExp(`^line ${k + 1}: field "prize_cents": says €3\\.00, but what the unit shows wins €0\\.00`),
    );
    expect(r.countsMatch).toBe(false);
    expect(
      r.discrepancies.some((d) => d.message.startsWith('lots of €3.00: the table has 4,000 (art. 3), the file 4,001')),
    ).toBe(true);
  });

  it('a discrepancy names the unit reference, the field, the expected and the found value', () => {
    const lines = [...head];
    const k = firstLoser(lines);
    lines[k] = lines[k]!.replace('"prize_cents":0,', '"prize_cents":300,');
    const d = verifyExportText(text(lines)).discrepancies[0]!;
    expect(d).toMatchObject({ line: k + 1, index: k - 1, field: 'prize_cents', expected: '0', found: '300' });
    expect(d.ref).toBe(refOf(gongs, k - 1));
    // a symbol changed so that the lot still matches: the regenerated unit gives the expected value (R1)
    const m = [...head];
    const j = m.findIndex((l, i) => i > 0 && l.includes('"prize_cents":0,') && l.includes('"fan"'));
    const o = JSON.parse(m[j]!) as { gongs: string[] };
    const g = o.gongs.indexOf('fan');
    const swapped = [...o.gongs];
    swapped[g] = 'lantern';
    const altered = JSON.parse(m[j]!) as Record<string, unknown>;
    altered.gongs = swapped;
    m[j] = JSON.stringify(altered);
    const r = verifyExportText(text(m));
    const dj = r.discrepancies.find((x) => x.line === j + 1)!;
    expect(dj.field).toBe('gongs');
    expect(dj.ref).toBe(refOf(gongs, j - 1));
    expect(JSON.parse(dj.expected!)).toEqual(o.gongs);
    expect(JSON.parse(dj.found!)).toEqual(swapped);
  });

  it('a Mine d’or grid with 8 cells, a bad reference and a skipped index get precise messages', () => {
    const mine = officialBlock('mine-d-or', 100, 3);
    const lines = [jsonlHeader(mine)];
    iterateUnits(mine, 0, 20, (i, prize, view) => lines.push(jsonlUnit(i, refOf(mine, i), prize, view)));
    const u11 = JSON.parse(lines[12]!) as { main: string[] };
    u11.main.pop();
    lines[12] = JSON.stringify(u11);
    lines[5] = lines[5]!.replace(
      /"ref":"([^"]+)"/,
      (_m, ref: string) => `"ref":"${ref.slice(0, -1)}${ref.endsWith('0') ? '1' : '0'}"`,
    );
    lines.splice(15, 1); // unit 14 is missing
    const r = verifyExportText(text(lines));
    const msgs = r.discrepancies.map((d) => d.message);
    expect(msgs).toContain('line 13: field "main": expected 9 symbol ids, got 8');
    expect(msgs.some((m) => m.startsWith('line 6: field "ref": the check characters'))).toBe(true);
    expect(msgs).toContain('line 16: field "index": expected 14 (indexes run 0, 1, 2, … in order), got 15');
    expect(msgs.at(-1)).toMatch(/^the file ends after 20 units \(last index 19\): a block has 1,000,000 units/);
  });

  it('a truncated file is reported, including a last line cut in the middle', () => {
    const all = text(good.slice(0, 1001));
    const r = verifyExportText(all.slice(0, -30));
    expect(r.ok).toBe(false);
    expect(r.complete).toBe(false);
    const msgs = r.discrepancies.map((d) => d.message);
    expect(msgs.some((m) => /^line 1001: not valid JSON/.test(m))).toBe(true);
    expect(msgs).toContain('line 1001: the file ends without a line end: it may have been cut short');
    expect(msgs.at(-1)).toMatch(/the file ends after 1,000 units.*truncated/);
  });

  it('never throws: empty file, binary garbage, wrong game, wrong header, huge line, unit edited to garbage', () => {
    expect(verifyExportText('').discrepancies[0]!.message).toBe(
      'the file is empty: expected a JSONL or CSV export of a block',
    );
    const bin = String.fromCharCode(...Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
    const rb = verifyExportText(bin);
    expect(rb.ok).toBe(false);
    expect(rb.discrepancies[0]!.message).toMatch(/^line 1: (holds binary data|header)/);
    const wrong = verifyExportText(
      '{"game":"poker","stake_cents":50,"seed":1,"generator":"instant-lab-gen/1","units":3}\n{}\n',
    );
    expect(wrong.discrepancies[0]!.message).toBe(
      'line 1: header: field "game": expected "mine-d-or" or "les-3-gongs", got "poker"',
    );
    expect(verifyExportText('a,b,c\n1,2,3\n').discrepancies[0]!.message).toMatch(
      /^line 1: header: expected a JSONL header/,
    );
    const huge = verifyExportText(`${good[0]}\n${'x'.repeat(200_000)}\n${good[1]}\n`);
    expect(huge.discrepancies[0]!.message).toMatch(/^line 2: longer than 65,536 characters/);
    const lines = [...good.slice(0, 4)];
    lines[2] = '{"index":1,"ref":42}';
    lines[3] = '[1,2';
    const g = verifyExportText(text(lines));
    expect(g.discrepancies.map((d) => d.message).slice(0, 2)).toEqual([
      'line 3: field "ref": expected a unit reference (text), got 42',
      expect.stringMatching(/^line 4: not valid JSON/),
    ]);
    const many = verifyExportText(text([good[0]!, ...Array.from({ length: 500 }, () => 'nonsense')]));
    expect(many.discrepancies.length).toBe(100);
    expect(many.discrepancyCount).toBeGreaterThan(500);
  });

  it('a unit swapped for another valid one is caught by regeneration from the seed', () => {
    const lines = [...head];
    // Unit 1's presentation moved to index 2 with its own ref and prize kept: the evaluator alone
    // cannot see it when both lots are equal, the generator can.
    const a = JSON.parse(lines[2]!) as Record<string, unknown>;
    const b = JSON.parse(lines[3]!) as Record<string, unknown>;
    if (a.prize_cents === b.prize_cents && JSON.stringify(a.gongs) !== JSON.stringify(b.gongs)) {
      lines[3] = JSON.stringify({ ...b, gongs: a.gongs, bonus_cents: a.bonus_cents });
      const r = verifyExportText(text(lines));
      expect(r.discrepancies[0]!.message).toBe(
        'line 4: field "gongs": differs from unit 2 regenerated from the block\'s seed (R1)',
      );
    } else {
      expect.unreachable('units 1 and 2 of seed 42 should both lose with different gongs');
    }
  });
});

describe('generator versions and M6 readings (R5)', () => {
  it('R5: a version-1 export still conforms, and so does a version-2 one; an unknown version is named', () => {
    // conforming is a whole block's verdict: the version-1 block is verified whole
    const v1 = officialBlock('les-3-gongs', 100, 9, 1);
    const lines = jsonlExport(v1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ generator: 'instant-lab-gen/1' });
    const r1 = verifyExportText(text(lines));
    expect(r1.discrepancies).toEqual([]);
    expect(r1.ok).toBe(true);
    expect(JSON.parse(good[0]!)).toMatchObject({ generator: 'instant-lab-gen/2' });
    const v3 = verifyExportText(text([lines[0]!.replace('gen/1', 'gen/3'), ...lines.slice(1, 3)]));
    expect(v3.discrepancies[0]!.message).toBe(
      'line 1: header: field "generator": names version 3 of our generator: expected 1 or 2 (R5)',
    );
    // a version-1 file relabelled as version 2 is another block: every reference says so
    const relabelled = verifyExportText(text([lines[0]!.replace('gen/1', 'gen/2'), ...lines.slice(1, 3)]));
    expect(relabelled.discrepancies[0]!.message).toMatch(/names another block \(.*V1\): expected .*V2/);
  });

  it('M6: a strict Mine d’or export says so in its header and its references, and conforms as such', () => {
    const strict = officialBlock('mine-d-or', 50, 4, 2, true);
    const header = JSON.parse(jsonlHeader(strict)) as Record<string, unknown>;
    expect(header).toEqual({
      game: 'mine-d-or',
      stake_cents: 50,
      seed: 4,
      generator: 'instant-lab-gen/2',
      m6_reading: 'strict',
      units: 1_000_000,
    });
    expect(refOf(strict, 0)).toMatch(/^MINE-050-0000004-0000-V2S-/);
    expect(jsonlHeader(officialBlock('mine-d-or', 50, 4))).not.toContain('m6_reading');
    const bad = verifyExportText(`${jsonlHeader(strict).replace('"strict"', '"loose"')}\n`);
    expect(bad.discrepancies[0]!.message).toMatch(/field "m6_reading": expected "strict" in a Mine d'or export/);
  });
});

describe('a file that is not an export gets its own verdict, with the reason', () => {
  const notExport = (t: string): { message: string; fr: string } => {
    const r = verifyExportText(t);
    expect(r.ok).toBe(false);
    expect(r.verdict).toBe('not-an-export');
    expect(r.notAnExport).not.toBeNull();
    return r.notAnExport!;
  };

  it('an empty file', () => {
    expect(notExport('').message).toBe('the file is empty: expected a JSONL or CSV export of a block');
    expect(notExport('').fr).toBe("le fichier est vide : attendu un export JSONL ou CSV d'un bloc");
  });

  it('a header alone: no unit line, said in words (not « 0 discrepancies »)', () => {
    const r = notExport(`${good[0]}\n`);
    expect(r.message).toBe('the file holds no unit line: expected one line per unit of the block');
    expect(r.fr).toMatch(/^le fichier ne contient aucune ligne d'unité/);
    expect(notExport(`${csvColumns('les-3-gongs').join(',')}\n`).message).toMatch(/holds no unit line/);
  });

  it('a pretty-printed JSON file: one reason in words, no parser message, and its blank lines are not listed', () => {
    const pretty = JSON.stringify({ game: 'les-3-gongs', stake_cents: 50, units: [{ index: 0 }] }, null, 2);
    const r = verifyExportText(`${pretty}\n\n\n`);
    expect(r.verdict).toBe('not-an-export');
    expect(r.notAnExport!.message).toMatch(/a JSON file spread over several lines is not an export/);
    expect(r.notAnExport!.fr).toMatch(/un fichier JSON sur plusieurs lignes n'est pas un export/);
    expect(r.discrepancies).toHaveLength(1);
  });

  it('a binary file: one reason, not thousands of « empty line »', () => {
    const bin = `\u0000\u0001PNG\n\n\n\n${'\n'.repeat(5000)}\u0002\u0003`;
    const r = verifyExportText(bin);
    expect(r.verdict).toBe('not-an-export');
    expect(r.notAnExport!.message).toMatch(/binary data/);
    expect(r.discrepancies).toHaveLength(1);
  });

  it('an export with a wrong lot is an export that does not conform, not « not an export »', () => {
    // the whole block with one wrong lot, shared with the tests above: nothing else is wrong with it
    const { k, r } = alteredLot();
    expect(r.discrepancies[0]).toMatchObject({ line: k + 1, field: 'prize_cents' });
    expect(r.verdict).toBe('not-conforming');
    expect(r.notAnExport).toBeNull();
  });

  it('a conforming export says so', () => {
    expect(goodVerdict().verdict).toBe('conforming');
  });
});

describe('unit lines are read by a schema per game', () => {
  const edited = (spec: BlockSpec, edit: (u: Record<string, unknown>) => void): string[] => {
    const lines = [jsonlHeader(spec)];
    iterateUnits(spec, 0, 5, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
    const u = JSON.parse(lines[3]!) as Record<string, unknown>;
    edit(u);
    lines[3] = JSON.stringify(u);
    return verifyExportText(text(lines), { regenerate: false }).discrepancies.map((d) => `${d.message} | ${d.fr}`);
  };

  it('an unknown field is a discrepancy of its line, in both languages', () => {
    expect(edited(gongs, (u) => (u.comment = 'hi'))[0]).toBe(
      'line 4: field "comment": unknown field: a les-3-gongs unit line holds only index, ref, prize_cents, gongs, bonus_cents | ' +
        'ligne 4 : champ "comment" : champ inconnu : une ligne d\'unité les-3-gongs contient seulement index, ref, prize_cents, gongs, bonus_cents',
    );
    const mine = officialBlock('mine-d-or', 50, 1);
    expect(edited(mine, (u) => (u.bonus_cents = null))[0]).toMatch(
      /^line 4: field "bonus_cents": unknown field: a mine-d-or unit line holds only index, ref, prize_cents, main, extras \|/,
    );
  });

  it('a missing field is a discrepancy of its line, saying what it holds', () => {
    expect(edited(gongs, (u) => delete u.bonus_cents)[0]).toBe(
      'line 4: field "bonus_cents": missing: expected null or the 3 Bonus amounts in cents (art. 4.4) | ' +
        'ligne 4 : champ "bonus_cents" : absent : attendu null ou les 3 montants du Bonus en centimes (art. 4.4)',
    );
    const mine = officialBlock('mine-d-or', 50, 1);
    expect(edited(mine, (u) => delete u.extras)[0]).toMatch(
      /^line 4: field "extras": missing: expected the Extra stage grids/,
    );
  });

  it('a missing field says what it should hold in both languages, so a French screen shows no English', () => {
    const lines = [jsonlHeader(gongs)];
    iterateUnits(gongs, 0, 5, (i, prize, view) => lines.push(jsonlUnit(i, refOf(gongs, i), prize, view)));
    const u = JSON.parse(lines[3]!) as Record<string, unknown>;
    delete u.index;
    lines[3] = JSON.stringify(u);
    const d = verifyExportText(text(lines), { regenerate: false }).discrepancies[0]!;
    expect(d).toMatchObject({
      field: 'index',
      expected: 'the unit index (a whole number)',
      expectedFr: "l'indice de l'unité (un nombre entier)",
    });
    expect(d.found).toBeUndefined();
  });

  it('"gongs":[1,2,3] says the ids must be text, not "expected 3 symbol ids, got 3"', () => {
    expect(edited(gongs, (u) => (u.gongs = [1, 2, 3]))[0]).toBe(
      'line 4: field "gongs": expected 3 symbol ids (text), got [1,2,3] | ' +
        'ligne 4 : champ "gongs" : 3 identifiants de symbole (texte) attendus, reçu [1,2,3]',
    );
    expect(edited(gongs, (u) => (u.gongs = ['fan', 'fan']))[0]).toMatch(
      /field "gongs": expected 3 symbol ids, got 2 \|/,
    );
  });
});

describe('an export of a scenario table (--table)', () => {
  it('is refused at its header, in one discrepancy, rather than line by line', () => {
    const head = `${jsonlHeader(gongs).slice(0, -1)},"table":{"name":"x","block_units":300000,"levels":[]}}`;
    const r = verifyExportText(text([head, '{"index":0,"ref":"SCENARIO-42-0"}']));
    expect(r.ok).toBe(false);
    expect(r.discrepancyCount).toBe(1);
    expect(r.discrepancies[0]!.message).toMatch(/^line 1: header: field "table": the export is of a scenario table/);
  });
});

describe('a complete export is tested for placement', () => {
  it('a fair block passes; the same units with the winners moved to the front fail, naming the tests', () => {
    // placement is tested on a whole block only
    const fair = goodVerdict().placement!;
    expect(fair.ok).toBe(true);
    expect(fair.tests.length).toBeGreaterThan(5);
    for (const t of fair.tests) expect(t.p).toBeGreaterThanOrEqual(0);
    const units = good.slice(1).map((l) => JSON.parse(l) as { prize_cents: number });
    units.sort((a, b) => Number(b.prize_cents > 0) - Number(a.prize_cents > 0));
    const moved = [good[0]!, ...units.map((u, i) => JSON.stringify({ ...u, index: i, ref: refOf(gongs, i) }))];
    const r = verifyExportText(text(moved), { regenerate: false });
    // every unit still shows its own prize and the counts equal the table: only where winners sit is wrong
    expect(r.verdict).toBe('conforming');
    expect(r.placement!.ok).toBe(false);
    expect(r.placement!.tests.filter((t) => !t.ok).map((t) => t.name)).toContain('segments');
  });

  it('an incomplete file has no placement verdict', () => {
    expect(verifyExportText(text(good.slice(0, 1000))).placement).toBeNull();
  });
});

describe('a foreign block: a header with no generator of ours, or no seed', () => {
  it('a fair block stripped of generator, seed and references conforms: units re-derived, counts reconciled, placement passed', () => {
    // a foreign block's counts are reconciled and its placement tested on a whole block only
    const r = foreignVerdict();
    expect(r.discrepancies).toEqual([]);
    expect(r).toMatchObject({
      verdict: 'conforming',
      foreign: true,
      seed: null,
      generator: 'other-maker 3.2',
      regenerated: 0,
      unitsVerified: 300_000,
      countsMatch: true,
    });
    expect(r.placement!.ok).toBe(true);
  });

  it('the same file with winners shifted towards its first half reconciles: its placement is a finding to examine, not a discrepancy', () => {
    const r = verifyExportText(text(shiftWinnersTowardsFirstHalf(foreignGood(), 4)));
    expect(r.countsMatch).toBe(true);
    expect(r.unitsVerified).toBe(300_000);
    expect(r.verdict).toBe('conforming');
    expect(r.discrepancies).toEqual([]);
    expect(r.placement!.ok).toBe(false);
    const failed = r.placement!.tests.filter((t) => !t.ok).map((t) => t.name);
    expect(failed).toContain('segments');
    const [finding] = findingsOverSet([r.placement]);
    expect(finding).toMatchObject({ finding: true, setSize: 1 });
    expect(findingText(finding!, 'en')).toMatch(/^placement: FINDING TO EXAMINE, not a reconciliation failure — test /);
    expect(findingText(finding!, 'fr')).toMatch(/^placement : CONSTAT À EXAMINER, pas un défaut de rapprochement/);
    // where the winners fall: 100 segments, the first half fuller than the second
    const seg = r.placement!.segments;
    expect(seg).toHaveLength(100);
    const half = (from: number, to: number): number => seg.slice(from, to).reduce((a, x) => a + x.winners, 0);
    expect(half(0, 50)).toBeGreaterThan(half(50, 100));
  });

  it('a header with our generator but no seed is foreign too; references are optional, a present one must parse', () => {
    const h = JSON.parse(good[0]!) as Record<string, unknown>;
    delete h.seed;
    const lines = [JSON.stringify(h), ...foreignExportLines(head, (i) => i % 2 === 0).slice(1)];
    lines[6] = lines[6]!.replace('{"index":5,', '{"index":5,"ref":"GONG-050-NOT-A-REF",');
    const k = lines.findIndex((l, i) => i > 7 && l.includes('"prize_cents":0,'));
    lines[k] = lines[k]!.replace('"prize_cents":0,', '"prize_cents":50,');
    const r = verifyExportText(text(lines));
    expect(r.foreign).toBe(true);
    expect(r.verdict).toBe('not-conforming');
    const [a, b] = r.discrepancies;
    expect(a).toMatchObject({ line: 7, index: 5, field: 'ref', found: 'GONG-050-NOT-A-REF' });
    expect(a!.message).toContain('a reference is optional in a foreign block; a present one must parse');
    expect(a!.ref).toBeUndefined();
    expect(b).toMatchObject({ line: k + 1, index: k - 1, field: 'prize_cents', expected: '0', found: '50' });
  });

  it('a foreign header missing what is required, or with a wrong block size, says what is expected', () => {
    const head = (o: object): string =>
      text([JSON.stringify(o), '{"index":0,"prize_cents":0,"gongs":["fan","fan","tiger"],"bonus_cents":null}']);
    const msg = (o: object): string => verifyExportText(head(o)).discrepancies[0]!.message;
    expect(msg({ game: 'les-3-gongs', stake_cents: 50 })).toBe(
      'line 1: header of a foreign block (no generator of ours, or no seed): field "units": expected the number of units of the block (art. 2), got nothing',
    );
    expect(msg({ game: 'les-3-gongs', stake_cents: 70, units: 300000 })).toMatch(
      /field "stake_cents": expected 50, 100 or 200 \(art\. 2\), got 70$/,
    );
    expect(msg({ game: 'loto', stake_cents: 50, units: 300000 })).toMatch(
      /field "game": expected "mine-d-or" or "les-3-gongs", got "loto"$/,
    );
    expect(msg({ game: 'les-3-gongs', stake_cents: 50, units: 1000 })).toMatch(
      /field "units": expected 300,000 \(a les-3-gongs block, art\. 2\), got 1,000$/,
    );
    const r = verifyExportText(head({ game: 'les-3-gongs', stake_cents: 50, units: 1000 }));
    expect(r.verdict).toBe('not-an-export');
    expect(r.discrepancies[0]!.fr).toMatch(
      /^ligne 1 : en-tête d'un bloc étranger .*champ "units" : attendu 300\u202f000/,
    );
  });

  it('a header naming a version of our generator this build does not make is refused, naming the version', () => {
    const h = { ...(JSON.parse(good[0]!) as object), generator: 'instant-lab-gen/9' };
    const r = verifyExportText(text([JSON.stringify(h), ...good.slice(1, 3)]));
    expect(r.discrepancies[0]!.message).toBe(
      'line 1: header: field "generator": names version 9 of our generator: expected 1 or 2 (R5)',
    );
  });
});

describe('an export read one way only', () => {
  it('a unit line with a key twice is a discrepancy naming its line and key, though JSON.parse would keep the last', () => {
    const lines = [...head];
    const k = firstLoser(lines);
    lines[k] = lines[k]!.replace('"prize_cents":0,', '"prize_cents":600000,"prize_cents":0,');
    expect((JSON.parse(lines[k]!) as { prize_cents: number }).prize_cents).toBe(0);
    const r = verifyExportText(text(lines));
    expect(r.ok).toBe(false);
    expect(r.verdict).toBe('not-conforming');
    const d = r.discrepancies[0]!;
    expect(d).toMatchObject({ line: k + 1, field: 'prize_cents' });
    expect(d.message).toMatch(new RegExp(`^line ${k + 1}: .*the key "prize_cents" appears twice in one object`));
    expect(d.fr).toMatch(/la clé "prize_cents" figure deux fois/);
  });

  it('a header with a key twice is refused at its first line, naming the key', () => {
    const lines = [head[0]!.replace('{"game":"les-3-gongs",', '{"game":"les-3-gongs","seed":1,'), ...head.slice(1)];
    const r = verifyExportText(text(lines));
    expect(r.verdict).toBe('not-an-export');
    expect(r.discrepancies[0]).toMatchObject({ line: 1, field: 'seed' });
  });
});

describe('the verdict says which checks a file got', () => {
  const withoutGenerator = (lines: readonly string[]): string[] => {
    const h = JSON.parse(lines[0]!) as Record<string, unknown>;
    delete h.generator;
    return [JSON.stringify(h), ...lines.slice(1)];
  };

  it('one of our exports, altered and then stripped of its generator, is regenerated from the block its references name, and fails', () => {
    const lines = [...head];
    const loser = lines.findIndex((l, i) => i > 0 && l.includes('"prize_cents":0,'));
    const winner = lines.findIndex((l, i) => i > 0 && !l.includes('"prize_cents":0,'));
    // what the two units show swapped, their indexes and references kept: each still shows its own lot
    const body = (l: string): string => l.slice(l.indexOf('"prize_cents"'));
    const front = (l: string): string => l.slice(0, l.indexOf('"prize_cents"'));
    [lines[loser], lines[winner]] = [
      front(lines[loser]!) + body(lines[winner]!),
      front(lines[winner]!) + body(lines[loser]!),
    ];
    const r = verifyExportText(text(withoutGenerator(lines)));
    expect(r.foreign).toBe(true);
    expect(r.checks).toMatchObject({ kind: 'regenerated-from-references', generator: 'instant-lab-gen/2', seed: 42 });
    expect(r.checks.en).toMatch(
      /^regenerated against generator instant-lab-gen\/2 and seed 42, which its unit references name/,
    );
    expect(r.checks.fr).toMatch(/^régénéré selon le générateur instant-lab-gen\/2 et la graine 42/);
    expect(r.verdict).toBe('not-conforming');
    // the lines named are the two swapped units; the file's only other discrepancy is its truncation
    expect(
      r.discrepancies
        .filter((d) => d.line !== null)
        .map((d) => d.line)
        .sort((a, b) => a! - b!),
    ).toEqual([loser + 1, winner + 1].sort((a, b) => a - b));
    expect(r.discrepancies.filter((d) => d.line === null).map((d) => d.message)).toEqual([
      expect.stringMatching(
        new RegExp(`^the file ends after ${(head.length - 1).toLocaleString('en-US')} units .*the file is truncated$`),
      ),
    ]);
    expect(r.discrepancies[0]!.message).toMatch(/regenerated from the block's seed \(R1\)/);
  }, 600_000);

  it('the same export unaltered without its generator conforms, regenerated; ours names generator and seed; a foreign one says it was not', () => {
    const lost = verifyExportText(text(withoutGenerator(good)));
    expect(lost).toMatchObject({ verdict: 'conforming', regenerated: 300_000, seed: 42 });
    expect(lost.checks.kind).toBe('regenerated-from-references');
    const ours = goodVerdict();
    expect(ours.checks).toMatchObject({ kind: 'regenerated', generator: 'instant-lab-gen/2', seed: 42 });
    expect(ours.checks.en).toMatch(/^regenerated against generator instant-lab-gen\/2 and seed 42 \(R1\)/);
    const foreign = foreignVerdict();
    expect(foreign.checks).toMatchObject({ kind: 'foreign', generator: null, seed: null });
    expect(foreign.checks.en).toMatch(
      /^foreign block: rules \(R4\), counts \(art\. 3\) and placement tests only; nothing regenerated/,
    );
  }, 600_000);

  it('a reference of ours after units that named none is a discrepancy: every unit must be regenerated', () => {
    const lines = foreignExportLines(head, (i) => i === 3);
    const r = verifyExportText(text(lines));
    expect(r.verdict).toBe('not-conforming');
    expect(r.discrepancies[0]).toMatchObject({ line: 5, field: 'ref' });
    expect(r.discrepancies[0]!.message).toMatch(/after 3 units that named none/);
    expect(r.discrepancies[0]!.fr).toMatch(/après 3 unités qui n'en désignaient aucun/);
    const one = verifyExportText(text(foreignExportLines(head, (i) => i === 1))).discrepancies[0]!;
    expect([one.message, one.fr]).toEqual([
      expect.stringMatching(/after 1 unit that named none/),
      expect.stringMatching(/après 1 unité qui n'en désignait aucun/),
    ]);
  }, 600_000);
});
