/**
 * The simulation screen's run: the blocks of the form's seeds on the screen's own pool of Web
 * Workers (planned, run and merged there: never engine work on the UI thread), its streamed
 * progress, and the last completed run, which a cancelled or refused run never replaces. Part of
 * `useSimulationStore`.
 */
import { ref, shallowRef, watch } from 'vue';
import type { ComputedRef } from 'vue';
import type { BlockSpec, LocalizedText } from '@engine';
import { runBlockSummaries } from '@shared/block-run/runner';
import { runIdentity } from '@shared/block-run/identity';
import { textOf } from '@shared/jobs/localized-error';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import type { EnginePool } from '../../workers/engine-pool';
import { MAX_CURVES, curveUnitsOf } from '../../domain/simulation/model';
import type { SimulationRun } from '../../domain/simulation/model';
import { presentationKey, runPresentationKey } from '../../domain/simulation/presentation-settings';
import type { PresentationSettings } from '../../domain/simulation/presentation-settings';
import { useHistoryStore } from './useHistoryStore';

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
 * Least time between two progress updates on screen (ms): twice a second reads as live, and each
 * costs the UI thread a render, a paint and a commit (10–20 ms in a software-rendered window)
 * taken from the workers on two cores.
 */
const PUBLISH_MS = 500;

/** The screen's own pool: long runs never make another screen's jobs wait, and cancelling touches only them. */
const simulationPool = (): EnginePool => enginePool('simulation');

/** What a run is of: the form's seeds, the settings in use, and the spec of each block. */
export interface RunInput {
  /** The first seed and the number of blocks, or null while a field is wrong. */
  readonly fieldValues: ComputedRef<{ seed: number; blocks: number } | null>;
  /** The presentation settings, or null while a field is wrong. */
  readonly presentation: ComputedRef<PresentationSettings | null>;
  /** The spec of block `seed` of the table in use (R1). */
  readonly specFor: (seed: number) => BlockSpec;
}

export function useSimulationRun({ fieldValues, presentation, specFor }: RunInput) {
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
      // Run → every block computed (before any drawing), read by `npm run bench:ui`
      performance.measure('simulation:run-compute', { start: started, end: performance.now() });
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

  /** Shows a run from the history as the last result, without recomputing anything. */
  function show(r: SimulationRun): void {
    result.value = r;
    resultSource.value = 'history';
    resultStartedAt.value = null;
    status.value = 'idle';
    progress.value = null;
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

  return { refused, status, progress, failure, result, resultSource, resultStartedAt, run, cancel, show };
}
