/**
 * The command line's pool: the shared scheduler ({@link JobPool}) over Node worker threads, one a
 * core by default, each serving the block jobs (`range-worker.ts`). Blocks run through the shared
 * runner ({@link runBlocks}): ranges cut on segment boundaries, so the digest is the same for any
 * worker count (R1), and each block merged in a worker.
 */
import { availableParallelism } from 'node:os';
import { JobPool } from '@shared/jobs/pool';
import type { JobTransport, TransportEvents } from '@shared/jobs/pool';
import { transferables } from '@shared/jobs/pool';
import { spawnWorker } from './spawn-worker';

/**
 * Jobs given to a worker at once: the second waits in the worker's queue while the first runs, so
 * the worker starts it as soon as the first is done instead of idling for the main thread's reply
 * and next message (a Les 3 Gongs block is a ~30 ms job).
 */
const JOBS_PER_WORKER = 2;

/** A worker thread as the pool's transport: requests in, messages and failures out. */
function threadTransport(_slot: number, events: TransportEvents): JobTransport {
  const w = spawnWorker(new URL(`./range-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));
  w.on('message', (m: unknown) => events.message(m));
  w.on('error', (e) => events.fail(e));
  // a worker gone without an error (killed) leaves its job to the pool's failure path
  w.on('exit', (code) => {
    if (code !== 0) events.fail(new Error(`a worker thread stopped (exit code ${code})`));
  });
  return {
    post: (request) => w.postMessage(request, transferables(request.input)),
    terminate: () => {
      w.removeAllListeners('exit');
      return w.terminate();
    },
  };
}

/** A pool of `size` worker threads (default: every core). Call {@link JobPool.warm} before timing it. */
export function threadPool(size = availableParallelism()): JobPool {
  return new JobPool(size, threadTransport, { jobsPerWorker: JOBS_PER_WORKER });
}
