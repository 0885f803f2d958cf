/**
 * The simulation screen's state: the chosen game, stake, seed and block count; the official table
 * they select (art. 3.1–3.3); a run on a dedicated pool of Web Workers (never engine work on the UI
 * thread) with streamed progress; and the last completed run, which a cancelled or refused run never
 * replaces.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { blockSpecOfTable, officialTable, randomSeed, tableIdentity, tableFigures, tableKey } from '@engine';
import type { BlockSpec, GameId, LocalizedText, PrizeTable, StakeCents } from '@engine';
import { runBlockSummaries } from '@shared/block-run/runner';
import { runIdentity } from '@shared/block-run/identity';
import type { PresentationFile } from '@engine';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import type { EnginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';
import { MAX_CURVES, curveUnitsOf, runTable, runTableIdentity } from '../../domain/simulation/model';
import type { SimulationRun } from '../../domain/simulation/model';
import { MAX_BLOCKS } from '../../domain/simulation/plan';
import {
  defaultPresentationForm,
  presentationErrors,
  presentationKey,
  presentationSettings,
  runPresentationKey,
  versionOfGeneratorId,
} from '../../domain/simulation/presentation-settings';
import { decimalText } from '../../domain/simulation/presentation-settings';
import type { MineLevelField, MineWeightField, PresentationForm } from '../../domain/simulation/presentation-settings';
import { useBlockFields } from '../../composables/useBlockFields';
import { useHistoryStore } from './useHistoryStore';
import { useScenarioStore } from './useScenarioStore';

export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** Live figures of a running simulation. */
export interface RunProgress {
  readonly done: number;
  readonly total: number;
  readonly blocksDone: number;
  readonly blocks: number;
  readonly unitsPerSecond: number;
  /** Estimated time left, in ms; null until there is a rate. */
  readonly etaMs: number | null;
}

/**
 * Least time between two progress updates on screen (ms): four a second read as live, and each
 * costs the UI thread a render, a paint and a commit (a few ms) taken from the workers on two cores.
 */
const PUBLISH_MS = 250;

/** The screen's own pool: long runs never make another screen's jobs wait, and cancelling touches only them. */
const simulationPool = (): EnginePool => enginePool('simulation');

export const useSimulationStore = defineStore('useSimulationStore', () => {
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

  // Presentation settings (R5 version, M6 reading, M4/G2 weights): part of what names the run's blocks.
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

  /** The spec of block `seed` of the table in use (R1: same game, stake, seed, version and M6 reading). */
  const specFor = (seed: number): BlockSpec => {
    const s = presentation.value;
    const spec = blockSpecOfTable(table.value, seed, s?.generatorVersion);
    return s?.m6Strict ? { ...spec, m6Strict: true } : spec;
  };
  const figures = computed(() => tableFigures(table.value));

  /** Set when Run was pressed with bad input (the fields then show their errors). */
  const refused = ref(false);

  const status = ref<RunStatus>('idle');
  const progress = shallowRef<RunProgress | null>(null);
  const failure = ref<LocalizedText | null>(null);
  /** The last completed (or reopened) run: replaced only when a run completes. */
  const result = shallowRef<SimulationRun | null>(null);
  const resultSource = ref<'run' | 'history'>('run');
  /** performance.now() at the start of the run that produced `result`, for the Run → charts timing. */
  const resultStartedAt = ref<number | null>(null);
  let token = 0;
  /** Cancels the run in progress (its jobs only). */
  let runAbort: AbortController | null = null;

  /** Draws a seed with crypto.getRandomValues. */
  function drawSeed(): void {
    seedText.value = String(randomSeed(MAX_BLOCKS));
  }

  /** Runs the blocks; resolves when done, cancelled or failed (never rejects). */
  async function run(): Promise<void> {
    const fields = fieldValues.value;
    const settings = presentation.value;
    if (!fields || !settings) {
      refused.value = true;
      return;
    }
    const weights = settings.weights;
    const { seed, blocks } = fields;
    refused.value = false;
    if (status.value === 'running') return;
    const my = ++token;
    const p = simulationPool();
    const started = performance.now();
    const specs = Array.from({ length: blocks }, (_, k) => specFor(seed + k));
    const spec0 = specs[0]!;
    const units = spec0.table.blockUnits;
    let live = { done: 0, total: units * blocks, blocksDone: 0, blocks };
    let frame = 0;
    let lastPublish = started;
    const publish = (): void => {
      frame = 0;
      lastPublish = performance.now();
      if (my !== token) return;
      const { done, total, blocksDone } = live;
      const secs = (performance.now() - started) / 1000;
      const rate = secs > 0 ? done / secs : 0;
      progress.value = {
        done,
        total,
        blocksDone,
        blocks,
        unitsPerSecond: rate,
        etaMs: rate > 0 ? ((total - done) / rate) * 1000 : null,
      };
    };
    // Progress is drawn at most every PUBLISH_MS, on a frame: each drawing is a UI task that takes
    // a core from the workers on a two-core machine.
    let wait: ReturnType<typeof setTimeout> | undefined;
    const schedule = (): void => {
      if (frame !== 0 || wait !== undefined) return;
      const left = lastPublish + PUBLISH_MS - performance.now();
      if (left <= 0) frame = requestAnimationFrame(publish);
      else
        wait = setTimeout(() => {
          wait = undefined;
          frame = requestAnimationFrame(publish);
        }, left);
    };
    status.value = 'running';
    failure.value = null;
    const abort = new AbortController();
    runAbort = abort;
    publish();

    try {
      // planned, run and merged in the workers (the shared block runner): this thread receives
      // finished summaries, and the sales band of every block is computed in a worker too
      const merged = await runBlockSummaries(p, specs, {
        ...(weights ? { weights } : {}),
        signal: abort.signal,
        onProgress: (x) => {
          live = x;
          schedule();
        },
      });
      const first = merged[0]!;
      const summaries = merged.map((m) => m.block);
      const presentation = first.presentation.map((_, i) => merged.reduce((sum, m) => sum + m.presentation[i]!, 0));
      const curveUnits = curveUnitsOf(units, first.curveBucketUnits, first.buckets);
      // the spread of every block's curve is kept; single curves only for the first blocks (history size)
      const curveBand = await p.run(
        'salesBand',
        { table: spec0.table, curveUnits, curvesPaid: summaries.map((b) => [...b.curvePaid]) },
        undefined,
        abort.signal,
      );
      if (my !== token) return;
      const classes = first.presentationClasses;
      // what the run is of, named once here and carried by every screen, file and report
      const identity = runIdentity(specs);
      const finished: SimulationRun = {
        version: 1,
        id: `${Date.now().toString(36)}-${identity.game}-${identity.seed}`,
        finishedAt: new Date().toISOString(),
        game: spec0.game,
        stakeCents: spec0.stakeCents,
        seed: identity.seed,
        generator: identity.generator,
        table: identity.table,
        presentationSettings: {
          generatorVersion: settings.generatorVersion,
          m6Strict: settings.m6Strict,
          ...(weights ? { weights } : {}),
        },
        units,
        tableSource: spec0.table.source,
        levels: spec0.table.levels.map((l) => ({ prizeCents: l.prizeCents, lots: l.lots })),
        curveUnits,
        presentationClasses: [...classes],
        presentation,
        blocks: summaries.map((b, k) => (k < MAX_CURVES ? b : { ...b, curvePaid: [] })),
        curveBand,
        totalMs: Math.round(performance.now() - started),
        workers: p.size,
      };
      result.value = finished;
      resultSource.value = 'run';
      resultStartedAt.value = started;
      status.value = 'done';
      publish();
      void useHistoryStore().add(result.value);
    } catch (e) {
      if (my !== token) return;
      if (e instanceof CancelledError) {
        status.value = 'cancelled';
      } else {
        status.value = 'failed';
        failure.value = textOf(e);
      }
    } finally {
      if (runAbort === abort) runAbort = null;
      if (frame !== 0) cancelAnimationFrame(frame);
      clearTimeout(wait);
    }
  }

  /** Stops the run: its workers are terminated at once; the previous results stay as they were. */
  function cancel(): void {
    if (status.value !== 'running') return;
    runAbort?.abort();
  }

  /** Shows a run from the history, without recomputing anything. */
  function open(r: SimulationRun): void {
    if (status.value === 'running') return;
    game.value = r.game;
    stakeCents.value = r.stakeCents;
    tableChoice.value = 'official';
    // the run's own table comes back beside its results (a scenario's, whatever the selector showed):
    // the explorer's scenario when it is that very table, else the run's table on its own
    const own = runTableIdentity(r);
    const sameScenario = scenarios.table !== null && tableIdentity(scenarios.table).digest === own.digest;
    tableChoice.value = own.kind === 'scenario' && sameScenario ? 'scenario' : 'official';
    reopenedTable.value = own.kind === 'scenario' && !sameScenario ? runTable(r) : null;
    // the run's presentation settings come back with it (runs saved before them: version of their generator id)
    const ps = r.presentationSettings;
    presentationForm.value = {
      ...defaultPresentationForm(),
      generatorVersion: ps?.generatorVersion ?? versionOfGeneratorId(r.generator),
      m6Strict: ps?.m6Strict ?? false,
    };
    if (ps?.weights) applyWeights(ps.weights);
    seedText.value = String(r.seed);
    blocksText.value = String(r.blocks.length);
    result.value = r;
    resultSource.value = 'history';
    resultStartedAt.value = null;
    status.value = 'idle';
    progress.value = null;
  }

  /** Puts a run's weights back into the form's texts. */
  function applyWeights(w: NonNullable<SimulationRun['presentationSettings']>['weights']): void {
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

  /**
   * Takes the settings of a presentation settings file already checked against the table in use
   * (`presentationProblemsFor`): its generator version, M6 reading and weights replace the form's.
   */
  function applyPresentationFile(file: PresentationFile): void {
    presentationForm.value = {
      ...defaultPresentationForm(),
      generatorVersion: file.generatorVersion,
      m6Strict: file.m6Strict,
    };
    if (file.weights) applyWeights(file.weights);
  }

  // R1: results computed under other presentation settings name other blocks: they are dropped
  watch(
    () => (presentation.value ? presentationKey(presentation.value) : null),
    (key) => {
      const r = result.value;
      if (r && key !== null && runPresentationKey(r) !== key && status.value !== 'running') {
        result.value = null;
        progress.value = null;
        status.value = 'idle';
      }
    },
    { flush: 'sync' },
  );

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
    game,
    stakeCents,
    seedText,
    blocksText,
    table,
    tableId,
    tableChoice,
    tableSelection,
    reopenedName,
    usingScenario,
    chooseTable,
    figures,
    seedError,
    blocksError,
    refused,
    status,
    progress,
    failure,
    result,
    resultSource,
    resultStartedAt,
    drawSeed,
    run,
    cancel,
    open,
  };
});
