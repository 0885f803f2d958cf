/**
 * Worker thread: runs ranges of blocks with the engine and posts their tallies back, one job after
 * another in the order they came (the pool may queue a second job here while the first runs, so
 * that this thread never waits for the main thread between jobs).
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { runRange } from '../src-engine/index';
import type { BlockSpec, PresentationWeights, RangeTally } from '../src-engine/index';
import { threadCpu } from './thread-cpu';

export interface RangeJob {
  readonly id: number;
  readonly spec: BlockSpec;
  readonly from: number;
  readonly to: number;
  readonly keepLevels?: boolean;
  readonly weights?: PresentationWeights;
}

/** What a job cost this thread: wall time, CPU time and time waiting for a core (null off Linux). */
export interface JobCost {
  readonly wallMs: number;
  readonly runNs: number | null;
  readonly waitNs: number | null;
}

export type RangeReply =
  | { readonly id: number; readonly tally: RangeTally; readonly cost: JobCost }
  | { readonly id: number; readonly error: string };

/** Node's SHA-256, synchronous: faster than Web Crypto's copy and job per segment. */
const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

async function runJob(job: RangeJob): Promise<RangeReply> {
  const t0 = performance.now();
  const c0 = threadCpu();
  try {
    const tally = await runRange(job.spec, job.from, job.to, {
      keepLevels: job.keepLevels ?? false,
      sha256,
      ...(job.weights ? { weights: job.weights } : {}),
    });
    const c1 = threadCpu();
    const cost: JobCost = {
      wallMs: performance.now() - t0,
      runNs: c0 && c1 ? c1.runNs - c0.runNs : null,
      waitNs: c0 && c1 ? c1.waitNs - c0.waitNs : null,
    };
    return { id: job.id, tally, cost };
  } catch (err: unknown) {
    return { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
}

const port = parentPort;
if (!port) throw new Error('range-worker must run in a worker thread');
port.postMessage({ ready: true });
let chain: Promise<void> = Promise.resolve();
port.on('message', (job: RangeJob) => {
  chain = chain
    .then(() => runJob(job))
    .then((reply) => {
      // the levels' buffer moves to the main thread instead of being copied
      if ('tally' in reply) port.postMessage(reply, [reply.tally.levels.buffer as ArrayBuffer]);
      else port.postMessage(reply);
    });
});
