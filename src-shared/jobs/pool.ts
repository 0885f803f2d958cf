/**
 * The one scheduler of engine jobs over a pool of workers, whatever carries the messages (Node
 * `worker_threads` on the command line, Web Workers in the app): as many workers as asked, started
 * on demand, a queue, progress callbacks, and cancellation that terminates a worker at once (a
 * worker cannot be interrupted) so a cancelled run leaves nothing half-done behind. Each caller
 * cancels its own jobs (an `AbortSignal` per job): cancelling an export never stops a simulation.
 */
import { LocalizedError } from './localized-error';
import { workerMessageSchema } from './protocol';
import type { JobCost, JobKind, JobMap, JobReply, JobRequest } from './protocol';

/** The rejection of a job that was cancelled. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/** What the pool needs of one worker, whatever the thread API. */
export interface JobTransport {
  /** Posts a request (its large buffers moved, not copied, where the platform can). */
  post(request: JobRequest): void;
  /** Stops the worker at once; may resolve when its thread is gone. */
  terminate(): void | Promise<unknown>;
}

/** What a transport reports back: a message from its worker, or the worker's failure. */
export interface TransportEvents {
  message(data: unknown): void;
  fail(error: Error): void;
}

/** Starts worker `slot` (0 … size − 1; a slot's worker is started afresh after a cancel). */
export type TransportFactory = (slot: number, events: TransportEvents) => JobTransport;

/** Options of a pool. */
export interface JobPoolOptions {
  /**
   * Jobs a worker is given at once (default 1). With 2, the next job waits in the worker while one
   * runs, so the worker starts it at once instead of idling until the main thread, maybe busy
   * drawing, hands it over; only for pools of short, like jobs.
   */
  readonly jobsPerWorker?: number;
}

/** What one worker slot did since the pool started (or since {@link JobPool.resetStats}). */
export interface WorkerStats {
  jobs: number;
  /** Wall time inside jobs. */
  busyMs: number;
  /** CPU time of the worker's thread inside jobs, and its wait for a core (null where unknown). */
  runNs: number | null;
  waitNs: number | null;
}

interface Pending {
  readonly request: JobRequest;
  readonly onProgress: ((p: unknown) => void) | undefined;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: Error) => void;
  worker?: Slot;
}

interface Slot {
  readonly index: number;
  readonly transport: JobTransport;
  /** Jobs in the order they were posted: the first runs, the others wait in the worker. */
  readonly jobs: Pending[];
  /** Resolves when the worker has said it is loaded. */
  readonly ready: Promise<void>;
}

/** How a job is queued: `first` goes ahead of the queue (a merge that frees a run's tallies). */
export interface RunOptions {
  readonly signal?: AbortSignal;
  readonly first?: boolean;
}

export class JobPool {
  readonly size: number;
  private readonly factory: TransportFactory;
  private readonly jobsPerWorker: number;
  private readonly slots = new Map<number, Slot>();
  private queue: Pending[] = [];
  private running = new Map<number, Pending>();
  private stats: WorkerStats[] = [];
  private nextId = 1;
  /** The unsettled jobs of each signal: one abort listener a signal, however many jobs a run posts. */
  private readonly bySignal = new WeakMap<AbortSignal, Set<Pending>>();

  constructor(size: number, factory: TransportFactory, options: JobPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(size));
    this.factory = factory;
    this.jobsPerWorker = Math.max(1, Math.floor(options.jobsPerWorker ?? 1));
    this.resetStats();
  }

  /** Starts every worker and resolves once each has loaded its code (so a timing starts warm). */
  async warm(): Promise<void> {
    for (let i = 0; i < this.size; i++) if (!this.slots.has(i)) this.spawn(i);
    await Promise.all([...this.slots.values()].map((s) => s.ready));
  }

  /** Per-worker work since the last reset. */
  workerStats(): readonly WorkerStats[] {
    return this.stats.map((s) => ({ ...s }));
  }

  resetStats(): void {
    this.stats = Array.from({ length: this.size }, () => ({ jobs: 0, busyMs: 0, runNs: 0, waitNs: 0 }));
  }

  private spawn(index: number): Slot {
    let loaded!: () => void;
    const ready = new Promise<void>((r) => (loaded = r));
    const slot: Slot = {
      index,
      jobs: [],
      ready,
      transport: this.factory(index, {
        message: (data) => {
          const m = workerMessageSchema.safeParse(data);
          if (!m.success) {
            this.failWorker(slot, new Error(`a worker sent a message outside the job protocol: ${m.error.message}`));
            return;
          }
          if (m.data.type === 'ready') loaded();
          else if (this.slots.get(index) === slot) this.onReply(slot, m.data as JobReply);
        },
        fail: (e) => {
          if (this.slots.get(index) === slot) this.failWorker(slot, e);
        },
      }),
    };
    this.slots.set(index, slot);
    return slot;
  }

  private onReply(slot: Slot, reply: JobReply): void {
    const p = this.running.get(reply.id);
    if (!p) return;
    if (reply.type === 'progress') {
      p.onProgress?.(reply.progress);
      return;
    }
    this.running.delete(reply.id);
    slot.jobs.splice(slot.jobs.indexOf(p), 1);
    // the next job goes out before this one's result is handled
    this.pump();
    if (reply.type === 'done') {
      if (reply.cost) this.count(slot.index, reply.cost);
      p.resolve(reply.output);
    } else p.reject(reply.text ? new LocalizedError(reply.text) : new Error(reply.message));
  }

  private count(index: number, cost: JobCost): void {
    const s = this.stats[index]!;
    s.jobs++;
    s.busyMs += cost.wallMs;
    s.runNs = s.runNs === null || cost.runNs === null ? null : s.runNs + cost.runNs;
    s.waitNs = s.waitNs === null || cost.waitNs === null ? null : s.waitNs + cost.waitNs;
  }

  /**
   * Stops a worker and returns its running job, for the caller to settle; the jobs waiting behind
   * it in the worker never started and go back to the front of the queue, in order.
   */
  private dropWorker(slot: Slot): Pending | undefined {
    const [running, ...waiting] = slot.jobs;
    this.slots.delete(slot.index);
    slot.transport.terminate();
    for (const p of [running, ...waiting]) if (p) this.running.delete(p.request.id);
    this.queue.unshift(...waiting);
    return running;
  }

  private failWorker(slot: Slot, err: Error): void {
    this.dropWorker(slot)?.reject(err);
    this.pump();
  }

  private pump(): void {
    // free workers first, then new ones up to `size`
    for (const slot of this.slots.values()) if (slot.jobs.length === 0 && this.queue.length > 0) this.post(slot);
    for (let i = 0; i < this.size && this.queue.length > 0; i++) if (!this.slots.has(i)) this.post(this.spawn(i));
    // then a further job to a busy worker, but only while more jobs wait than there are workers:
    // the last ones go to whichever worker frees first (tail balance)
    for (let depth = 2; depth <= this.jobsPerWorker; depth++)
      for (const slot of this.slots.values()) {
        if (this.queue.length <= this.slots.size) return;
        if (slot.jobs.length < depth) this.post(slot);
      }
  }

  private post(slot: Slot): void {
    const p = this.queue.shift()!;
    p.worker = slot;
    slot.jobs.push(p);
    this.running.set(p.request.id, p);
    slot.transport.post(p.request);
  }

  /** Queues a job; resolves with its output, rejects with its error or {@link CancelledError}. */
  run<K extends JobKind>(
    kind: K,
    input: JobMap[K]['input'],
    onProgress?: (p: JobMap[K]['progress']) => void,
    options: AbortSignal | RunOptions = {},
  ): Promise<JobMap[K]['output']> {
    const { signal, first } = isSignal(options) ? { signal: options, first: false } : options;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new CancelledError());
        return;
      }
      // a settled job leaves its signal's set: a long-lived signal keeps no finished job alive
      const jobs = signal ? this.jobsOf(signal) : undefined;
      const pending: Pending = {
        request: { id: this.nextId++, kind, input },
        onProgress: onProgress as ((p: unknown) => void) | undefined,
        resolve: (v) => {
          jobs?.delete(pending);
          (resolve as (v: unknown) => void)(v);
        },
        reject: (e) => {
          jobs?.delete(pending);
          reject(e);
        },
      };
      jobs?.add(pending);
      if (first) this.queue.unshift(pending);
      else this.queue.push(pending);
      this.pump();
    });
  }

  /** The set of unsettled jobs of `signal`, listened to once. */
  private jobsOf(signal: AbortSignal): Set<Pending> {
    let set = this.bySignal.get(signal);
    if (!set) {
      const mine = new Set<Pending>();
      this.bySignal.set(signal, mine);
      signal.addEventListener('abort', () => this.cancelMany([...mine]), { once: true });
      set = mine;
    }
    return set;
  }

  /**
   * Cancels the jobs of one signal at once: the queued ones leave the queue first, so no worker is
   * started for a job about to be cancelled; a worker running one of them is terminated (a worker
   * cannot be interrupted), and the jobs of other callers that waited in it go back to the queue.
   */
  private cancelMany(jobs: readonly Pending[]): void {
    const mine = new Set(jobs);
    this.queue = this.queue.filter((p) => !mine.has(p));
    const stopped = new Set<Slot>();
    for (const p of jobs) {
      if (this.running.get(p.request.id) !== p) continue;
      const slot = p.worker!;
      if (slot.jobs[0] === p) stopped.add(slot);
      else {
        // still waiting in the worker: it leaves the worker's list; the worker's answer is ignored
        slot.jobs.splice(slot.jobs.indexOf(p), 1);
        this.running.delete(p.request.id);
      }
    }
    for (const slot of stopped) this.dropWorker(slot);
    for (const p of jobs) p.reject(new CancelledError());
    this.pump();
  }

  /** Cancels every queued and running job: workers are terminated and started afresh on demand. */
  cancelAll(): void {
    const pending = [...this.running.values(), ...this.queue];
    this.queue = [];
    this.running.clear();
    for (const slot of this.slots.values()) slot.transport.terminate();
    this.slots.clear();
    for (const p of pending) p.reject(new CancelledError());
  }

  /** Terminates every worker (the command line, at exit), resolved once their threads are gone; queued jobs are cancelled. */
  async close(): Promise<void> {
    const stopping = [...this.slots.values()].map((s) => s.transport.terminate());
    this.slots.clear();
    this.cancelAll();
    await Promise.all(stopping);
  }

  /** Jobs queued or running. */
  get busy(): number {
    return this.queue.length + this.running.size;
  }
}

const isSignal = (o: AbortSignal | RunOptions): o is AbortSignal =>
  typeof (o as AbortSignal).addEventListener === 'function';

/** ArrayBuffers inside a value, to be moved rather than copied across threads (large whole buffers only). */
export function transferables(value: unknown): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (ArrayBuffer.isView(v)) {
      if (v.buffer instanceof ArrayBuffer && v.byteLength === v.buffer.byteLength && v.byteLength > 4096)
        out.add(v.buffer);
      return;
    }
    for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(value, 0);
  return [...out];
}
