import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { officialScenario, scenarioToJson } from '@engine';
import type { Scenario } from '@engine';
import { setBridge } from '../../bridge';
import type { InstantLabApi } from '../../bridge';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';
import { useScenarioStore } from '../simulation/useScenarioStore';
import { useSimulationStore } from '../simulation/useSimulationStore';
import { useComparisonStore } from './useComparisonStore';
import { useExplorerTableStore } from './useExplorerTableStore';

/** A bridge that opens the next file of `queue` (null: the dialog is cancelled) and counts the dialogs. */
function fakeBridge(queue: ({ name: string; text: string } | null)[], dialogs: { n: number }): InstantLabApi {
  const unread = new Map<string, string>();
  return {
    beginOpen: async () => {
      dialogs.n++;
      const f = queue.shift() ?? null;
      if (!f) return null;
      const handle = `h${dialogs.n}`;
      unread.set(handle, f.text);
      return { handle, name: f.name, size: new TextEncoder().encode(f.text).length };
    },
    readOpen: async (handle: string) => {
      const c = unread.get(handle) ?? null;
      unread.delete(handle);
      return c;
    },
    closeOpen: async () => undefined,
    storeSet: async () => undefined,
    storeGet: async () => null,
  } as unknown as InstantLabApi;
}

/** Mine d'or 0,50 € with `extra` more lots of 0,50 € (+0,05 pt of RTP per 1 000). */
function scenario(name: string, extra: number, game: Scenario['game'] = 'mine-d-or', stake: 50 | 100 = 50): Scenario {
  const s = officialScenario(game, stake);
  const last = s.levels.at(-1)!;
  return { ...s, name, levels: [...s.levels.slice(0, -1), { ...last, lots: last.lots + extra }] };
}
const file = (name: string, s: Scenario) => ({ name, text: scenarioToJson(s) });

describe('tables side by side', () => {
  let queue: ({ name: string; text: string } | null)[];
  let dialogs: { n: number };
  beforeEach(() => {
    setActivePinia(createPinia());
    queue = [];
    dialogs = { n: 0 };
    setBridge(fakeBridge(queue, dialogs));
    // opened files are parsed in a worker: the real handler, in-process
    setEnginePool(inProcessPool());
  });
  afterEach(() => setEnginePool(undefined));

  it('starts with the official table and the table being edited, which it follows as it changes', () => {
    const store = useComparisonStore();
    const table = useExplorerTableStore();
    expect(store.columns.map((c) => c.kind)).toEqual(['official', 'edited']);
    expect(store.columns[0]!.name).toBe("Mine d'or 0,50\u00a0€ — tableau officiel");
    expect(store.view!.columns[0]!.rtp).toBeCloseTo(0.7, 12);
    expect(store.view!.deltas[1]!.rtp).toBe(0);
    table.rows[11]!.lots = '115020'; // +15,000 lots of 0,50 €: +1.5 pt
    expect(store.view!.deltas[1]!.rtp).toBeCloseTo(0.015, 12);
    expect(store.columns[1]!.name).toBe("Scénario — Mine d'or 0,50\u00a0€ (modifié)");
    // an invalid table has no figures: its column stays, out of the view
    table.rows[11]!.lots = '-1';
    expect(store.columns[1]!.scenario).toBeNull();
    expect(store.view!.columns).toHaveLength(1);
  });

  it('opens scenario files of the same game and stake; a fifth table is refused before the dialog opens', async () => {
    const store = useComparisonStore();
    queue.push(file('a.scenario.json', scenario('Plus de petits lots', 15_000)), file('b.json', scenario('', 30_000)));
    await store.open();
    await store.open();
    expect(store.columns.map((c) => c.name)).toEqual([
      "Mine d'or 0,50\u00a0€ — tableau officiel",
      "Mine d'or 0,50\u00a0€ — tableau officiel",
      'Plus de petits lots',
      'b', // a file without a name goes by its file name
    ]);
    expect(store.view!.deltas[2]!.rtp).toBeCloseTo(0.015, 12);
    expect(store.view!.deltas[3]!.liabilityCents).toBe(1_500_000);
    expect(store.full).toBe(true);
    await store.open();
    expect(dialogs.n).toBe(2);
    expect(store.notice).toEqual({ kind: 'full' });
    store.addOfficial(); // already there: nothing added
    expect(store.columns).toHaveLength(4);
    // removing one frees a place; the reference can be any column
    store.remove(store.columns[1]!.id);
    expect(store.notice).toBeNull();
    store.makeReference(store.columns[2]!.id);
    expect(store.columns[0]!.name).toBe('b');
    expect(store.view!.deltas[1]!.rtp).toBeCloseTo(-0.03, 12);
  });

  it('places opened files in the order they were chosen, even when the first one parses last', async () => {
    // the first parse is held until the second has finished parsing
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const pool = inProcessPool();
    const run = pool.run.bind(pool);
    let calls = 0;
    pool.run = (async (...args: Parameters<typeof run>) => {
      const first = calls++ === 0;
      const out = await run(...args);
      if (first) await held;
      else release();
      return out;
    }) as typeof pool.run;
    setEnginePool(pool);
    const store = useComparisonStore();
    queue.push(file('a.json', scenario('Premier choisi', 15_000)), file('b.json', scenario('Second choisi', 30_000)));
    await Promise.all([store.open(), store.open()]);
    expect(store.columns.map((c) => c.name).slice(2)).toEqual(['Premier choisi', 'Second choisi']);
  });

  it('refuses a file of another game or stake, and a broken one with all its problems, leaving the comparison as it was', async () => {
    const store = useComparisonStore();
    const before = store.columns;
    queue.push(
      file('g.json', scenario('Gongs', 0, 'les-3-gongs')),
      file('s.json', scenario('1 €', 0, 'mine-d-or', 100)),
    );
    await store.open();
    expect(store.notice).toEqual({ kind: 'mismatch', file: 'g.json', game: 'les-3-gongs', stakeCents: 50 });
    await store.open();
    expect(store.notice).toEqual({ kind: 'mismatch', file: 's.json', game: 'mine-d-or', stakeCents: 100 });
    const bad = {
      ...scenario('x', 0),
      levels: [
        { prizeCents: 30, lots: -2 },
        { prizeCents: 30, lots: 1 },
      ],
    };
    queue.push(file('bad.json', bad));
    await store.open();
    expect(store.refusedFile).toBe('bad.json');
    expect(store.problems.map((p) => p.code)).toEqual(['lots-negative', 'unreachable-mine-d-or', 'amount-duplicate']);
    expect(store.columns).toEqual(before);
    queue.push(null); // a cancelled dialog changes nothing
    await store.open();
    expect(store.columns).toEqual(before);
  });

  it('another game or stake in the editor drops the opened files of the former one, and says which', async () => {
    const store = useComparisonStore();
    queue.push(file('a.json', scenario('A', 1000)));
    await store.open();
    expect(store.columns).toHaveLength(3);
    useExplorerTableStore().loadOfficial('les-3-gongs', 50);
    await Promise.resolve();
    expect(store.columns.map((c) => c.kind)).toEqual(['official', 'edited']);
    expect(store.notice).toEqual({ kind: 'dropped', files: ['a.json'] });
    expect(store.view!.columns[0]!.sdStakes).toBeCloseTo(11.98, 2);
  });

  it('the volatility index follows the confidence level', () => {
    const store = useComparisonStore();
    const sd = store.view!.columns[0]!.sdStakes;
    expect(store.view!.columns[0]!.vi).toBeCloseTo(1.645 * sd, 2);
    store.confidence = 0.95;
    expect(store.view!.columns[0]!.vi).toBeCloseTo(1.96 * sd, 2);
  });

  it('sends a table to the simulation screen: a scenario under its name, the official table as itself', async () => {
    const store = useComparisonStore();
    queue.push(file('a.json', scenario('Plus de petits lots', 15_000)));
    await store.open();
    await store.toSimulation(store.columns[2]!.id);
    const sim = useSimulationStore();
    expect(useScenarioStore().active!.name).toBe('Plus de petits lots');
    expect(sim.usingScenario).toBe(true);
    expect(sim.stakeCents).toBe(50);
    expect(sim.table.levels.at(-1)!.lots).toBe(115_020);
    useExplorerTableStore().loadOfficial('mine-d-or', 200);
    await store.toSimulation(store.columns[0]!.id);
    expect(sim.usingScenario).toBe(false);
    expect(sim.stakeCents).toBe(200);
    expect(sim.table.levels[0]!.prizeCents).toBe(3_000_000);
  });
});
