/**
 * Workers for tests of the scheduler and the block runner in one thread, whose every step the test
 * decides: nothing here waits on a clock, so a test waits for states, never for a race to be won.
 *
 * - {@link HeldWorker}: a worker that answers only when the test tells it to (progress, done,
 *   error, a message outside the protocol, its death).
 * - {@link servedWorkers}: workers that run real handlers through the worker side of the protocol
 *   (`serveJobs`), messages crossing on microtasks as they would cross threads; a test may hold a
 *   job at its start ({@link Gate}) and kill the worker running it.
 */
import type { JobTransport, TransportEvents, TransportFactory } from '../pool';
import type { Handlers, JobKind, JobRequest } from '../protocol';
import { serveJobs } from '../serve';

/** A worker that says and does only what the test tells it to. */
export class HeldWorker implements JobTransport {
  readonly posted: JobRequest[] = [];
  terminated = false;
  /** What `terminate` returns: a test may hold it to see who waits for the thread to be gone. */
  terminating: Promise<unknown> | undefined;

  constructor(
    readonly slot: number,
    private readonly events: TransportEvents,
  ) {}

  post(request: JobRequest): void {
    this.posted.push(request);
  }

  terminate(): void | Promise<unknown> {
    this.terminated = true;
    return this.terminating;
  }

  /** The id of the `n`th request posted to this worker. */
  idOf(n: number): number {
    const r = this.posted[n];
    if (!r) throw new Error(`worker ${this.slot} was posted ${this.posted.length} requests, not ${n + 1}`);
    return r.id;
  }

  ready(): void {
    this.events.message({ type: 'ready' });
  }
  progress(id: number, progress: unknown): void {
    this.events.message({ id, type: 'progress', progress });
  }
  done(id: number, output: unknown, cost?: { wallMs: number; runNs: number | null; waitNs: number | null }): void {
    this.events.message({ id, type: 'done', output, ...(cost ? { cost } : {}) });
  }
  error(id: number, message: string, text?: { en: string; fr: string }): void {
    this.events.message({ id, type: 'error', message, ...(text ? { text } : {}) });
  }
  say(data: unknown): void {
    this.events.message(data);
  }
  die(error: Error): void {
    this.events.fail(error);
  }
}

/** A factory of held workers, and every worker it started, in order. */
export function heldWorkers(): { factory: TransportFactory; started: HeldWorker[] } {
  const started: HeldWorker[] = [];
  return {
    started,
    factory: (slot, events) => {
      const w = new HeldWorker(slot, events);
      started.push(w);
      return w;
    },
  };
}

/** Holds jobs at their start until the test opens it; says when a job has reached it. */
export class Gate {
  private opened = false;
  private readonly waiting: (() => void)[] = [];
  private readonly watchers: { count: number; resolve: () => void }[] = [];
  /** Jobs that reached the gate so far. */
  reached = 0;

  /** Resolves once the gate is open (at once if it is). */
  pass(): Promise<void> {
    this.reached++;
    for (const w of this.watchers.filter((x) => this.reached >= x.count)) {
      this.watchers.splice(this.watchers.indexOf(w), 1);
      w.resolve();
    }
    return this.opened ? Promise.resolve() : new Promise((r) => this.waiting.push(r));
  }

  /** Resolves once `count` jobs have reached the gate. */
  reachedBy(count: number): Promise<void> {
    if (this.reached >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ count, resolve }));
  }

  open(): void {
    this.opened = true;
    for (const r of this.waiting.splice(0)) r();
  }
}

/** A worker running real handlers in this thread, which the test may kill. */
export interface ServedWorker {
  readonly slot: number;
  /** Requests posted to it, in order. */
  readonly kinds: JobKind[];
  terminated: boolean;
  die(error: Error): void;
}

/**
 * A factory of workers serving `handlers` by the protocol's worker side: messages cross on
 * microtasks both ways (never inside the pool's own call), and a terminated worker says nothing more.
 */
export function servedWorkers(handlers: Handlers): { factory: TransportFactory; started: ServedWorker[] } {
  const started: ServedWorker[] = [];
  const factory: TransportFactory = (slot, events) => {
    const worker: ServedWorker = {
      slot,
      kinds: [],
      terminated: false,
      die: (error) => {
        worker.terminated = true;
        events.fail(error);
      },
    };
    started.push(worker);
    const receive = serveJobs(handlers, (reply) =>
      queueMicrotask(() => {
        if (!worker.terminated) events.message(reply);
      }),
    );
    return {
      post: (request) => {
        worker.kinds.push(request.kind);
        queueMicrotask(() => {
          if (!worker.terminated) receive(request);
        });
      },
      terminate: () => {
        worker.terminated = true;
      },
    };
  };
  return { factory, started };
}
