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

export class EnginePool {
  readonly size: number;
  private readonly factory: WorkerFactory;
  private workers: Worker[] = [];
  private idle: Worker[] = [];
  private queue: Pending[] = [];
  private running = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    size = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2),
    factory: WorkerFactory = defaultFactory,
  ) {
    this.size = size;
    this.factory = factory;
  }

  private spawn(): Worker {
    const w = this.factory();
    w.onmessage = (e: MessageEvent<JobReply>) => this.onReply(w, e.data);
    w.onerror = (e) => {
      e.preventDefault();
      this.failWorker(w, new Error(e.message || 'a worker failed to start'));
    };
    this.workers.push(w);
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
    this.idle.push(w);
    if (reply.type === 'done') p.resolve(reply.output);
    else p.reject(reply.text ? new LocalizedError(reply.text) : new Error(reply.message));
    this.pump();
  }

  private failWorker(w: Worker, err: Error): void {
    for (const [id, p] of this.running) {
      if (p.worker === w) {
        this.running.delete(id);
        p.reject(err);
      }
    }
    w.terminate();
    this.workers = this.workers.filter((x) => x !== w);
    this.idle = this.idle.filter((x) => x !== w);
    this.pump();
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let w = this.idle.pop();
      if (!w && this.workers.length < this.size) w = this.spawn();
      if (!w) return;
      const p = this.queue.shift()!;
      p.worker = w;
      this.running.set(p.request.id, p);
      w.postMessage(p.request);
    }
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

  /** Cancels one job: dropped from the queue, or its worker terminated (a worker cannot be interrupted). */
  private cancel(p: Pending): void {
    const queued = this.queue.indexOf(p);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      p.reject(new CancelledError());
      return;
    }
    if (this.running.get(p.request.id) !== p) return; // already settled
    this.running.delete(p.request.id);
    const w = p.worker!;
    w.terminate();
    this.workers = this.workers.filter((x) => x !== w);
    this.idle = this.idle.filter((x) => x !== w);
    p.reject(new CancelledError());
    this.pump();
  }

  /** Cancels every queued and running job: workers are terminated and started afresh on demand. */
  cancelAll(): void {
    const pending = [...this.running.values(), ...this.queue];
    this.queue = [];
    this.running.clear();
    for (const w of this.workers) w.terminate();
    this.workers = [];
    this.idle = [];
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
    p = name === 'search' ? new EnginePool(1) : new EnginePool();
    pools.set(name, p);
  }
  return p;
}

/** Replaces a pool (tests run the real handlers in-process); `undefined` restores the default. */
export function setEnginePool(pool: EnginePool | undefined, name: PoolName = 'shared'): void {
  if (pool) pools.set(name, pool);
  else pools.delete(name);
}
