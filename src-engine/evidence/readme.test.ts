import { describe, expect, it } from 'vitest';
import { blockSpecOfTable, mergeBlock, officialTable, runRange } from '../index';
import { buildAuditReport } from '../report/audit-report';
import { bundleReadme } from './readme';

describe("an evidence bundle's README", () => {
  it('writes seeds as they name blocks, never as quantities (« graines 2024 », not « 2 024 »)', async () => {
    const table = { ...officialTable('les-3-gongs', 50), blockUnits: 2_000, source: 'Essai' };
    table.levels = table.levels.filter((l) => l.lots <= 10);
    const spec = blockSpecOfTable(table, 2024);
    const tally = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
    const result = mergeBlock(spec, [tally]);
    const report = buildAuditReport(table, [{ result, levels: tally.levels }], {
      appVersion: '0.1.0',
      runAt: new Date('2026-01-02T03:04:05Z'),
    });
    const blocks = [{ export: 'blocks/2024.jsonl', seed: 2024, digest: result.digest }];
    const pdf = { absentBecause: { fr: 'navigateur', en: 'browser' } };
    const fr = bundleReadme(report, blocks, null, pdf, 'fr');
    expect(fr).toContain('graines 2024,');
    expect(fr).toContain('   - graine 2024 (`blocks/2024.jsonl`)');
    expect(fr).not.toMatch(/2[\u00a0\u202f ]024/);
    const en = bundleReadme(report, blocks, null, pdf, 'en');
    expect(en).toContain('seeds 2024,');
    expect(en).not.toContain('2,024');
  });
});
