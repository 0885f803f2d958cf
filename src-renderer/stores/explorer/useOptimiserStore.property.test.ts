/**
 * The optimiser's properties through the app: the engine's seeded requests typed into the store's
 * form as a user would (percentages, bounds, top-prize count), solved by the worker's job handler
 * in-process (the same HiGHS loader and adapter as the Web Worker). Feasible by construction: a
 * table on target, no worse than the one the request was made from; infeasible by construction:
 * « no table » naming the constraint.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { analyseTable, scenarioTable, validateScenario } from '@engine';
import type { OptimiseRequest } from '@engine';
import {
  closenessOf,
  feasibleCases,
  infeasibleCases,
} from '../../../src-engine/explorer/optimise/test-support/property-cases';
import { setEnginePool } from '../../workers/engine-pool';
import { recordingInProcessPool } from '../../workers/in-process-worker';
import { useExplorerTableStore } from './useExplorerTableStore';
import { useOptimiserStore } from './useOptimiserStore';

const SEED = 20_261_202;
const feasible = feasibleCases(SEED, 1);
const infeasible = infeasibleCases(SEED, 1).filter((_, i) => i % 3 === 0);

beforeEach(() => {
  setActivePinia(createPinia());
  setEnginePool(recordingInProcessPool(1).pool);
});
afterEach(() => setEnginePool(undefined));

/**
 * A ratio as a percentage typed the French way, every decimal of the ratio kept: the ratio × 100
 * rid of its binary noise (0.695 × 100 is 69.49999999999999, typed « 69,5 »), the store reading
 * what is typed exactly.
 */
const typed = (ratio: number): string =>
  Number((ratio * 100).toPrecision(15))
    .toFixed(12)
    .replace(/\.?0+$/, '')
    .replace('.', ',');

/** The store's form filled in from a request (the interface is in French by default). */
function fill(r: OptimiseRequest): ReturnType<typeof useOptimiserStore> {
  useExplorerTableStore().loadOfficial(r.game, r.stakeCents);
  const o = useOptimiserStore();
  if (!('target' in r.rtp)) throw new Error('the property cases ask an RTP target');
  o.rtpMode = 'target';
  o.rtp = typed(r.rtp.target);
  o.rtpTolerance = typed(r.rtp.tolerance ?? 0.0001);
  o.hitRate = r.hitRate ? typed(r.hitRate.target) : '';
  if (r.hitRate) o.hitTolerance = typed(r.hitRate.tolerance ?? 0.005);
  if (r.topPrize?.lots !== undefined) o.topCount = String(r.topPrize.lots);
  for (const c of o.amounts)
    if (r.amountsCents && !r.amountsCents.includes(c) && c !== o.amounts[0]) o.toggleAmount(c, false);
  for (const b of r.levelBounds ?? []) {
    o.bounds[b.prizeCents] = {
      min: b.min === undefined ? '' : String(b.min),
      max: b.max === undefined ? '' : String(b.max),
    };
  }
  return o;
}

describe('useOptimiserStore on requests feasible by construction', () => {
  it.each(feasible.map((c) => [c.label, c] as const))('%s: a table on target through the store', async (_, c) => {
    const o = fill(c.request);
    expect(o.problems).toEqual([]);
    await o.run();
    expect(o.error).toBeNull();
    const r = o.result;
    if (!r?.ok) throw new Error(`no table: ${JSON.stringify(r)}`);
    expect(validateScenario(r.scenario)).toEqual([]);
    const a = analyseTable(scenarioTable(r.scenario));
    expect(a.totalCents).toBe(c.paidCents);
    if (c.request.hitRate) expect(a.lots).toBe(c.lots);
    for (const b of c.request.levelBounds ?? []) {
      const x = r.scenario.levels.find((l) => l.prizeCents === b.prizeCents)?.lots ?? 0;
      expect(x).toBeGreaterThanOrEqual(b.min ?? 0);
      expect(x).toBeLessThanOrEqual(b.max ?? Infinity);
    }
    expect(r.scenario.levels[0]).toEqual(c.table.levels[0]);
    expect(closenessOf(c.request, r.scenario)).toBeLessThanOrEqual(closenessOf(c.request, c.table));
  });
});

describe('useOptimiserStore on requests infeasible by construction', () => {
  it.each(infeasible.map((c) => [c.label, c] as const))('%s: « no table » naming the constraint', async (_, c) => {
    const o = fill(c.request);
    expect(o.problems).toEqual([]);
    await o.run();
    const r = o.result;
    if (!r || r.ok) throw new Error(`expected no table: ${JSON.stringify(r)}`);
    expect(r.verdict).toBe('no-table');
    expect(r.reasons.map((x) => x.en).join('\n')).toMatch(c.names);
  });
});
