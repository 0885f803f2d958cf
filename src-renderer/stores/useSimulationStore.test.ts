/**
 * The simulation store with the real job handlers run in-process (no Web Workers under Node) and
 * an in-memory bridge for the history.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watch } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { officialBlock, officialScenario, runRange, mergeBlock } from '../../src-engine/index';
import type { InstantLabApi } from '../bridge';
import { setBridge } from '../bridge';
import { setEnginePool } from '../workers/engine-pool';
import { inProcessPool } from '../workers/in-process-worker';
import { useHistoryStore } from './useHistoryStore';
import { useScenarioStore } from './useScenarioStore';
import { useSimulationStore } from './useSimulationStore';

const memory = new Map<string, unknown>();
const bridge = {
  storeGet: async (k: string) => memory.get(k),
  storeSet: async (k: string, v: unknown) => void memory.set(k, v),
} as unknown as InstantLabApi;

beforeEach(() => {
  setActivePinia(createPinia());
  setEnginePool(inProcessPool(2), 'simulation');
  setBridge(bridge);
  memory.clear();
  // progress is published once a frame; Node has no frames
  globalThis.requestAnimationFrame ??= (cb: FrameRequestCallback): number =>
    setTimeout(() => cb(0), 0) as unknown as number;
  globalThis.cancelAnimationFrame ??= (id: number): void => clearTimeout(id);
});
afterEach(() => {
  setEnginePool(undefined, 'simulation');
  setBridge(undefined);
});

describe('simulation store', () => {
  it('runs a Les 3 Gongs block whose digest is the engine’s (R1) and whose counts are the table’s (R4)', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    s.stakeCents = 50;
    s.seedText = '9';
    s.blocksText = '1';
    await s.run();
    expect(s.status).toBe('done');
    const b = s.result!.blocks[0]!;
    const spec = officialBlock('les-3-gongs', 50, 9);
    const engine = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    expect(b.digest).toBe(engine.digest);
    expect(b.auditOk).toBe(true);
    expect(b.counts).toEqual([...engine.levels.map((l) => l.official), engine.losing.official]);
    expect(useHistoryStore().runs[0]!.id).toBe(s.result!.id);
  });

  it('a run of many blocks keeps the spread of every block’s sales curve', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    s.seedText = '100';
    s.blocksText = '8';
    await s.run();
    const band = s.result!.curveBand!;
    expect(band.blocks).toBe(8);
    // sold out, every block returns exactly the table's RTP
    expect(band.min.at(-1)).toBeCloseTo(band.max.at(-1)!, 12);
    expect(band.mean.at(-1)).toBeCloseTo(s.figures.rtp, 12);
  });

  it('bad input is refused and the previous results stay', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    await s.run();
    const before = s.result;
    s.seedText = 'abc';
    await s.run();
    expect(s.refused).toBe(true);
    expect(s.seedError).toMatchObject({ key: 'seedDigits' });
    expect(s.result).toBe(before);
  });

  it('a cancelled run keeps the previous results', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    await s.run();
    const before = s.result;
    s.seedText = '2';
    s.blocksText = '5';
    const running = s.run();
    await new Promise((r) => setTimeout(r, 0));
    s.cancel();
    await running;
    expect(s.status).toBe('cancelled');
    expect(s.result).toBe(before);
  });

  it('the explorer’s scenario runs as full blocks of its own table, game and stake', async () => {
    const scenario = officialScenario('les-3-gongs', 100);
    scenario.levels[scenario.levels.length - 1]!.lots -= 1000;
    scenario.name = 'fewer small prizes';
    await useScenarioStore().use(scenario);
    const s = useSimulationStore();
    s.chooseTable('scenario');
    expect(s.game).toBe('les-3-gongs');
    expect(s.stakeCents).toBe(100);
    await s.run();
    expect(s.result!.tableSource).toBe('fewer small prizes');
    const last = s.result!.levels.length - 1;
    expect(s.result!.blocks[0]!.counts[last]).toBe(scenario.levels.at(-1)!.lots);
  });

  it('draws progress at most every 100 ms while running, and the final figures at the end', async () => {
    const s = useSimulationStore();
    s.game = 'mine-d-or';
    s.stakeCents = 50;
    s.seedText = '3';
    s.blocksText = '3';
    const seen: { at: number; done: number; total: number }[] = [];
    const stop = watch(
      () => s.progress,
      (p) => p && seen.push({ at: performance.now(), done: p.done, total: p.total }),
      { flush: 'sync' },
    );
    await s.run();
    stop();
    expect(s.status).toBe('done');
    // the first update (0 done) and the last (all done) are immediate; those between are spaced
    const between = seen.slice(1, -1);
    for (let k = 1; k < between.length; k++) expect(between[k]!.at - between[k - 1]!.at).toBeGreaterThanOrEqual(95);
    expect(seen[0]!.done).toBe(0);
    expect(seen.at(-1)).toMatchObject({ done: 3_000_000, total: 3_000_000 });
    // far fewer updates than the 300 segments that reported progress
    expect(seen.length).toBeLessThan(300);
  });
});
