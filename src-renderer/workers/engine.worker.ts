/**
 * A dedicated Web Worker that runs engine jobs off the UI thread, the same in the desktop app and
 * in the browser build.
 */
import { dispatchJob } from './dispatch';
import type { JobReply, JobRequest } from './jobs';

/** ArrayBuffers inside a result, moved rather than copied back to the UI. */
function transferables(value: unknown): Transferable[] {
  const out = new Set<ArrayBuffer>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 3 || v === null || typeof v !== 'object') return;
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

// Jobs run one after another in the order they came: a pool may post a second job while the first
// runs (EnginePool's jobsPerWorker), and two jobs interleaved at their awaits would both finish late.
let chain: Promise<void> = Promise.resolve();
self.onmessage = (e: MessageEvent<JobRequest>) => {
  chain = chain.then(() =>
    dispatchJob(e.data, (reply: JobReply) =>
      self.postMessage(reply, { transfer: reply.type === 'done' ? transferables(reply.output) : [] }),
    ),
  );
};
