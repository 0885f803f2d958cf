/**
 * A pool of dedicated Web Workers running engine jobs: as many workers as cores, a queue, progress
 * callbacks, and cancellation that terminates the workers at once (well within 200 ms) so a
 * cancelled run leaves nothing half-done behind. Each feature cancels its own jobs (an
 * `AbortSignal` per run): cancelling an export never stops a simulation running beside it.
 */
import type { JobKind, JobMap, JobReply, JobRequest } from './jobs';
import { LocalizedError } from './localized-error';

/** The rejection of a job that was cancelled. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

interface Pending {
  readonly request: JobRequest;
  readonly onProgress: ((p: unknown) => void) | undefined;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: Error) => void;
  worker?: Worker;
}

export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () =>
  new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'instant-lab-engine' });

/** Options of a pool. */
export interface EnginePoolOptions {
  /**
   * Jobs a worker is given at once (default 1). With 2, the next job waits in the worker while one
   * runs, so the worker starts it at once instead of idling until the UI thread, maybe busy
   * drawing, hands it over (issue 11, scaling in the app); only for pools of short, like jobs.
   */
  readonly jobsPerWorker?: number;
}

export class EnginePool {
  readonly size: number;
  private readonly factory: WorkerFactory;
  private readonly jobsPerWorker: number;
  /** Each worker's jobs in the order they were posted: the first runs, the others wait in it. */
  private assigned = new Map<Worker, Pending[]>();
  private queue: Pending[] = [];
  private running = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    size = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2),
    factory: WorkerFactory = defaultFactory,
    options: EnginePoolOptions = {},
  ) {
    this.size = size;
    this.factory = factory;
    this.jobsPerWorker = Math.max(1, Math.floor(options.jobsPerWorker ?? 1));
  }

  private spawn(): Worker {
    const w = this.factory();
    w.onmessage = (e: MessageEvent<JobReply>) => this.onReply(w, e.data);
    w.onerror = (e) => {
      e.preventDefault();
      this.failWorker(w, new Error(e.message || 'a worker failed to start'));
    };
    this.assigned.set(w, []);
    return w;
  }

  private onReply(w: Worker, reply: JobReply): void {
    const p = this.running.get(reply.id);
    if (!p) return;
    if (reply.type === 'progress') {
      p.onProgress?.(reply.progress);
      return;
    }
    this.running.delete(reply.id);
    const list = this.assigned.get(w);
    if (list) list.splice(list.indexOf(p), 1);
    // the next job goes out before this one's result is handled
    this.pump();
    if (reply.type === 'done') p.resolve(reply.output);
    else p.reject(reply.text ? new LocalizedError(reply.text) : new Error(reply.message));
  }

  /**
   * Stops a worker and returns its running job, for the caller to settle; the jobs waiting behind
   * it in the worker never started and go back to the front of the queue, in order.
   */
  private dropWorker(w: Worker): Pending | undefined {
    const [running, ...waiting] = this.assigned.get(w) ?? [];
    this.assigned.delete(w);
    w.terminate();
    for (const p of [running, ...waiting]) if (p) this.running.delete(p.request.id);
    this.queue.unshift(...waiting);
    return running;
  }

  private failWorker(w: Worker, err: Error): void {
    this.dropWorker(w)?.reject(err);
    this.pump();
  }

  private pump(): void {
    // free workers first, then new ones up to `size`
    for (const [w, list] of this.assigned) if (list.length === 0 && this.queue.length > 0) this.post(w, list);
    while (this.queue.length > 0 && this.assigned.size < this.size) {
      const w = this.spawn();
      this.post(w, this.assigned.get(w)!);
    }
    // then a further job to a busy worker, but only while more jobs wait than there are workers:
    // the last ones go to whichever worker frees first (tail balance)
    for (let depth = 2; depth <= this.jobsPerWorker; depth++)
      for (const [w, list] of this.assigned) {
        if (this.queue.length <= this.assigned.size) return;
        if (list.length < depth) this.post(w, list);
      }
  }

  private post(w: Worker, list: Pending[]): void {
    const p = this.queue.shift()!;
    p.worker = w;
    list.push(p);
    this.running.set(p.request.id, p);
    w.postMessage(p.request);
  }

  /** Queues a job; resolves with its output, rejects with its error or {@link CancelledError}. */
  run<K extends JobKind>(
    kind: K,
    input: JobMap[K]['input'],
    onProgress?: (p: JobMap[K]['progress']) => void,
    signal?: AbortSignal,
  ): Promise<JobMap[K]['output']> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new CancelledError());
        return;
      }
      const pending: Pending = {
        request: { id: this.nextId++, kind, input },
        onProgress: onProgress as ((p: unknown) => void) | undefined,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      signal?.addEventListener('abort', () => this.cancel(pending), { once: true });
      this.queue.push(pending);
      this.pump();
    });
  }

  /**
   * Cancels one job: dropped from the queue, or its worker terminated (a worker cannot be
   * interrupted); jobs that waited behind it in that worker go back to the queue.
   */
  private cancel(p: Pending): void {
    const queued = this.queue.indexOf(p);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      p.reject(new CancelledError());
      return;
    }
    if (this.running.get(p.request.id) !== p) return; // already settled
    const w = p.worker!;
    const list = this.assigned.get(w)!;
    if (list[0] !== p) {
      // still waiting in the worker: it leaves the worker's list; the worker skips nothing it runs
      // (it will answer the job, and the answer is ignored)
      list.splice(list.indexOf(p), 1);
      this.running.delete(p.request.id);
      p.reject(new CancelledError());
      return;
    }
    this.dropWorker(w);
    p.reject(new CancelledError());
    this.pump();
  }

  /** Cancels every queued and running job: workers are terminated and started afresh on demand. */
  cancelAll(): void {
    const pending = [...this.running.values(), ...this.queue];
    this.queue = [];
    this.running.clear();
    for (const w of this.assigned.keys()) w.terminate();
    this.assigned.clear();
    for (const p of pending) p.reject(new CancelledError());
  }

  /** Jobs queued or running. */
  get busy(): number {
    return this.queue.length + this.running.size;
  }
}

/**
 * The pools of the renderer, by name: `shared` for short jobs of every screen, and a screen that runs
 * long batches (the simulation) has its own, so that the others never wait behind it.
 */
export type PoolName = 'shared' | 'simulation' | 'search';
const pools = new Map<PoolName, EnginePool>();

/** The renderer's pool of that name, started on first use. */
export function enginePool(name: PoolName = 'shared'): EnginePool {
  let p = pools.get(name);
  if (!p) {
    // searches run on one worker of their own, so a search never waits behind a block digest
    p =
      name === 'search'
        ? new EnginePool(1)
        : name === 'simulation'
          ? new EnginePool(undefined, undefined, { jobsPerWorker: 2 })
          : new EnginePool();
    pools.set(name, p);
  }
  return p;
}

/** Replaces a pool (tests run the real handlers in-process); `undefined` restores the default. */
export function setEnginePool(pool: EnginePool | undefined, name: PoolName = 'shared'): void {
  if (pool) pools.set(name, pool);
  else pools.delete(name);
}
