/**
 * The replay screen's open unit: a unit opened from its reference alone (R2, R3), by index in an
 * official block, or by index in a block of an explorer scenario. A refused input sets `error` and
 * never replaces the unit already shown.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import {
  InputError,
  formatUnitRef,
  isOfficialTable,
  blockOfRef,
  openUnit,
  parseUnitRef,
  refOfBlock,
} from '../../../src-engine/index';
import type { BlockSpec, GameId, LocalizedText, StakeCents, UnitRef } from '../../../src-engine/index';
import { GENERATOR_VERSION } from '../../../src-engine/index';
import { blockKeyOf, scenarioLabel } from '../../domain/replay/replayed-unit';
import type { ReplayScenario, ReplayedUnit } from '../../domain/replay/replayed-unit';

export const useReplayUnitStore = defineStore('useReplayUnitStore', () => {
  const current = shallowRef<ReplayedUnit | null>(null);
  /** The last refusal (a mistyped reference, an unknown game or version, an index outside the block). */
  const error = ref<LocalizedText | null>(null);
  /** The identity of the block of the unit on screen, or null. */
  const blockKey = computed(() => (current.value ? blockKeyOf(current.value) : null));

  /** Runs `open`; on an input error keeps the unit on screen and records the refusal. */
  function attempt(open: () => Omit<ReplayedUnit, 'openMs' | 'unit'>): boolean {
    try {
      const u = open();
      const t0 = performance.now();
      const unit = openUnit(u.spec, u.parsed.index);
      current.value = { ...u, unit, openMs: performance.now() - t0 };
      error.value = null;
      return true;
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      error.value = e.text;
      return false;
    }
  }

  /** Opens a unit from a typed reference; false, with `error` set, when the reference is refused. */
  function openRef(text: string): boolean {
    return attempt(() => {
      const parsed = parseUnitRef(text);
      // the reference's own generator version, not this build's: another version is refused (R1)
      const spec = blockOfRef(parsed); // with its M6 reading (V2S)
      return { ref: formatUnitRef(parsed), parsed, scenario: null, spec };
    });
  }

  /** Opens unit `index` of an official block of this build's generator. */
  function openIndex(game: GameId, stakeCents: StakeCents, seed: number, index: number): boolean {
    return attempt(() => {
      const parsed: UnitRef = { game, stakeCents, seed, index, generatorVersion: GENERATOR_VERSION };
      return { ref: formatUnitRef(parsed), parsed, scenario: null, spec: blockOfRef(parsed) };
    });
  }

  /**
   * Opens unit `index` of a block of a scenario's table (R2, as for an official block): the same
   * placement and presentations, reconciled to the scenario's lots.
   */
  function openScenarioIndex(scenario: ReplayScenario, seed: number, index: number): boolean {
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
  function openInBlock(spec: BlockSpec, index: number, scenarioName: string): boolean {
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
