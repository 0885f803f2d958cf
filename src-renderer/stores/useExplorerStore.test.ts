import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useExplorerStore } from './useExplorerStore';
import { officialScenario, scenarioToJson } from '../../src-engine/index';

describe('explorer store: the table as typed', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('starts from the official Mine d’or 0,50 € table, amounts as typed in French', () => {
    const s = useExplorerStore();
    expect(s.rows[0]).toEqual({ amount: '7 500,00', lots: '1' });
    expect(s.analysis!.rtp).toBeCloseTo(0.7, 12);
    expect(s.valid).toBe(true);
    expect(s.unsaved).toBe(false);
  });

  it('reads « 15 000,00 » as 1,500,000 cents and updates the RTP at once', () => {
    const s = useExplorerStore();
    s.rows[0]!.amount = '15 000,00';
    expect(s.scenario.levels[0]!.prizeCents).toBe(1_500_000);
    expect(s.analysis!.rtp).toBeCloseTo(0.715, 12);
    expect(s.unsaved).toBe(true);
  });

  it('reports an unreadable amount and still every other problem of the table', () => {
    const s = useExplorerStore();
    s.rows[0]!.amount = 'douze';
    s.rows[1]!.lots = '-3';
    s.rows.push({ amount: '0,30', lots: '1' });
    expect(s.problems.map((p) => p.code)).toEqual(['amount-unreadable', 'lots-negative', 'unreachable-mine-d-or']);
    expect(s.valid).toBe(false);
    expect(s.table).toBeNull();
  });

  it('a refused file changes nothing of the table being edited', () => {
    const s = useExplorerStore();
    s.rows[11]!.lots = '100021';
    const bad = officialScenario('les-3-gongs', 50);
    bad.levels.push({ prizeCents: 20, lots: 1 });
    s.openText('bad.json', scenarioToJson(bad));
    expect(s.fileProblems.map((p) => p.code)).toEqual(['unreachable-les-3-gongs']);
    expect(s.game).toBe('mine-d-or');
    expect(s.rows[11]!.lots).toBe('100021');
    s.openText('good.json', scenarioToJson(officialScenario('les-3-gongs', 100)));
    expect(s.fileProblems).toEqual([]);
    expect(s.game).toBe('les-3-gongs');
    expect(s.rows[0]!.amount).toBe('6 000,00');
    expect(s.unsaved).toBe(false);
  });
});
