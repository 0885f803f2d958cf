import { beforeAll, describe, expect, it } from 'vitest';
import { blockSpecOfTable, mergeBlock, officialBlock, officialTable, runRange } from '../index';
import type { AuditReport } from './audit-report';
import { buildAuditReport } from './audit-report';
import { auditReportHtml, printFrameCss } from './report-html';
import { auditReportView, formatPValue } from './report-view';
import { placementCounts } from './report-text';
import { seedRuns } from './print-frame';
import type { ReportView, ViewSection } from './report-view';

/** Every text a view shows, in order. */
function texts(v: ReportView): string[] {
  const ofSection = (s: ViewSection): string[] => [
    s.title,
    ...(s.pairs ?? []).flatMap((p) => [p.label, p.value.text]),
    ...(s.table ? [...s.table.head, ...s.table.rows.flatMap((r) => r.cells.map((c) => c.text))] : []),
    ...(s.table?.foot?.cells.map((c) => c.text) ?? []),
    ...(s.paragraphs ?? []).map((p) => p.text),
  ];
  return [
    v.title,
    v.subtitle,
    ...ofSection(v.identity),
    ...ofSection(v.summary),
    ...v.blocks.flatMap((b) => [b.title, ...b.sections.flatMap(ofSection)]),
    ...ofSection(v.legal),
  ];
}
const unescape = (s: string): string =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

describe('the audit report view: one wording for the screen and the printable page', () => {
  let report: AuditReport;
  beforeAll(async () => {
    const spec = officialBlock('mine-d-or', 50, 3);
    const tally = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
    report = buildAuditReport(spec.table, [{ result: mergeBlock(spec, [tally]), levels: tally.levels }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
  });

  it('the printable HTML shows every text of the view, in both languages', () => {
    for (const lang of ['fr', 'en'] as const) {
      const html = unescape(auditReportHtml(report, lang));
      const missing = texts(auditReportView(report, lang)).filter((t) => t !== '' && !html.includes(t));
      expect(missing).toEqual([]);
    }
  });

  it('the legal citation is written in the report’s language (no « en vigueur » in an English report)', () => {
    const legal = (lang: 'fr' | 'en'): string => auditReportView(report, lang).legal.paragraphs![0]!.text;
    expect(legal('en')).toContain('(version in force since 7 November 2020)');
    expect(legal('en')).not.toContain('en vigueur');
    expect(legal('fr')).toContain('(version en vigueur depuis le 7 novembre 2020)');
  });

  it('names the table the blocks held in the report’s language: no « official » on a French report', async () => {
    const line = (r: AuditReport, lang: 'fr' | 'en'): string | undefined =>
      auditReportView(r, lang).identity.pairs!.find((p) => p.value.testId === 'report-table')?.value.text;
    const digest = report.identity.table!.digest;
    expect(line(report, 'fr')).toBe(`officiel art. 3.1 sha256:${digest}`);
    expect(line(report, 'en')).toBe(`official art. 3.1 sha256:${digest}`);
    const table = { ...officialTable('les-3-gongs', 50), blockUnits: 20_000, source: 'Essai' };
    table.levels = table.levels.filter((l) => l.lots <= 100);
    const spec = blockSpecOfTable(table, 9, 2);
    const tally = await runRange(spec, 0, spec.table.blockUnits);
    const what = buildAuditReport(spec.table, [{ result: mergeBlock(spec, [tally]), levels: null }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
    expect(line(what, 'fr')).toMatch(/^scénario «\u00a0Essai\u00a0» sha256:[0-9a-f]{64}$/);
    expect(line(what, 'en')).toMatch(/^scenario "Essai" sha256:[0-9a-f]{64}$/);
  }, 60_000);

  it('says its counts with their plural: « 0 test sous 1 % », « sur le bloc », never « test(s) » or « bloc(s) »', () => {
    for (const lang of ['fr', 'en'] as const)
      expect(texts(auditReportView(report, lang)).filter((t) => /\w\(s\)/.test(t))).toEqual([]);
    const line = (lang: 'fr' | 'en'): string =>
      auditReportView(report, lang).summary.pairs!.find((p) => /placement/i.test(p.label))!.value.text;
    expect(line('fr')).toMatch(
      /^[01] test sous 1 % sur \d+, au seuil de 1 % chacun ; .* sur les tests et sur le bloc du rapport\)/,
    );
    expect(line('en')).toMatch(
      /^\d+ tests? below 1% out of \d+, each test at the 1% level; .* over the tests and the report’s block\)/,
    );
    expect(placementCounts(2, 3, 'fr')).toEqual({ f: '2 tests sous 1 %', b: 'sur les 3 blocs' });
    expect(placementCounts(1, 2, 'en')).toEqual({ f: '1 test below 1%', b: 'the report’s 2 blocks' });
    expect(placementCounts(0, 1, 'en').f).toBe('0 tests below 1%');
  });

  it('M6: the report says which reading of art. 3 the block used, in both languages, in the printable page too', async () => {
    const m6 = (r: AuditReport, lang: 'fr' | 'en'): string | undefined =>
      auditReportView(r, lang).identity.pairs!.find((p) => p.value.testId === 'report-m6')?.value.text;
    expect(report.identity.m6Reading).toBe('default');
    expect(m6(report, 'fr')).toMatch(/^par défaut : un gain doublé sur une ligne/);
    expect(m6(report, 'en')).toMatch(/^default: one gain doubled on a line/);
    const spec = officialBlock('mine-d-or', 50, 3, 2, true);
    const tally = await runRange(spec, 0, spec.table.blockUnits);
    const strict = buildAuditReport(spec.table, [{ result: mergeBlock(spec, [tally]), levels: tally.levels }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
    expect(strict.identity.m6Reading).toBe('strict');
    expect(strict.identity.generator).toBe('instant-lab-gen/2');
    expect(m6(strict, 'fr')).toBe(
      'stricte : les lots de 10,00\u00a0€ et 1,00\u00a0€ montrent toujours deux gains ou plus',
    );
    expect(m6(strict, 'en')).toBe('strict: the €10.00 and €1.00 lots always show two gains or more');
    expect(unescape(auditReportHtml(strict, 'fr'))).toContain("Lecture de l'art. 3 (M6)");
  }, 60_000);

  it('M6: the reading names the lots at the report’s own stake (20/2 € at 1 €, 40/4 € at 2 €), never the 0,50 € table’s', () => {
    const m6 = (stakeCents: number, reading: 'default' | 'strict', lang: 'fr' | 'en'): string | undefined => {
      const r = { ...report, identity: { ...report.identity, stakeCents, m6Reading: reading } };
      return auditReportView(r, lang).identity.pairs!.find((p) => p.value.testId === 'report-m6')?.value.text;
    };
    expect(m6(50, 'default', 'fr')).toBe(
      'par défaut : un gain doublé sur une ligne atteint les lots de 10,00\u00a0€ et 1,00\u00a0€',
    );
    expect(m6(200, 'default', 'fr')).toBe(
      'par défaut : un gain doublé sur une ligne atteint les lots de 40,00\u00a0€ et 4,00\u00a0€',
    );
    expect(m6(200, 'default', 'en')).toBe('default: one gain doubled on a line reaches the €40.00 and €4.00 lots');
    expect(m6(100, 'strict', 'fr')).toBe(
      'stricte : les lots de 20,00\u00a0€ et 2,00\u00a0€ montrent toujours deux gains ou plus',
    );
    expect(m6(100, 'strict', 'en')).toBe('strict: the €20.00 and €2.00 lots always show two gains or more');
  });

  it('says what each count of segments cuts: the hashed segments (R1) apart from the placement test’s 100', () => {
    const v = (lang: 'fr' | 'en'): { hashed: [string, string]; test: string } => {
      const sections = auditReportView(report, lang).blocks[0]!.sections;
      const integrity = sections.find((s) => /R1/.test(s.title))!;
      // the last pair of integrity: its count of segments
      const pair = integrity.pairs!.at(-1)!;
      const test = sections.flatMap((s) => s.table?.rows ?? []).find((r) => r.testId === 'placement-segments')!;
      return { hashed: [pair.label, pair.value.text], test: test.cells[0]!.text };
    };
    expect(v('fr').hashed).toEqual([
      'Segments hachés (R1)',
      '100 segments de 10\u202f000 unités, hachés un à un : les feuilles de la racine de Merkle',
    ]);
    expect(v('fr').test).toContain('le bloc coupé pour ce test en 100 segments égaux');
    expect(v('en').hashed).toEqual([
      'Hashed segments (R1)',
      '100 segments of 10,000 units, each hashed: the leaves of the Merkle root',
    ]);
    expect(v('en').test).toContain('the block cut for this test into 100 equal segments');
  });

  it('the rare lots’ statistic in words: their range, and no range for a single lot', () => {
    const cell = (r: AuditReport, lang: 'fr' | 'en'): string =>
      auditReportView(r, lang)
        .blocks[0]!.sections.flatMap((s) => s.table?.rows ?? [])
        .find((x) => x.testId === 'placement-rareLots')!.cells[1]!.text;
    expect(cell(report, 'fr')).toMatch(/^étendue = [\d\u202f]+$/);
    expect(cell(report, 'en')).toMatch(/^range = [\d,]+$/);
    const b = report.blocks[0]!;
    const tests = b.placement!.tests.map((x) =>
      x.id === 'rareLots' ? { ...x, n: 1, statisticName: 'position', statistic: 417 } : x,
    );
    const single = { ...report, blocks: [{ ...b, placement: { ...b.placement!, tests } }] };
    expect(cell(single, 'fr')).toBe('un seul lot : pas d’étendue');
    expect(cell(single, 'en')).toBe('a single lot: no range');
  });

  it('a spacing test’s statistic is named in the language: « écart min », "min gap"', () => {
    const cells = (lang: 'fr' | 'en'): string[] =>
      auditReportView(report, lang)
        .blocks[0]!.sections.flatMap((s) => s.table?.rows ?? [])
        .filter((x) => x.testId?.startsWith('placement-levelRegularity'))
        .map((x) => x.cells[1]!.text);
    expect(cells('fr').length).toBeGreaterThan(0);
    for (const c of cells('fr')) expect(c).toMatch(/^écart min = [\d\u202f]+$/);
    for (const c of cells('en')) expect(c).toMatch(/^min gap = [\d,]+$/);
  });

  it('M4, G2: the report states presentation weights other than the defaults, and that references do not reopen such units (R2)', async () => {
    const line = (r: AuditReport, lang: 'fr' | 'en'): [string, string] => {
      const p = auditReportView(r, lang).identity.pairs!.find((x) => x.value.testId === 'report-weights')!;
      return [p.label, p.value.text];
    };
    expect(report.identity.presentationWeights).toBeUndefined();
    expect(line(report, 'fr')).toEqual(['Poids de présentation (M4)', 'par défaut (les poids documentés)']);
    expect(line(report, 'en')).toEqual(['Presentation weights (M4)', 'default (the documented weights)']);
    // a small Les 3 Gongs table, so that the block is quick to make
    const table = { ...officialTable('les-3-gongs', 50), blockUnits: 20_000, source: 'test' };
    table.levels = table.levels.filter((l) => l.lots <= 100);
    const spec = blockSpecOfTable(table, 9, 2);
    const weights = { gongs: { bonusShare: 0.5, bonusShareByPrize: { 30000: 1 } } };
    const tally = await runRange(spec, 0, spec.table.blockUnits, { weights });
    const custom = buildAuditReport(spec.table, [{ result: mergeBlock(spec, [tally], weights), levels: null }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
    expect(custom.identity.presentationWeights).toEqual({ bonus_share: 0.5, bonus_share_by_prize: { '30000': 1 } });
    expect(line(custom, 'fr')).toEqual([
      'Part des lots par le Bonus (G2)',
      'personnalisée : part Bonus 50\u00a0% ; 300,00\u00a0€ : 100\u00a0%. Ces blocs ne sont pas les blocs officiels de leurs graines : leurs unités ne se rouvrent pas d’une référence seule (R2).',
    ]);
    expect(line(custom, 'en')[1]).toBe(
      'custom: Bonus share 50%; €300.00: 100%. These blocks are not the official blocks of their seeds: their units cannot be reopened from a reference alone (R2).',
    );
    expect(unescape(auditReportHtml(custom, 'en'))).toContain(line(custom, 'en')[1]);
    // weights equal to the defaults are the defaults: no line of custom weights
    const same = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)], { gongs: { bonusShare: 0.2 } });
    expect(same.weights).toBeUndefined();
  }, 60_000);

  it('what the first screen reveals is explained in each game’s own terms: no EXTRA in Les 3 Gongs', async () => {
    const table = { ...officialTable('les-3-gongs', 50), blockUnits: 20_000, source: 'test' };
    table.levels = table.levels.filter((l) => l.lots <= 100);
    const spec = blockSpecOfTable(table, 9, 2);
    const tally = await runRange(spec, 0, spec.table.blockUnits);
    const gongs = buildAuditReport(spec.table, [{ result: mergeBlock(spec, [tally]), levels: null }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
    for (const lang of ['fr', 'en'] as const) {
      const help = (r: AuditReport) =>
        auditReportView(r, lang).blocks[0]!.sections.find((x) => x.table?.testId === 'first-screen')!.paragraphs![0]!
          .text;
      expect(help(gongs)).not.toMatch(/EXTRA/);
      expect(help(gongs)).toMatch(/gongs/);
      expect(help(report)).toMatch(/EXTRA/);
      expect(help(report)).not.toMatch(/gong/);
    }
  }, 60_000);

  it('French and English are worded and formatted each in their language, never in « e » notation', () => {
    const fr = texts(auditReportView(report, 'fr')).join('\n');
    const en = texts(auditReportView(report, 'en')).join('\n');
    expect(fr).toContain('70,000\u00a0%');
    expect(fr).toContain('Rapprochement avec le tableau officiel (art. 3)');
    expect(en).toContain('70.000%');
    expect(en).toContain('€3,750.00');
    expect(en).not.toMatch(/\d,\d\d\u00a0€/);
    expect(en).not.toMatch(/ : /);
    for (const t of [fr, en]) expect(t).not.toMatch(/\de[-+]\d/);
  });

  it('a failing evaluator says its counts with their plural (« 1 unité », « 0 niveau », « 2 units »)', () => {
    const failing = (mismatches: number, levels: number): AuditReport => ({
      ...report,
      blocks: [
        {
          ...report.blocks[0]!,
          evaluator: { ...report.blocks[0]!.evaluator, ok: false, mismatches, countMismatches: Array(levels).fill(50) },
        },
      ],
    });
    const line = (r: AuditReport, lang: 'fr' | 'en'): string =>
      auditReportView(r, lang)
        .blocks[0]!.sections.flatMap((s) => s.paragraphs ?? [])
        .find((p) => p.testId === 'evaluator')!.text;
    expect(line(failing(1, 0), 'fr')).toBe(
      'NON CONFORME : 1 unité en désaccord, 0 niveau dont le nombre diffère du tableau.',
    );
    expect(line(failing(1_200, 2), 'fr')).toBe(
      'NON CONFORME : 1\u202f200 unités en désaccord, 2 niveaux dont le nombre diffère du tableau.',
    );
    expect(line(failing(1, 0), 'en')).toBe(
      'FAIL: 1 unit in disagreement, 0 levels whose count differs from the table.',
    );
    expect(line(failing(2, 1), 'en')).toBe(
      'FAIL: 2 units in disagreement, 1 level whose count differs from the table.',
    );
  });

  it('verdicts carry their status: the block passes R4 and its reconciliation has no difference', () => {
    const v = auditReportView(report, 'fr');
    const block = v.blocks[0]!;
    const evaluator = block.sections.find((s) => s.paragraphs?.some((p) => p.testId === 'evaluator'))!;
    expect(evaluator.paragraphs![0]!.status).toBe('pass');
    const recon = block.sections.find((s) => s.table?.testId === 'reconciliation')!.table!;
    expect(recon.rows).toHaveLength(13);
    expect(recon.rows.every((r) => r.cells[3]!.status === 'pass')).toBe(true);
  });

  it('every printed page repeats title, game, stake, seeds and date on top, the block digest and page n of N below', () => {
    const v = auditReportView(report, 'fr');
    const digest = report.blocks[0]!.integrity.digest;
    expect(v.print.header).toBe(
      "Rapport d'audit de bloc — Mine d'or · Mise 0,50\u00a0€ · Graine 3 · " + v.print.header.split(' · ')[3],
    );
    expect(v.print.header).toMatch(/02\/01\/2026/);
    expect(v.print.footer).toMatch(new RegExp(`^Bloc — graine 3\\s: ${digest}$`));
    expect(auditReportView(report, 'en').print).toMatchObject({ page: 'Page', of: 'of' });
    // the HTML prints them in page margin boxes, with the page number and count
    const css = printFrameCss(v.print);
    expect(css).toContain(`@top-center{content:"${v.print.header}"`);
    expect(css).toContain(`@bottom-left{content:"${v.print.footer}"`);
    expect(css).toContain('content:"Page " counter(page) " sur " counter(pages)');
    expect(auditReportHtml(report, 'fr')).toContain(css);
    // table rows are never cut between pages
    expect(auditReportHtml(report, 'fr')).toContain('tr{break-inside:avoid}');
  });

  it('the printed header writes seeds as runs (« 1 à 100 »), the body lists every digest in one table', () => {
    expect(seedRuns([1, 2, 3, 4, 7, 9, 10], 'fr')).toEqual(['1 à 4', '7', '9', '10']);
    expect(seedRuns([5, 6, 7], 'en')).toEqual(['5 to 7']);
    const v = auditReportView(report, 'fr');
    expect(v.digests.table!.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['Bloc — graine 3', report.blocks[0]!.integrity.digest],
    ]);
    expect(auditReportHtml(report, 'fr')).toContain('<h2>Empreintes des blocs</h2>');
  });

  it('p-values: four decimals, then significant digits, « < 1,00 × 10⁻³⁰⁰ » for 0', () => {
    expect(formatPValue(0.5, 'fr')).toBe('0,5000');
    expect(formatPValue(0.000123, 'en')).toBe('0.000123');
    expect(formatPValue(1.234e-7, 'en')).toBe('1.23 × 10⁻⁷');
    expect(formatPValue(0, 'fr')).toBe('< 1,00 × 10⁻³⁰⁰');
  });
});
