/**
 * The replay screen's open unit: a unit opened from its reference alone (R2, R3), by index in an
 * official block, or by index in a block of an explorer scenario. The reference is read here; the
 * unit is opened in a worker (`openUnit` job). A refused input sets `error` and never replaces the
 * unit already shown; of several opens in flight, the last one asked for is the one shown.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { InputError, formatUnitRef, isOfficialTable, blockOfRef, parseUnitRef, refOfBlock } from '@engine';
import type { BlockSpec, GameId, LocalizedText, StakeCents, UnitRef } from '@engine';
import { GENERATOR_VERSION } from '@engine';
import { blockKeyOf, scenarioLabel } from '../../domain/replay/replayed-unit';
import { enginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';
import type { ReplayScenario, ReplayedUnit } from '../../domain/replay/replayed-unit';

export const useReplayUnitStore = defineStore('useReplayUnitStore', () => {
  const current = shallowRef<ReplayedUnit | null>(null);
  /** The last refusal (a mistyped reference, an unknown game or version, an index outside the block). */
  const error = ref<LocalizedText | null>(null);
  /** The identity of the block of the unit on screen, or null. */
  const blockKey = computed(() => (current.value ? blockKeyOf(current.value) : null));

  /** The last open asked for: an older one that finishes later is dropped. */
  let latest = 0;

  /**
   * Reads the input with `read` (here: a refused reference never reaches a worker), then opens the
   * unit in the replay's worker; on a refusal keeps the unit on screen and records why.
   * True when this open's unit is the one now shown.
   */
  async function attempt(read: () => Omit<ReplayedUnit, 'openMs' | 'unit'>): Promise<boolean> {
    const mine = ++latest;
    try {
      const u = read();
      const { unit, openMs } = await enginePool('replay').run('openUnit', { spec: u.spec, index: u.parsed.index });
      if (mine !== latest) return false;
      current.value = { ...u, unit, openMs };
      error.value = null;
      return true;
    } catch (e) {
      if (mine !== latest) return false;
      // a refused input, or a worker that failed: one message, the unit on screen kept
      error.value = e instanceof InputError ? e.text : textOf(e);
      return false;
    }
  }

  /** Opens a unit from a typed reference; false, with `error` set, when the reference is refused. */
  function openRef(text: string): Promise<boolean> {
    return attempt(() => {
      const parsed = parseUnitRef(text);
      // the reference's own generator version, not this build's: another version is refused (R1)
      const spec = blockOfRef(parsed); // with its M6 reading (V2S)
      return { ref: formatUnitRef(parsed), parsed, scenario: null, spec };
    });
  }

  /** Opens unit `index` of an official block of this build's generator. */
  function openIndex(game: GameId, stakeCents: StakeCents, seed: number, index: number): Promise<boolean> {
    return attempt(() => {
      const parsed: UnitRef = { game, stakeCents, seed, index, generatorVersion: GENERATOR_VERSION };
      return { ref: formatUnitRef(parsed), parsed, scenario: null, spec: blockOfRef(parsed) };
    });
  }

  /**
   * Opens unit `index` of a block of a scenario's table (R2, as for an official block): the same
   * placement and presentations, reconciled to the scenario's lots.
   */
  function openScenarioIndex(scenario: ReplayScenario, seed: number, index: number): Promise<boolean> {
    return attempt(() => {
      const t = scenario.table;
      const parsed: UnitRef = {
        game: t.game,
        stakeCents: t.stakeCents as StakeCents,
        seed,
        index,
        generatorVersion: GENERATOR_VERSION,
      };
      const spec: BlockSpec = {
        game: t.game,
        stakeCents: parsed.stakeCents,
        seed,
        generatorVersion: GENERATOR_VERSION,
        table: t,
      };
      return { ref: scenarioLabel(seed, index), parsed, scenario, spec };
    });
  }

  /**
   * Opens unit `index` of exactly the block `spec` names: an official table by its reference, any
   * other table as the scenario `scenarioName`. Search results open their units through this.
   */
  function openInBlock(spec: BlockSpec, index: number, scenarioName: string): Promise<boolean> {
    if (isOfficialTable(spec.table)) {
      // an official block: the unit's own reference (with the block's version and M6 reading, R3)
      const parsed = refOfBlock(spec, index);
      return attempt(() => ({ ref: formatUnitRef(parsed), parsed, scenario: null, spec: blockOfRef(parsed) }));
    }
    return openScenarioIndex({ name: scenarioName, table: spec.table }, spec.seed, index);
  }

  /** Shows a refusal that did not come from opening (kept unit, same message box). */
  function refuse(text: LocalizedText): void {
    error.value = text;
  }

  /** Clears the last refusal message. */
  function dismissError(): void {
    error.value = null;
  }

  return { current, error, blockKey, openRef, openIndex, openScenarioIndex, openInBlock, refuse, dismissError };
});
