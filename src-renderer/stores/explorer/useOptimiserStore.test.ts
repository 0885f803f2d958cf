/**
 * The optimiser store with the real job handler in-process (HiGHS under Node): the result is
 * re-checked with the engine's figures, belongs to the request it answers, and loads into the
 * table editor in one step.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { i18n } from '../../i18n';
import { analyseTable, scenarioTable, validateScenario } from '@engine';
import { setEnginePool } from '../../workers/engine-pool';
import { recordingInProcessPool } from '../../workers/in-process-worker';
import type { JobKind } from '@shared/jobs/protocol';
import { useExplorerTableStore } from './useExplorerTableStore';
import { useOptimiserStore } from './useOptimiserStore';

/** The interface language (vue-i18n's global locale, a ref in composition mode). */
const setLang = (l: 'fr' | 'en'): void => {
  (i18n.global.locale as unknown as { value: string }).value = l;
};

let ran: JobKind[] = [];
beforeEach(() => {
  setActivePinia(createPinia());
  const r = recordingInProcessPool(1);
  ran = r.ran;
  setEnginePool(r.pool);
});
afterEach(() => setEnginePool(undefined));

/** Les 3 Gongs at 0,50 € on 1 000 units, top prize 30 €: quick to solve. */
function smallRequest(): ReturnType<typeof useOptimiserStore> {
  useExplorerTableStore().loadOfficial('les-3-gongs', 50);
  const o = useOptimiserStore();
  o.blockUnits = '1000';
  o.topPrize = '30';
  for (const c of o.amounts.filter((a) => a > 3000)) o.toggleAmount(c, false);
  o.rtp = '69';
  o.hitRate = '28';
  return o;
}

describe('useOptimiserStore', () => {
  it('solves in a worker job, re-checked; the result loads into the editor in one step', async () => {
    const o = smallRequest();
    expect(o.problems).toEqual([]);
    await o.run();
    expect(ran).toEqual(['optimise']);
    expect(o.error).toBeNull();
    expect(o.running).toBe(false);
    const r = o.result;
    if (!r?.ok) throw new Error(`no table: ${JSON.stringify(r)}`);
    expect(validateScenario(r.scenario)).toEqual([]);
    const a = analyseTable(scenarioTable(r.scenario));
    expect(Math.abs(a.rtp - 0.69)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs(a.hitRate - 0.28)).toBeLessThanOrEqual(0.005);
    expect(r.scenario.levels[0]).toEqual({ prizeCents: 3000, lots: 1 });
    expect(r.scenario.name).toBe('Optimisé — TRJ 69,000\u00a0%, taux de gain 28,000\u00a0%');
    expect(o.elapsedMs).toBeGreaterThan(0);

    const table = useExplorerTableStore();
    const before = table.scenario;
    o.loadIntoEditor();
    expect(table.table?.levels).toEqual(scenarioTable(r.scenario).levels);
    expect(table.table?.blockUnits).toBe(1000);
    expect(table.analysis?.rtp).toBe(a.rtp);
    expect(table.scenario.name).toBe(r.scenario.name);
    // a table just found is in no file yet
    expect(table.unsaved).toBe(true);
    expect(table.isOfficial).toBe(false);
    // the edited table, the start of the solve, is now another: the result gives way to a word
    expect(o.result).toBeNull();
    expect(o.loaded).toBe(r.scenario.name);
    // the load was one undo step: the table edited before comes back, and the result with it
    table.undo();
    expect(table.scenario).toEqual(before);
    expect(o.result).toBe(r);
    // named in the language of the screen at the load
    setLang('en');
    await nextTick(); // the editor rewrites its amounts the English way
    expect(o.result).toBe(r);
    o.loadIntoEditor();
    expect(table.scenario.name).toBe('Optimised — RTP 69.000%, hit rate 28.000%');
    setLang('fr');
    table.undo();
    // a change of target drops the result
    o.rtp = '68';
    expect(o.result).toBeNull();
  });

  it('gives the reasons when no table exists', async () => {
    const o = smallRequest();
    o.hitRate = '90';
    await o.run();
    const r = o.result;
    expect(r?.ok).toBe(false);
    if (!r || r.ok) return;
    expect(r.reasons.map((x) => x.fr).join('\n')).toMatch(/le taux de retour ne peut pas descendre sous/);
  });

  it('names every field it cannot read, and the engine problems, before any job', async () => {
    const o = smallRequest();
    o.rtp = 'beaucoup';
    o.extraAmounts = '25,00 ; abc';
    expect(o.problems.map((p) => p.fr)).toEqual([
      'TRJ visé : « beaucoup » — un pourcentage de 0 à 100 est attendu (par exemple 70 ou 70,5)',
      'Montants ajoutés : « abc » — des montants en euros séparés par « ; » sont attendus (par exemple 25,00 ; 12,50)',
    ]);
    o.rtp = '80';
    o.extraAmounts = '0,55';
    expect(o.problems.map((p) => p.en)).toEqual([
      'RTP 80.000% is outside the legal band 65.000%–75.000% (Instant game): choose a target inside it',
      'amount €0.55: neither a symbol (art. 4.3.1) nor a Bonus of positive fifths of the stake (G1, fifth = €0.10) gives €0.55',
    ]);
    expect(o.canRun).toBe(false);
    await o.run();
    expect(ran).toEqual([]);
  });

  it('offers the official amounts and the added ones; bounds follow the amounts offered', () => {
    useExplorerTableStore().loadOfficial('mine-d-or', 100);
    const o = useOptimiserStore();
    o.extraAmounts = '25 ; 3';
    expect(o.amounts.slice(-2)).toEqual([2500, 300]);
    o.bounds[2500]!.min = '5';
    o.extraAmounts = '3';
    expect(o.bounds[2500]).toBeUndefined();
  });

  it('rewrites the decimals typed on a language switch', async () => {
    const o = useOptimiserStore();
    expect(o.rtpTolerance).toBe('0,01');
    setLang('en');
    await nextTick();
    expect([o.rtpTolerance, o.hitTolerance]).toEqual(['0.01', '0.5']);
    setLang('fr');
    await nextTick();
    expect(o.rtpTolerance).toBe('0,01');
  });

  it('a store first opened in English shows its default decimals the English way', () => {
    setLang('en');
    try {
      const o = useOptimiserStore();
      expect([o.rtpTolerance, o.hitTolerance]).toEqual(['0.01', '0.5']);
    } finally {
      setLang('fr');
    }
  });

  it('cancel stops the job: no result, no error', async () => {
    const o = smallRequest();
    const done = o.run();
    expect(o.running).toBe(true);
    o.cancel();
    await done;
    expect(o.running).toBe(false);
    expect(o.result).toBeNull();
    expect(o.error).toBeNull();
  });
});
