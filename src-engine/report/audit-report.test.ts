import { describe, expect, it } from 'vitest';
import { mergeBlock, officialBlock, runRange } from '../index';
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
    expect(b.totals.officialLots).toBe(81_597);
    expect(b.totals.simulatedCents).toBe(20_998_000);
    expect(report.summary.inBand).toBe(true);
    expect(report.summary.allAuditsPass).toBe(true);
    expect(b.integrity.segments).toBe(30);
    expect(b.placement!.tests.length).toBe(17);
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
});
