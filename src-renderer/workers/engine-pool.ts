/**
 * The renderer's pools of dedicated Web Workers: the shared scheduler ({@link JobPool}: queue,
 * progress, cancellation that terminates a worker at once, well within 200 ms) over a Web Worker
 * transport, and the pools of the screens by name.
 */
import { JobPool, transferables } from '@shared/jobs/pool';
import type { JobPoolOptions, TransportFactory } from '@shared/jobs/pool';

export { CancelledError } from '@shared/jobs/pool';

export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () =>
  new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'instant-lab-engine' });

/** A dedicated Web Worker as the shared scheduler's transport (large buffers moved, not copied). */
const webTransport =
  (factory: WorkerFactory): TransportFactory =>
  (_slot, events) => {
    const w = factory();
    w.onmessage = (e: MessageEvent<unknown>) => events.message(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      events.fail(new Error(e.message || 'a worker failed to start'));
    };
    return {
      post: (request) => w.postMessage(request, { transfer: transferables(request.input) }),
      terminate: () => w.terminate(),
    };
  };

/** The shared scheduler ({@link JobPool}) over dedicated Web Workers, as many as cores by default. */
export class EnginePool extends JobPool {
  constructor(
    size = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2),
    factory: WorkerFactory = defaultFactory,
    options: JobPoolOptions = {},
  ) {
    super(size, webTransport(factory), options);
  }
}

/**
 * The pools of the renderer, by name: `shared` for short jobs of every screen, and a screen that runs
 * long batches (the simulation, an emission's tens of files) has its own, so that the others never
 * wait behind it.
 */
export type PoolName = 'shared' | 'simulation' | 'search' | 'replay' | 'emission';
const pools = new Map<PoolName, EnginePool>();

/** The renderer's pool of that name, started on first use. */
export function enginePool(name: PoolName = 'shared'): EnginePool {
  let p = pools.get(name);
  if (!p) {
    // searches, and the replay's opened units, run on one worker of their own each, so that neither
    // waits behind a block digest (nor a unit behind a long search)
    p =
      name === 'search' || name === 'replay'
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
