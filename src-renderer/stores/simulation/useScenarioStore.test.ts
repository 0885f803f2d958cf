import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { blockSpecOfTable, officialScenario, officialTable } from '@engine';
import { setBridge } from '../../bridge';
import type { InstantLabApi } from '../../bridge';
import { useScenarioStore } from './useScenarioStore';

/** A bridge whose store is a Map: the only part this store uses. */
function fakeBridge(kept: Map<string, unknown>): InstantLabApi {
  return {
    storeGet: async (key: string) => kept.get(key) ?? null,
    storeSet: async (key: string, value: unknown) => void kept.set(key, value),
  } as unknown as InstantLabApi;
}

describe('scenario in use across screens', () => {
  let kept: Map<string, unknown>;
  beforeEach(() => {
    setActivePinia(createPinia());
    kept = new Map();
    setBridge(fakeBridge(kept));
  });

  it('keeps a valid scenario, with its table sorted largest lot first, and restores it after a reload', async () => {
    const s = officialScenario('mine-d-or', 50);
    s.levels[0]!.prizeCents = 1_500_000;
    s.name = 'top doubled';
    await useScenarioStore().use(s);
    expect(useScenarioStore().table!.levels[0]!.prizeCents).toBe(1_500_000);
    expect(useScenarioStore().table!.source).toBe('top doubled');

    setActivePinia(createPinia()); // a new page
    const again = useScenarioStore();
    expect(again.active).toBeNull();
    await again.load();
    expect(again.active!.name).toBe('top doubled');
  });

  it('refuses a scenario the rules cannot present (G1) and keeps the one in use', async () => {
    const good = officialScenario('les-3-gongs', 50);
    await useScenarioStore().use(good);
    const bad = officialScenario('les-3-gongs', 50);
    bad.levels.push({ prizeCents: 20, lots: 1 }); // 0,20 € at 0,50 €: neither a symbol nor a Bonus
    const refusal = useScenarioStore().use(bad);
    await expect(refusal).rejects.toThrow(/€0\.20/);
    // the refusal speaks both languages
    await expect(refusal).rejects.toMatchObject({ text: { fr: expect.stringContaining('niveau 10') as unknown } });
    expect(useScenarioStore().active!.levels).toHaveLength(good.levels.length);
  });

  it('turns the scenario in use into its block spec through blockSpecOfTable: the official table gives the official block', async () => {
    const store = useScenarioStore();
    expect(store.spec(1)).toBeNull();
    await store.use(officialScenario('les-3-gongs', 100));
    expect(store.spec(7)).toEqual(blockSpecOfTable(officialTable('les-3-gongs', 100), 7));
    expect(store.spec(7)!.table).toBe(officialTable('les-3-gongs', 100));
  });

  it('drops a stored scenario that no longer passes its checks', async () => {
    const s = officialScenario('mine-d-or', 100);
    s.levels[0]!.lots = -1;
    kept.set('scenario.active', s);
    await useScenarioStore().load();
    expect(useScenarioStore().active).toBeNull();
  });
});
