/**
 * Worker thread: runs ranges of blocks with the engine and posts their tallies back.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { runRange } from '../src-engine/index';
import type { BlockSpec, PresentationWeights } from '../src-engine/index';

export interface RangeJob {
  readonly id: number;
  readonly spec: BlockSpec;
  readonly from: number;
  readonly to: number;
  readonly keepLevels?: boolean;
  readonly weights?: PresentationWeights;
}

/** Node's SHA-256, synchronous: faster than Web Crypto's copy and job per segment. */
const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

const port = parentPort;
if (!port) throw new Error('range-worker must run in a worker thread');
port.postMessage({ ready: true });
port.on('message', (job: RangeJob) => {
  runRange(job.spec, job.from, job.to, {
    keepLevels: job.keepLevels ?? false,
    sha256,
    ...(job.weights ? { weights: job.weights } : {}),
  }).then(
    (tally) => port.postMessage({ id: job.id, tally }, [tally.levels.buffer as ArrayBuffer]),
    (err: unknown) => port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
