/**
 * A worker thread for `spawn-worker.test.ts`: TypeScript (so it starts only through tsx when run
 * from its source) that answers each message with the message and the thread's id.
 */
import { parentPort, threadId } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('echo-worker must run in a worker thread');
port.on('message', (m: unknown) =>
  port.postMessage({ echo: m, threadId } satisfies { echo: unknown; threadId: number }),
);
