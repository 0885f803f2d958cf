import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setEnginePool } from '../../workers/engine-pool';
import { recordingInProcessPool } from '../../workers/in-process-worker';
import type { JobKind } from '@shared/jobs/protocol';
import { useExplorerTableStore } from './useExplorerTableStore';
import { useExplorerSessionsStore } from './useExplorerSessionsStore';

/** Job kinds the store sent to the workers (the real handlers, run in-process). */
let ran: JobKind[] = [];
function recordingPool(): void {
  const r = recordingInProcessPool();
  ran = r.ran;
  setEnginePool(r.pool);
}
afterEach(() => setEnginePool(undefined));

describe('explorer sessions', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    recordingPool();
  });

  it('every bad field says what it expects; the run is refused until all are right', async () => {
    const s = useExplorerSessionsStore();
    s.playersText = '0';
    s.unitsText = 'cinquante';
    expect(s.inputProblems.map((p) => p.fr)).toEqual([
      'Joueurs : « 0 » — un nombre entier de 1 à 1\u202f000\u202f000 est attendu',
      'Unités par session : « cinquante » — un nombre entier de 1 à 1\u202f000 est attendu',
    ]);
    expect(s.inputProblems[0]!.en).toBe('Players: “0” — a whole number from 1 to 1,000,000 is expected');
    expect(s.canRun).toBe(false);
    await s.run();
    expect(ran).toEqual([]);
    s.playersText = '';
    expect(s.inputProblems[0]!.en).toContain('Players: empty');
    s.playersText = '1 000';
    s.unitsText = '20';
    expect(s.inputProblems).toEqual([]);
    expect(s.canRun).toBe(true);
  });

  it('runs the number of sessions asked per table, on common draws, with the exact mean return; gone when the table changes', async () => {
    const table = useExplorerTableStore();
    table.rows[0]!.amount = '15 000,00';
    const s = useExplorerSessionsStore();
    s.playersText = '2000';
    s.unitsText = '20';
    await s.run();
    const r = s.result!;
    expect(r.players).toBe(2000);
    expect(r.scenario.players).toBe(2000);
    expect(r.official!.players).toBe(2000);
    expect(r.scenario.meanReturnExact).toBeCloseTo(0.715, 12);
    expect(r.official!.meanReturnExact).toBeCloseTo(0.7, 12);
    expect(r.key).toBe(table.key);
    expect(s.progress).toBe(1);
    // a change of the table: these results belong to another table and are not shown
    table.rows[1]!.lots = '2';
    expect(s.result).toBeNull();
    // ...and an invalid table runs nothing
    table.rows[1]!.lots = 'x';
    ran.length = 0;
    await s.run();
    expect(ran).toEqual([]);
  });

  it('a bad seed gets the shared seed wording and runs nothing', async () => {
    const s = useExplorerSessionsStore();
    s.seedText = '12a';
    expect(s.seedError).toEqual(
      expect.objectContaining({ key: 'seedDigits', params: { value: '12a', max: 4294967295 } }),
    );
    expect(s.canRun).toBe(false);
    await s.run();
    expect(ran).toEqual([]);
    s.seedText = '4294967296';
    expect(s.seedError?.key).toBe('seedRange');
    s.seedText = ' 4294967295 ';
    expect(s.seedError?.key).toBe('seedDigits');
    s.seedText = '4294967295';
    expect(s.seedError).toBeNull();
    expect(s.canRun).toBe(true);
  });

  it('the seed reproduces the set: same seed, same figures; another seed, other figures; the run says its parameters', async () => {
    const s = useExplorerSessionsStore();
    s.playersText = '500';
    s.unitsText = '30';
    s.replacement = false;
    s.seedText = '2026';
    await s.run();
    const first = s.result!;
    expect(first.params).toEqual({ players: 500, units: 30, replacement: false, seed: 2026 });
    expect(first.scenario.seed).toBe(2026);
    expect(first.scenario.replacement).toBe(false);
    // the summary is computed in the worker, after the chunks of players
    expect(ran.filter((k) => k === 'sessionSummary')).toHaveLength(1);
    s.seedText = '2027';
    await s.run();
    const other = s.result!;
    expect(other.params.seed).toBe(2027);
    expect(other.scenario.netPercentiles).not.toEqual(first.scenario.netPercentiles);
    s.seedText = '2026';
    await s.run();
    expect(s.result!.scenario).toEqual(first.scenario);
  });

  it('the official table is run once: there is no second table to compare', async () => {
    const s = useExplorerSessionsStore();
    s.playersText = '300';
    s.unitsText = '10';
    await s.run();
    expect(s.result!.official).toBeNull();
    expect(s.result!.scenario.players).toBe(300);
  });
});
