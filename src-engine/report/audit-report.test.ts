import { describe, expect, it } from 'vitest';
import { blockSpecOfTable, mergeBlock, officialBlock, officialTable, runRange } from '../index';
import { auditReportView } from './report-view';
import { buildAuditReport } from './audit-report';
import { auditReportHtml } from './report-html';

describe('audit report', () => {
  it('reconciles a Les 3 Gongs block with the table and renders French and English HTML', async () => {
    const spec = officialBlock('les-3-gongs', 100, 7);
    const tally = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
    const result = mergeBlock(spec, [tally]);
    const report = buildAuditReport(spec.table, [{ result, levels: tally.levels }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
    const b = report.blocks[0]!;
    expect(b.reconciliation.every((r) => r.diffLots === 0 && r.diffCents === 0)).toBe(true);
    expect(b.totals.tableLots).toBe(81_597);
    expect(report.tableFigures).toMatchObject({ kind: 'official', name: spec.table.source });
    expect(b.totals.simulatedCents).toBe(20_998_000);
    expect(report.summary.inBand).toBe(true);
    expect(report.summary.allAuditsPass).toBe(true);
    expect(b.integrity.segments).toBe(30);
    expect(b.placement!.tests.length).toBe(24);
    expect(report.identity.rulesDocument.place).toBe('Boulogne-Billancourt');
    const fr = auditReportHtml(report, 'fr');
    expect(fr).toContain('69,993\u00a0%');
    expect(fr).toContain('6\u202f000,00\u00a0€');
    expect(fr).toContain(result.merkleRoot);
    expect(fr).toContain('D.322-10');
    expect(fr).not.toMatch(/<script|https?:\/\//);
    const en = auditReportHtml(report, 'en');
    expect(en).toContain('69.993%');
    expect(en).toContain('€6,000.00');
  });

  it("labels a scenario's figures as the scenario's, never as official, in the JSON and in both languages", async () => {
    // a small Les 3 Gongs what-if (a scenario file given to `audit --table`), quick to make
    const table = { ...officialTable('les-3-gongs', 50), blockUnits: 20_000, source: 'top doubled' };
    table.levels = table.levels.filter((l) => l.lots <= 100);
    const spec = blockSpecOfTable(table, 9, 2);
    const tally = await runRange(spec, 0, table.blockUnits);
    const report = buildAuditReport(table, [{ result: mergeBlock(spec, [tally]), levels: null }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
    expect(report.identity.table.kind).toBe('scenario');
    expect(report.tableFigures).toMatchObject({ kind: 'scenario', name: 'top doubled' });
    expect(report.blocks[0]!.totals.tableLots).toBe(table.levels.reduce((s, l) => s + l.lots, 0));
    // no field of the JSON is named « official »: the held table's figures are named by the table
    const keys: string[] = [];
    JSON.parse(JSON.stringify(report), (k: string, v: unknown) => (keys.push(k), v));
    expect(keys.filter((k) => /official/i.test(k))).toEqual([]);
    for (const lang of ['fr', 'en'] as const) {
      const words = auditReportView(report, lang).blocks.flatMap((b) =>
        b.sections.flatMap((x) => [x.title, ...(x.table?.head ?? []), ...(x.pairs ?? []).map((p) => p.label)]),
      );
      expect(words.filter((w) => /offici/i.test(w))).toEqual([]);
      expect(words.join(' ')).toContain('top doubled');
    }
  });
});
