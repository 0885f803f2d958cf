/**
 * The simulation screen's presentation settings form: the generator version (R5), M6's reading and
 * the presentation weights (M4) or Bonus shares (G2), as typed, checked against the table in use;
 * they are part of what names a run's blocks (R1). Part of `useSimulationStore`.
 */
import { computed, ref, watch } from 'vue';
import type { Ref } from 'vue';
import { tableKey } from '@engine';
import type { PresentationFile, PrizeTable } from '@engine';
import type { SimulationRun } from '../../domain/simulation/model';
import {
  decimalText,
  defaultPresentationForm,
  presentationErrors,
  presentationSettings,
  versionOfGeneratorId,
} from '../../domain/simulation/presentation-settings';
import type { MineLevelField, MineWeightField, PresentationForm } from '../../domain/simulation/presentation-settings';

/** A run's (or a file's) presentation weights. */
type Weights = NonNullable<SimulationRun['presentationSettings']>['weights'];

export function usePresentationForm(table: Readonly<Ref<PrizeTable>>) {
  const presentationForm = ref<PresentationForm>(defaultPresentationForm());
  const presentationFieldErrors = computed(() => presentationErrors(presentationForm.value, table.value));
  const presentation = computed(() => presentationSettings(presentationForm.value, table.value));
  // Bonus shares and level weights typed for one table's levels do not carry over to another table's (G2)
  watch(
    () => tableKey(table.value),
    () => (presentationForm.value = { ...presentationForm.value, bonusPercent: {}, mineLevels: {} }),
    { flush: 'sync' },
  );
  function setGeneratorVersion(v: number): void {
    presentationForm.value = { ...presentationForm.value, generatorVersion: v };
  }
  function setM6Strict(on: boolean): void {
    presentationForm.value = { ...presentationForm.value, m6Strict: on };
  }
  function setMineWeight(field: MineWeightField, text: string): void {
    presentationForm.value = { ...presentationForm.value, mine: { ...presentationForm.value.mine, [field]: text } };
  }
  /** One weight of one Mine d'or prize level (M4); an empty text takes the block's value again. */
  function setMineLevelWeight(prizeCents: number, field: MineLevelField, text: string): void {
    const f = presentationForm.value;
    const level = { ...f.mineLevels[String(prizeCents)], [field]: text };
    presentationForm.value = { ...f, mineLevels: { ...f.mineLevels, [String(prizeCents)]: level } };
  }
  /** A Mine d'or prize level back to the block's weights (M4). */
  function clearMineLevel(prizeCents: number): void {
    const mineLevels = { ...presentationForm.value.mineLevels };
    delete mineLevels[String(prizeCents)];
    presentationForm.value = { ...presentationForm.value, mineLevels };
  }
  function setBonusPercent(prizeCents: number, text: string): void {
    const bonusPercent = { ...presentationForm.value.bonusPercent, [String(prizeCents)]: text };
    presentationForm.value = { ...presentationForm.value, bonusPercent };
  }
  /** Back to version {@link GENERATOR_VERSION}, M6's default reading and the documented weights. */
  function resetPresentation(): void {
    presentationForm.value = defaultPresentationForm();
  }

  /** Puts a run's weights back into the form's texts. */
  function applyWeights(w: Weights): void {
    const f = presentationForm.value;
    const mine = { ...f.mine };
    const m = w?.mineDor;
    if (m) {
      m.winningExtras.forEach((v, i) => (mine[`winningExtras.${i}` as MineWeightField] = decimalText(v)));
      m.losingExtras.forEach((v, i) => (mine[`losingExtras.${i}` as MineWeightField] = decimalText(v)));
      mine.additionalCombination = decimalText(m.additionalCombination);
      mine.alignedCombination = decimalText(m.alignedCombination);
      mine.losingStage = decimalText(m.losingStage);
    }
    const mineLevels: Record<string, Partial<Record<MineLevelField, string>>> = {};
    for (const [cents, o] of Object.entries(m?.byPrize ?? {})) {
      const level: Partial<Record<MineLevelField, string>> = {};
      o.winningExtras?.forEach((v, i) => (level[`winningExtras.${i}` as MineLevelField] = decimalText(v)));
      for (const f of ['additionalCombination', 'alignedCombination', 'losingStage'] as const)
        if (o[f] !== undefined) level[f] = decimalText(o[f]);
      mineLevels[cents] = level;
    }
    // G2: every level of the table, its own share or the block's (a file may give only the block's)
    const bonusPercent = { ...f.bonusPercent };
    const g = w?.gongs;
    if (g) {
      for (const l of table.value.levels)
        bonusPercent[String(l.prizeCents)] = decimalText((g.bonusShareByPrize?.[l.prizeCents] ?? g.bonusShare) * 100);
      for (const [cents, share] of Object.entries(g.bonusShareByPrize ?? {}))
        bonusPercent[cents] = decimalText(share * 100);
    }
    presentationForm.value = { ...f, mine, mineLevels, bonusPercent };
  }

  /** The form of these settings: their version, M6 reading and weights replace the form's. */
  function fill(generatorVersion: number, m6Strict: boolean, weights: Weights): void {
    presentationForm.value = { ...defaultPresentationForm(), generatorVersion, m6Strict };
    if (weights) applyWeights(weights);
  }

  /**
   * Takes the settings of a presentation settings file already checked against the table in use
   * (`presentationProblemsFor`): its generator version, M6 reading and weights replace the form's.
   */
  function applyPresentationFile(file: PresentationFile): void {
    fill(file.generatorVersion, file.m6Strict, file.weights);
  }

  /** A run's presentation settings back in the form (runs saved before them: version of their generator id). */
  function restore(r: SimulationRun): void {
    const ps = r.presentationSettings;
    fill(ps?.generatorVersion ?? versionOfGeneratorId(r.generator), ps?.m6Strict ?? false, ps?.weights);
  }

  return {
    presentationForm,
    presentationFieldErrors,
    presentation,
    setGeneratorVersion,
    setM6Strict,
    setMineWeight,
    setMineLevelWeight,
    clearMineLevel,
    setBonusPercent,
    resetPresentation,
    applyPresentationFile,
    restore,
  };
}
