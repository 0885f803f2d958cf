/**
 * The what-if table in use across screens (issue: "a scenario can be run as full blocks by the
 * simulation screen and its units replayed like any other"). The payout explorer hands a valid
 * scenario over; the simulation and replay screens offer it beside the official table. It is kept
 * through the bridge, so it survives a reload.
 */
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { blockSpecOfTable, scenarioSchema, scenarioTable, validateScenario } from '@engine';
import type { BlockSpec, PrizeTable, Scenario } from '@engine';
import { getBridge } from '../../bridge';
import { LocalizedError } from '@shared/jobs/localized-error';

const KEY = 'scenario.active';

export const useScenarioStore = defineStore('useScenarioStore', () => {
  /** The scenario handed over by the explorer, or null. Always valid (checked when set). */
  const active = shallowRef<Scenario | null>(null);
  /** Its prize table, for BlockSpec.table. */
  const table = shallowRef<PrizeTable | null>(null);

  function apply(s: Scenario | null): void {
    active.value = s;
    table.value = s ? scenarioTable(s) : null;
  }

  /** Makes `s` the scenario in use; refuses one that breaks the rules (M4, G1) or the block size. */
  async function use(s: Scenario): Promise<void> {
    const problems = validateScenario(s);
    if (problems.length > 0)
      throw new LocalizedError({
        en: problems.map((p) => p.message).join('; '),
        fr: problems.map((p) => p.fr).join(' ; '),
      });
    const copy: Scenario = JSON.parse(JSON.stringify(s)) as Scenario;
    apply(copy);
    await getBridge()
      .storeSet(KEY, copy)
      .catch(() => undefined);
  }

  async function clear(): Promise<void> {
    apply(null);
    await getBridge()
      .storeSet(KEY, null)
      .catch(() => undefined);
  }

  /** Restores the scenario kept by the bridge; a stored one that no longer passes is dropped. */
  async function load(): Promise<void> {
    try {
      const raw = await getBridge().storeGet(KEY);
      const parsed = scenarioSchema.safeParse(raw);
      if (parsed.success && validateScenario(parsed.data as Scenario).length === 0) apply(parsed.data as Scenario);
    } catch {
      // nothing stored, or unreadable: no scenario in use
    }
  }

  /** The spec of block `seed` of the scenario in use (the one way: blockSpecOfTable), or null. */
  function spec(seed: number): BlockSpec | null {
    return table.value ? blockSpecOfTable(table.value, seed) : null;
  }

  return { active, table, use, clear, load, spec };
});
