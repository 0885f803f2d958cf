/**
 * The simulation screen's run form: the chosen game, stake, first seed and block count, and the
 * table the blocks hold — the official one of the game and stake (art. 3.1–3.3), the payout
 * explorer's scenario, or a run reopened from the history's own table. Part of `useSimulationStore`.
 */
import { computed, ref, shallowRef, watch } from 'vue';
import { officialTable, randomSeed, tableFigures, tableIdentity } from '@engine';
import type { GameId, PrizeTable, StakeCents } from '@engine';
import { runTable, runTableIdentity } from '../../domain/simulation/model';
import type { SimulationRun } from '../../domain/simulation/model';
import { MAX_BLOCKS } from '../../domain/simulation/plan';
import { useBlockFields } from '../../composables/useBlockFields';
import { useScenarioStore } from './useScenarioStore';

export function useRunForm() {
  const game = ref<GameId>('mine-d-or');
  const stakeCents = ref<StakeCents>(100);
  const { seedText, blocksText, seedError, blocksError, values: fieldValues } = useBlockFields(MAX_BLOCKS);

  // The table the blocks hold: the official one (art. 3.1–3.3) of the chosen game and stake, or the
  // payout explorer's scenario, whose game and stake then apply.
  const scenarios = useScenarioStore();
  const tableChoice = ref<'official' | 'scenario'>('official');
  const usingScenario = computed(() => tableChoice.value === 'scenario' && scenarios.table !== null);
  /**
   * The table of a run reopened from the history, shown beside its results whatever the selector
   * says (a scenario run is never drawn under the official table); cleared once the user chooses
   * a table, a game or a stake.
   */
  const reopenedTable = shallowRef<PrizeTable | null>(null);
  const table = computed(
    () => reopenedTable.value ?? (usingScenario.value ? scenarios.table! : officialTable(game.value, stakeCents.value)),
  );
  /** What the table selector shows: the official table, the explorer's scenario, or a reopened run's own table. */
  const tableSelection = computed(() => (reopenedTable.value ? 'reopened' : tableChoice.value));
  /** The name of a reopened run's scenario table, when that is the table in use. */
  const reopenedName = computed(() => reopenedTable.value?.source ?? null);
  /** The table in use, named: official or scenario, and its digest. */
  const tableId = computed(() => tableIdentity(table.value));
  watch([game, stakeCents], ([g, s]) => {
    const r = reopenedTable.value;
    if (r && (r.game !== g || r.stakeCents !== s)) reopenedTable.value = null;
  });
  const figures = computed(() => tableFigures(table.value));

  /** Selects the scenario (its game and stake too) or the official table. */
  function chooseTable(choice: 'official' | 'scenario'): void {
    reopenedTable.value = null;
    tableChoice.value = choice;
    const sc = scenarios.active;
    if (choice === 'scenario' && sc) {
      game.value = sc.game;
      stakeCents.value = sc.stakeCents;
    }
  }

  /** Draws a seed with crypto.getRandomValues. */
  function drawSeed(): void {
    seedText.value = String(randomSeed(MAX_BLOCKS));
  }

  /** The form of a run from the history: its game, stake, seed, block count and its own table. */
  function restore(r: SimulationRun): void {
    game.value = r.game;
    stakeCents.value = r.stakeCents;
    tableChoice.value = 'official';
    // the run's own table comes back beside its results (a scenario's, whatever the selector showed):
    // the explorer's scenario when it is that very table, else the run's table on its own
    const own = runTableIdentity(r);
    const sameScenario = scenarios.table !== null && tableIdentity(scenarios.table).digest === own.digest;
    tableChoice.value = own.kind === 'scenario' && sameScenario ? 'scenario' : 'official';
    reopenedTable.value = own.kind === 'scenario' && !sameScenario ? runTable(r) : null;
    seedText.value = String(r.seed);
    blocksText.value = String(r.blocks.length);
  }

  return {
    game,
    stakeCents,
    seedText,
    blocksText,
    seedError,
    blocksError,
    /** The first seed and the number of blocks, or null while a field is wrong. */
    fieldValues,
    table,
    tableId,
    tableChoice,
    tableSelection,
    reopenedName,
    usingScenario,
    figures,
    chooseTable,
    drawSeed,
    restore,
  };
}
