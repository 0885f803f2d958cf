import { beforeAll, describe, expect, it } from 'vitest';
import { mergeBlock, officialBlock, runRange } from '../index';
import { ruleDocument } from '../rules/articles/articles';
import type { AuditReport } from './audit-report';
import { buildAuditReport } from './audit-report';
import { reportCitations } from './report-citations';
import { auditReportHtml } from './report-html';
import { auditReportView } from './report-view';

describe('the audit report quotes the articles it cites in an appendix', () => {
  let report: AuditReport;
  beforeAll(async () => {
    const spec = officialBlock('les-3-gongs', 100, 5);
    const tally = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
    report = buildAuditReport(spec.table, [{ result: mergeBlock(spec, [tally]), levels: tally.levels }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
  });

  it("resolves against the report's game, every citation known, the other game's decisions left out", () => {
    const cited = reportCitations(auditReportView(report, 'fr'));
    expect(cited.unknown).toEqual([]);
    expect(cited.documents.map((d) => d.document.game)).toEqual(['les-3-gongs']);
    const ids = cited.documents[0]!.passages.map((p) => p.id);
    // art. 3 (reconciliation) brings its sub-articles and its closing paragraph on the Bonus
    expect(ids).toEqual(expect.arrayContaining(['2', '3', '3.1', '3.2', '3.3', '3-closing']));
    expect(ids).not.toContain('signature');
    const codes = cited.decisions.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['R1', 'R4', 'G1']));
    expect(codes.some((c) => c.startsWith('M'))).toBe(false);
  });

  it('the French page quotes the French text; the English page the translation, then the French original', () => {
    const doc = ruleDocument('les-3-gongs');
    const closing = doc.passages.find((p) => p.id === '3-closing')!;
    const unescape = (h: string): string =>
      h
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
    const fr = unescape(auditReportHtml(report, 'fr'));
    const en = unescape(auditReportHtml(report, 'en'));
    expect(fr).toContain('<h2>Annexe : articles cités</h2>');
    expect(fr).toContain(`<p>${closing.fr.trim()}</p>`);
    expect(fr).not.toContain(closing.en);
    expect(fr).toContain(doc.sha256);
    expect(en).toContain('<h2>Appendix: articles cited</h2>');
    const at = (s: string): number => en.indexOf(s);
    expect(at(closing.en)).toBeGreaterThan(0);
    expect(at(`<p>${closing.fr.trim()}</p>`)).toBeGreaterThan(at(closing.en));
    expect(en).toContain('English translation (not official)');
    // a prize table of art. 3.1 as a table, its amounts as published
    expect(fr).toMatch(/<table class="rule"><thead><tr><th>NOMBRE DE LOTS<\/th>/);
    expect(fr).toContain('<td>3\u00a0000 €</td>');
  });
});
