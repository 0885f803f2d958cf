/**
 * The simulation screen's state: the run form (game, stake, seed, block count and the table they
 * select, art. 3.1–3.3), the presentation settings form (R5, M6, M4, G2), the run on a dedicated
 * pool of Web Workers with streamed progress, and a run reopened from the history. Each job is its
 * own module (`run-form.ts`, `presentation-form.ts`, `simulation-run.ts`); this store joins them.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { BlockSpec, TableIdentity } from '@engine';
import type { SimulationRun } from '../../domain/simulation/model';
import { runBlockSpec, runBlocksOf } from '../../domain/simulation/run-blocks';
import { presentationKey } from '../../domain/simulation/presentation-settings';
import { resultsStanding as standingOf } from '../../domain/simulation/results-standing';
import type { ResultsStanding } from '../../domain/simulation/results-standing';
import { usePresentationForm } from './presentation-form';
import { useRunForm } from './run-form';
import { useSimulationRun } from './simulation-run';

export const useSimulationStore = defineStore('useSimulationStore', () => {
  const { fieldValues, restore: restoreForm, ...form } = useRunForm();
  const { restore: restorePresentation, ...settings } = usePresentationForm(form.table);

  /** The spec of block `seed` of the table in use (R1: same game, stake, seed, version and M6 reading). */
  const specFor = (seed: number): BlockSpec => runBlockSpec(form.table.value, seed, settings.presentation.value);
  const { show, ...simulation } = useSimulationRun({ fieldValues, presentation: settings.presentation, specFor });

  /**
   * Set when reopening a run changed the table the next run uses (its own table, not the one in use
   * before): from which table to which. Cleared once that table changes again or a run starts.
   */
  const tableChange = shallowRef<{ readonly from: TableIdentity; readonly to: TableIdentity } | null>(null);
  watch(
    () => [form.tableId.value.digest, simulation.status.value] as const,
    ([digest, status]) => {
      const c = tableChange.value;
      if (c && (digest !== c.to.digest || status === 'running')) tableChange.value = null;
    },
    { flush: 'sync' },
  );

  /** Shows a run from the history, without recomputing anything: its form, settings and results. */
  function open(r: SimulationRun): void {
    if (simulation.status.value === 'running') return;
    const before = form.tableId.value;
    restoreForm(r);
    restorePresentation(r);
    show(r);
    const after = form.tableId.value;
    // two tables may go by one name: the digest says whether the next run's table changed
    tableChange.value = after.digest === before.digest ? null : { from: before, to: after };
  }

  /** The blocks of the run on screen, whole, for the screens it is handed to (made as `specFor` made them). */
  const resultBlocks = computed(() => (simulation.result.value ? runBlocksOf(simulation.result.value) : null));

  /** Whether the results on screen are the run the form describes, or the previous one (null: no results). */
  const resultsStanding = computed<ResultsStanding | null>(() => {
    const r = simulation.result.value;
    if (!r) return null;
    const p = settings.presentation.value;
    return standingOf(r, {
      running: simulation.status.value === 'running',
      table: form.tableId.value,
      fields: fieldValues.value,
      presentationKey: p ? presentationKey(p) : null,
    });
  });

  /**
   * The explorer's scenario handed over (« Ouvrir dans l'écran Simulation »): the form takes it, with
   * the block seed typed there (null: a seed that was not valid) so that the first block run is the
   * block the explorer showed; the screen, when it opens, takes the arrival once to put the focus on
   * its heading.
   */
  const arrived = ref(false);
  function receiveScenario(seed: number | null): void {
    form.chooseTable('scenario');
    if (seed !== null) form.seedText.value = String(seed);
    arrived.value = true;
  }
  function takeArrival(): boolean {
    const a = arrived.value;
    arrived.value = false;
    return a;
  }

  return {
    ...settings,
    ...form,
    ...simulation,
    resultBlocks,
    resultsStanding,
    tableChange,
    open,
    receiveScenario,
    takeArrival,
  };
});
