import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKER_BUNDLE_ENV, spawnWorker } from './spawn-worker';

const started: Worker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.terminate()));
});

/** Posts `m` to `w` and resolves with its first answer that `is` accepts. */
function ask(w: Worker, m: unknown, is: (answer: unknown) => boolean = () => true): Promise<unknown> {
  started.push(w);
  const answer = new Promise<unknown>((resolve, reject) => {
    w.on('message', (a: unknown) => {
      if (is(a)) resolve(a);
    });
    w.once('error', reject);
  });
  w.postMessage(m);
  return answer;
}

describe('spawnWorker', () => {
  it('starts a TypeScript worker through tsx when no bundle is named', async () => {
    const named = process.env[WORKER_BUNDLE_ENV];
    delete process.env[WORKER_BUNDLE_ENV];
    try {
      const w = spawnWorker(new URL('./test-support/echo-worker.ts', import.meta.url));
      expect(await ask(w, { n: 1 })).toEqual({ echo: { n: 1 }, threadId: w.threadId });
    } finally {
      if (named !== undefined) process.env[WORKER_BUNDLE_ENV] = named;
    }
  });

  it('starts a worker of the named bundle in place of its TypeScript source (the test run’s bundle)', async () => {
    // the run's global setup bundles range-worker.ts; a request outside the protocol is refused by the bundled code
    expect(process.env[WORKER_BUNDLE_ENV]).toMatch(/test-results\/worker-bundle-\d+$/);
    const w = spawnWorker(new URL('./range-worker.ts', import.meta.url));
    const request = { id: 1, kind: 'range', input: { spec: null, from: 0, to: 1 } };
    // the job's own answer, after the worker's "ready"
    const answer = await ask(w, request, (a) => (a as { id?: number }).id === 1);
    expect(JSON.stringify(answer)).toMatch(/malformed/);
  });
});
