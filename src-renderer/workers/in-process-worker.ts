/**
 * A worker that runs the real job handlers in the same thread, each job after a macrotask: for
 * unit tests of stores under Node, where there are no Web Workers. Never used by the app, whose
 * engine work always runs in dedicated Web Workers.
 */
import { dispatchJob } from '@shared/jobs/serve';
import type { Handler, Handlers, JobKind, JobMap, JobReply, JobRequest } from '@shared/jobs/protocol';
import { handlers } from './handlers';
import { EnginePool } from './engine-pool';
import type { JobPoolOptions } from '@shared/jobs/pool';

export class InProcessWorker {
  onmessage: ((e: MessageEvent<JobReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  private terminated = false;
  /** Jobs run one after another, as in `engine.worker.ts`. */
  private chain: Promise<void> = Promise.resolve();

  postMessage(request: JobRequest): void {
    setTimeout(() => {
      this.chain = this.chain.then(() =>
        this.terminated
          ? undefined
          : dispatchJob(handlers, request, (reply) => {
              if (!this.terminated && 'id' in reply) this.onmessage?.({ data: reply } as MessageEvent<JobReply>);
            }),
      );
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** A pool of `size` in-process workers. */
export const inProcessPool = (size = 2, options: JobPoolOptions = {}): EnginePool =>
  new EnginePool(size, () => new InProcessWorker() as unknown as Worker, options);

/** An in-process pool that also lists the kinds of the jobs it was given (to check what a store sent). */
export function recordingInProcessPool(size = 2): { pool: EnginePool; ran: JobKind[] } {
  const pool = inProcessPool(size);
  const ran: JobKind[] = [];
  const run = pool.run.bind(pool);
  pool.run = ((kind: JobKind, ...rest: unknown[]) => {
    ran.push(kind);
    return (run as (...a: unknown[]) => unknown)(kind, ...rest);
  }) as typeof pool.run;
  return { pool, ran };
}

/**
 * A pool that runs each job's real handler at once, on a microtask (no timers): for tests of stores
 * under fake timers. Nothing crosses a thread, so the workers' message checks are not exercised here.
 */
export function directPool(): EnginePool {
  const run = async <K extends JobKind>(kind: K, input: JobMap[K]['input']): Promise<JobMap[K]['output']> =>
    ((handlers as Handlers)[kind] as Handler<K>)(input, () => undefined);
  return { size: 1, run } as unknown as EnginePool;
}
