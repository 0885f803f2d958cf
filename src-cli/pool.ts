/**
 * A pool of worker threads that runs block ranges: the command line's way of using every core.
 * Jobs are cut on segment boundaries, so the digest is the same for any worker count (R1).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { mergeBlock, splitOnSegments } from '../src-engine/index';
import type { BlockResult, BlockSpec, PresentationWeights, RangeTally } from '../src-engine/index';
import type { RangeJob } from './range-worker';
import { spawnWorker } from './spawn-worker';

interface Pending {
  job: RangeJob;
  resolve: (t: RangeTally) => void;
  reject: (e: Error) => void;
}

export class RangePool {
  readonly size: number;
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<number, Pending>();
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
      w.on('message', (m: { id: number; tally?: RangeTally; error?: string }) => this.onMessage(w, m));
      w.on('error', (e) => this.failAll(e));
      this.workers.push(w);
      this.idle.push(w);
    }
    this.ready = Promise.all(loaded).then(() => undefined);
  }

  private onMessage(w: Worker, m: { id: number; tally?: RangeTally; error?: string }): void {
    const p = this.running.get(m.id);
    if (!p) return;
    this.running.delete(m.id);
    this.idle.push(w);
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.tally!);
    this.pump();
  }

  private failAll(e: Error): void {
    for (const p of [...this.running.values(), ...this.queue]) p.reject(e);
    this.running.clear();
    this.queue.length = 0;
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const w = this.idle.pop()!;
      const p = this.queue.shift()!;
      this.running.set(p.job.id, p);
      w.postMessage(p.job);
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

  /** Runs whole blocks, each cut into as many ranges as workers, and merges each block. */
  async runBlocks(
    specs: readonly BlockSpec[],
    opts: { weights?: PresentationWeights; onBlockDone?: (done: number, total: number) => void } = {},
  ): Promise<BlockResult[]> {
    const parts = specs.length >= this.size ? 1 : Math.ceil(this.size / specs.length);
    const { onBlockDone, ...runOpts } = opts;
    let done = 0;
    return Promise.all(
      specs.map(async (spec) => {
        const ranges = splitOnSegments(spec.table.blockUnits, parts);
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
