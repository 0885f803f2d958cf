/**
 * A pool of worker threads that runs block ranges: the command line's way of using every core.
 * Jobs are cut on segment boundaries, so the digest is the same for any worker count (R1).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { mergeBlock, partsPerBlock, segmentCount, splitOnSegments } from '../src-engine/index';
import type { BlockResult, BlockSpec, PresentationWeights, RangeTally } from '../src-engine/index';
import type { RangeJob, RangeReply } from './range-worker';
import { spawnWorker } from './spawn-worker';

interface Pending {
  job: RangeJob;
  resolve: (t: RangeTally) => void;
  reject: (e: Error) => void;
}

/** What one worker did since the pool started (or since {@link RangePool.resetStats}). */
export interface WorkerStats {
  jobs: number;
  /** Wall time inside jobs. */
  busyMs: number;
  /** CPU time of the worker's thread inside jobs, and its wait for a core (null off Linux). */
  runNs: number | null;
  waitNs: number | null;
}

/**
 * Jobs given to a worker at once: the second waits in the worker's queue while the first runs, so
 * the worker starts it as soon as the first is done instead of idling for the main thread's reply
 * and next message (a Les 3 Gongs block is a ~30 ms job).
 */
const JOBS_PER_WORKER = 2;

export class RangePool {
  readonly size: number;
  private readonly workers: Worker[] = [];
  /** Jobs posted to each worker and not yet answered. */
  private readonly inFlight: number[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<number, Pending>();
  private stats: WorkerStats[] = [];
  private nextId = 1;
  /** Resolves when every worker has loaded the engine. */
  readonly ready: Promise<void>;

  constructor(size = availableParallelism()) {
    this.size = Math.max(1, size);
    const loaded: Promise<void>[] = [];
    for (let i = 0; i < this.size; i++) {
      const w = spawnWorker(
        new URL(`./range-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
      );
      loaded.push(new Promise((resolve) => w.once('message', () => resolve())));
      w.on('message', (m: RangeReply | { ready: true }) => {
        if ('id' in m) this.onReply(i, m);
      });
      w.on('error', (e) => this.failAll(e));
      this.workers.push(w);
      this.inFlight.push(0);
    }
    this.resetStats();
    this.ready = Promise.all(loaded).then(() => undefined);
  }

  /** Per-worker work since the last reset. */
  workerStats(): readonly WorkerStats[] {
    return this.stats.map((s) => ({ ...s }));
  }

  resetStats(): void {
    this.stats = this.workers.map(() => ({ jobs: 0, busyMs: 0, runNs: 0, waitNs: 0 }));
  }

  private onReply(worker: number, m: RangeReply): void {
    const p = this.running.get(m.id);
    if (!p) return;
    this.running.delete(m.id);
    this.inFlight[worker]!--;
    // the next job goes out before this one's result is merged
    this.pump();
    if ('error' in m) {
      p.reject(new Error(m.error));
      return;
    }
    const s = this.stats[worker]!;
    s.jobs++;
    s.busyMs += m.cost.wallMs;
    s.runNs = s.runNs === null || m.cost.runNs === null ? null : s.runNs + m.cost.runNs;
    s.waitNs = s.waitNs === null || m.cost.waitNs === null ? null : s.waitNs + m.cost.waitNs;
    p.resolve(m.tally);
  }

  private failAll(e: Error): void {
    for (const p of [...this.running.values(), ...this.queue]) p.reject(e);
    this.running.clear();
    this.queue.length = 0;
  }

  private pump(): void {
    // idle workers first; then a second job to a busy worker, but only while more jobs wait than
    // there are workers: the last ones go to whichever worker frees first, so no worker ends with
    // a queued job while another has none (tail balance)
    for (let depth = 1; depth <= JOBS_PER_WORKER && this.queue.length > 0; depth++) {
      for (let w = 0; w < this.size && this.queue.length > 0; w++) {
        if (this.inFlight[w]! >= depth || (depth > 1 && this.queue.length <= this.size)) continue;
        const p = this.queue.shift()!;
        this.running.set(p.job.id, p);
        this.inFlight[w]!++;
        this.workers[w]!.postMessage(p.job);
      }
    }
  }

  /** Runs one range. */
  run(
    spec: BlockSpec,
    from: number,
    to: number,
    opts: { keepLevels?: boolean; weights?: PresentationWeights } = {},
  ): Promise<RangeTally> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, spec, from, to, ...opts }, resolve, reject });
      this.pump();
    });
  }

  /** Runs whole blocks, cut so that every worker gets as many ranges, several each (R1: any cut, same digest), and merges each block. */
  async runBlocks(
    specs: readonly BlockSpec[],
    opts: { weights?: PresentationWeights; onBlockDone?: (done: number, total: number) => void } = {},
  ): Promise<BlockResult[]> {
    const { onBlockDone, ...runOpts } = opts;
    let done = 0;
    return Promise.all(
      specs.map(async (spec) => {
        const units = spec.table.blockUnits;
        const ranges = splitOnSegments(units, partsPerBlock(specs.length, this.size, segmentCount(units)));
        const tallies = await Promise.all(ranges.map((r) => this.run(spec, r.from, r.to, runOpts)));
        const result = mergeBlock(spec, tallies, opts.weights);
        onBlockDone?.(++done, specs.length);
        return result;
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
