/**
 * Worker thread of the command line: serves the shared block jobs (ranges, merges, digests) with
 * Node's synchronous SHA-256, `verify`'s ranges of an export file, read from the file here, and
 * `export`'s ranges of lines; measures each job's thread CPU for `npm run bench`.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { blockHandlers } from '@shared/block-run/handlers';
import { serveJobs } from '@shared/jobs/serve';
import type { CostMeter } from '@shared/jobs/serve';
import { threadCpu } from './thread-cpu';
import { placementTests, verifyFileRange } from './verify-range';
import { exportLines } from './export-range';

/** Node's SHA-256, synchronous: faster than Web Crypto's copy and job per segment. */
const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

/** Wall time, CPU time and time waiting for a core of one job (null off Linux). */
const meter: CostMeter = () => {
  const t0 = performance.now();
  const c0 = threadCpu();
  return () => {
    const c1 = threadCpu();
    return {
      wallMs: performance.now() - t0,
      runNs: c0 && c1 ? c1.runNs - c0.runNs : null,
      waitNs: c0 && c1 ? c1.waitNs - c0.waitNs : null,
    };
  };
};

const port = parentPort;
if (!port) throw new Error('range-worker must run in a worker thread');
const onRequest = serveJobs(
  { ...blockHandlers({ sha256 }), verifyFileRange, placementTestPart: placementTests, exportLines },
  (message, transfer) => port.postMessage(message, transfer),
  meter,
);
port.on('message', onRequest);
