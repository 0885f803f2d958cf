/**
 * The one block runner of the command line and the app: a run's blocks are cut into ranges
 * ({@link planRanges}), the ranges scheduled over a {@link JobPool}, and each block merged *in a
 * worker* as soon as its last range is in (its merge goes ahead of the queue, so its tallies are
 * freed early) — or, when the plan gives each block one range, each block run and merged whole in
 * one worker job; the caller receives finished results or summaries, with progress on the way, and
 * one `AbortSignal` cancels everything. Any cut gives the same digests (R1).
 */
import { planRanges } from '@engine';
import type { BlockResult, BlockSpec, PresentationWeights, RangeTally } from '@engine';
import type { JobPool } from '../jobs/pool';
import type { MergedSummary } from './summary';

/** Where a run is: units done of all blocks, and blocks merged. */
export interface BlockRunProgress {
  readonly done: number;
  readonly total: number;
  readonly blocksDone: number;
  readonly blocks: number;
}

export interface BlockRunOptions {
  readonly weights?: PresentationWeights;
  readonly signal?: AbortSignal;
  /** Called on every progress report of a job (a range or a whole block), range end and block merge. */
  readonly onProgress?: (p: BlockRunProgress) => void;
}

/**
 * One merged block of a run, and its wall time from its first units in to its merge (ms); null
 * for a block run whole in one job, which its worker times itself (a job may wait in a worker
 * behind another, so this thread cannot see when it starts).
 */
interface Merged<T> {
  readonly value: T;
  readonly elapsedMs: number | null;
}

/** How a run gets each block: merged from its ranges' tallies, or whole in one job. */
interface BlockJobs<T> {
  readonly merge: (spec: BlockSpec, tallies: RangeTally[], signal: AbortSignal) => Promise<T>;
  readonly whole: (spec: BlockSpec, onProgress: (done: number) => void, signal: AbortSignal) => Promise<T>;
}

async function runMerged<T>(
  pool: JobPool,
  specs: readonly BlockSpec[],
  opts: BlockRunOptions,
  jobs: BlockJobs<T>,
): Promise<Merged<T>[]> {
  if (specs.length === 0) return [];
  const units = specs[0]!.table.blockUnits;
  if (specs.some((s) => s.table.blockUnits !== units)) throw new Error('the blocks of one run have one size');
  // one failure (or the caller's cancel) cancels every other job of the run
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  // a signal aborted before the run never fires its event: the run is cancelled before it starts
  if (opts.signal?.aborted) stop.abort();
  const ranges = planRanges(units, specs.length, pool.size);
  const doneByRange = new Float64Array(ranges.length);
  const total = units * specs.length;
  let blocksDone = 0;
  const report = (): void => {
    if (!opts.onProgress) return;
    let done = 0;
    for (const d of doneByRange) done += d;
    opts.onProgress({ done, total, blocksDone, blocks: specs.length });
  };
  const started: number[] = [];
  const rangeJob = (i: number): Promise<RangeTally> => {
    const r = ranges[i]!;
    const job = pool.run(
      'range',
      { spec: specs[r.block]!, from: r.from, to: r.to, ...(opts.weights ? { weights: opts.weights } : {}) },
      (d) => {
        // a block's time starts at its first progress report (one segment in)
        started[r.block] ??= performance.now();
        doneByRange[i] = d;
        report();
      },
      stop.signal,
    );
    void job.then(
      () => {
        started[r.block] ??= performance.now();
        doneByRange[i] = r.to - r.from;
        report();
      },
      () => undefined,
    );
    return job;
  };
  // one range a block (many blocks, or one worker): each block is one job, generated and merged
  // in the same worker, so its tallies never cross to this thread and back
  const whole = ranges.length === specs.length;
  const byBlock = new Map<number, Promise<RangeTally>[]>();
  if (!whole) ranges.forEach((r, i) => byBlock.set(r.block, [...(byBlock.get(r.block) ?? []), rangeJob(i)]));
  try {
    return await Promise.all(
      specs.map(async (spec, k): Promise<Merged<T>> => {
        if (whole) {
          const value = await jobs.whole(
            spec,
            (d) => {
              doneByRange[k] = d;
              report();
            },
            stop.signal,
          );
          doneByRange[k] = units;
          blocksDone++;
          report();
          return { value, elapsedMs: null };
        }
        const tallies = await Promise.all(byBlock.get(k)!);
        const value = await jobs.merge(spec, tallies, stop.signal);
        blocksDone++;
        report();
        const now = performance.now();
        return { value, elapsedMs: now - (started[k] ?? now) };
      }),
    );
  } catch (e) {
    stop.abort();
    throw e;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** Runs whole blocks and returns each one's full result (reconciliation, audit, digests), in order. */
export async function runBlocks(
  pool: JobPool,
  specs: readonly BlockSpec[],
  opts: BlockRunOptions = {},
): Promise<BlockResult[]> {
  const w = opts.weights ? { weights: opts.weights } : {};
  const merged = await runMerged(pool, specs, opts, {
    merge: (spec, tallies, signal) =>
      pool.run('mergeBlock', { spec, tallies, ...w }, undefined, { signal, first: true }),
    whole: (spec, onProgress, signal) => pool.run('wholeBlock', { spec, ...w }, onProgress, signal),
  });
  return merged.map((m) => m.value);
}

/**
 * Runs whole blocks and returns the summaries a screen keeps (every block's sampled sales curve
 * included), each with its time: from its first units in to its merge for a block of several
 * ranges, the worker's own time on it for a block run whole in one job.
 */
export async function runBlockSummaries(
  pool: JobPool,
  specs: readonly BlockSpec[],
  opts: BlockRunOptions = {},
): Promise<MergedSummary[]> {
  const w = opts.weights ? { weights: opts.weights } : {};
  const merged = await runMerged(pool, specs, opts, {
    merge: (spec, tallies, signal) =>
      pool.run('summariseBlock', { spec, tallies, keepCurve: true, ...w }, undefined, { signal, first: true }),
    whole: (spec, onProgress, signal) =>
      pool.run('wholeBlockSummary', { spec, keepCurve: true, ...w }, onProgress, signal),
  });
  return merged.map((m) =>
    m.elapsedMs === null ? m.value : { ...m.value, block: { ...m.value.block, elapsedMs: Math.round(m.elapsedMs) } },
  );
}
