/**
 * How the report words its placement tests: a test below 1 % in a block is
 * chance's share of a random block, said as such (never a red « ÉCHEC »), with what it means and
 * what to do; the count expected by chance is said for what it is computed over (every test of
 * every block, and per block); the journal's entry of the report records its placement result.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { blockSpecOfTable, mergeBlock, officialTable, runRange } from '../index';
import type { AuditReport } from './audit-report';
import { buildAuditReport } from './audit-report';
import { auditReportView } from './report-view';
import { auditReportWork } from '../journal/work';

/** A report of blocks `seeds` of 2,000 units of a small table (Les 3 Gongs 0,50 €, levels of at most 10 lots). */
async function report(seeds: readonly number[]): Promise<AuditReport> {
  const table = { ...officialTable('les-3-gongs', 50), blockUnits: 2_000, source: 'Essai' };
  table.levels = table.levels.filter((l) => l.lots <= 10);
  const blocks = [];
  for (const seed of seeds) {
    const spec = blockSpecOfTable(table, seed);
    const tally = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
    blocks.push({ result: mergeBlock(spec, [tally]), levels: tally.levels });
  }
  return buildAuditReport(table, blocks, { appVersion: '0.1.0', runAt: new Date('2026-01-02T03:04:05Z') });
}

describe('the placement verdict of the audit report', () => {
  /** A report of ten blocks, one of which has a test below 1 % that Holm does not retain. */
  let ten: AuditReport;
  let lone: number;
  beforeAll(async () => {
    // the first seed whose block has a test below 1 % and no finding: chance's share, found, not assumed
    let seed = 1;
    for (; seed < 200; seed++) {
      const r = await report([seed]);
      if (r.blocks[0]!.placement!.failures > 0 && r.summary.placementFamilyPass) break;
    }
    expect(seed).toBeLessThan(200);
    lone = seed;
    ten = await report(Array.from({ length: 10 }, (_, i) => lone - 9 + i).map((s) => (s < 1 ? s + 10_000 : s)));
  }, 120_000);

  it('says a test below 1 % in words, amber not red, and never « ÉCHEC » or « FAIL »', () => {
    for (const lang of ['fr', 'en'] as const) {
      const v = auditReportView(ten, lang);
      const cells = v.blocks.flatMap((b) =>
        b.sections.flatMap((s) => (s.table?.testId === 'placement-tests' ? s.table.rows : [])),
      );
      const verdicts = cells.map((r) => r.cells.find((c) => c.testId === 'verdict')!);
      const below = verdicts.filter((c) => c.status !== 'pass');
      expect(below.length).toBeGreaterThan(0);
      for (const c of below) {
        expect(c.text).toBe(lang === 'fr' ? 'p sous 1 %' : 'p below 1%');
        expect(c.status).toBe('warn');
      }
      expect(verdicts.map((c) => c.text)).not.toContain(lang === 'fr' ? 'ÉCHEC' : 'FAIL');
    }
  });

  it('gives the chance count over what it is computed on: the ten blocks’ tests, and per block', () => {
    const s = ten.summary;
    const fr = auditReportView(ten, 'fr').summary.pairs!.find((p) => p.value.testId === 'summary-placement')!;
    const perBlock = s.placementTests / 10;
    expect(fr.value.text).toContain(
      `sur ${s.placementTests} (${perBlock} tests dans chacun des 10 blocs), au seuil de 1 % chacun ; 10 blocs parfaitement aléatoires en auraient ${(s.placementTests / 100).toFixed(2).replace('.', ',')} en moyenne à eux tous, soit ${(perBlock / 100).toFixed(2).replace('.', ',')} par bloc`,
    );
    expect(fr.value.text).not.toContain('un bloc parfaitement aléatoire');
    const en = auditReportView(ten, 'en').summary.pairs!.find((p) => p.value.testId === 'summary-placement')!;
    expect(en.value.text).toContain(`(${perBlock} tests in each of the 10 blocks)`);
    expect(en.value.text).toContain('10 perfectly random blocks would have');
    // a block's own line is about that block
    const block = auditReportView(ten, 'fr')
      .blocks.flatMap((b) => b.sections)
      .find((x) => x.table?.testId === 'placement-tests')!;
    expect(block.paragraphs![0]!.text).toContain(`un bloc parfaitement aléatoire en aurait 0,${perBlock} en moyenne`);
  });

  it('says what a lone test below 1 % means and what to do, under the summary and under its block', async () => {
    const one = await report([lone]);
    expect(one.summary.placementFamilyPass).toBe(true);
    const fr = auditReportView(one, 'fr');
    expect(fr.summary.paragraphs!.map((p) => p.text).join(' ')).toMatch(
      /^Un test sous 1 % n’est pas un défaut à lui seul.*aucun constat : il n’y a rien à corriger\. Pour lever un doute, testez d’autres blocs du même tableau \(d’autres graines\)/,
    );
    const section = fr.blocks[0]!.sections.find((x) => x.table?.testId === 'placement-tests')!;
    expect(section.paragraphs!.map((p) => p.text)).toHaveLength(3);
    expect(section.paragraphs![1]!.text).toMatch(/^Un test sous 1 % n’est pas un défaut à lui seul/);
    // the table's columns said in words, last: « 9 / 4 » is a test's degrees of freedom and count
    expect(section.paragraphs![2]!.text).toMatch(/^ddl \/ n : les degrés de liberté du test/);
    const enSection = auditReportView(one, 'en').blocks[0]!.sections.find(
      (x) => x.table?.testId === 'placement-tests',
    )!;
    expect(enSection.paragraphs!.at(-1)!.text).toMatch(/^df \/ n: the test’s degrees of freedom/);
    const en = auditReportView(one, 'en');
    expect(en.summary.paragraphs![0]!.text).toMatch(/^A test below 1% is no defect on its own/);
  });

  it('records the placement result in the journal entry of the report', () => {
    const entry = auditReportWork(ten, '0.1.0', { file: null, bytes: 1, sha256: '0'.repeat(64) });
    expect(entry.outputs).toMatchObject({
      placement_tests: ten.summary.placementTests,
      placement_below_1pct: ten.summary.placementFailures,
      placement_findings: ten.summary.placementFindings.filter((f) => f?.finding).length,
    });
    expect(ten.summary.placementFailures).toBeGreaterThan(0);
  });
});
