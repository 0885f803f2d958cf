/**
 * The journal's worker thread for tests: the bundle of `journal-worker.ts` made once per test run by
 * Vitest's global setup (loading the engine through tsx would take seconds a thread), and a way to
 * hold the thread the moment a request reaches it, so that a test sees main answer while the journal
 * is being hashed without winning a race.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WORKER_BUNDLE_ENV } from '../../../../src-cli/spawn-worker';
import { JournalHasher } from '../journal-hasher';

/** `Atomics.waitAsync` (Node 16+), which the ES2022 library types do not declare. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(cells: Int32Array, index: number, value: number): { value: Promise<unknown> | unknown };
  }
).waitAsync;

function bundled(): string {
  const folder = process.env[WORKER_BUNDLE_ENV];
  if (!folder)
    throw new Error(
      `${WORKER_BUNDLE_ENV} is not set: run the tests through Vitest (its global setup bundles the worker)`,
    );
  return pathToFileURL(join(folder, 'journal-worker.js')).href;
}

/** Starts the bundled journal worker, as main starts `out/main/journal-worker.js`. */
export const startBundledWorker = (): Worker => new Worker(new URL(bundled()));

/** A hasher over the bundled worker thread (close it after the test). */
export const bundledHasher = (): JournalHasher => new JournalHasher(startBundledWorker);

/**
 * A journal worker that stops, inside its thread, on each request it receives, until the test opens
 * the gate: {@link reached} resolves once a request is in the thread and held.
 */
export class HeldJournalWorker {
  // [0]: the gate (1 open), [1]: requests that reached the thread
  private readonly cells = new Int32Array(new SharedArrayBuffer(8));

  readonly start = (): Worker =>
    new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const cells = new Int32Array(workerData.cells);
       // the worker's own listener is wrapped: each request is held in the thread before it runs
       const on = parentPort.on.bind(parentPort);
       parentPort.on = (event, listener) =>
         on(event, event !== 'message' ? listener : (message) => {
           Atomics.add(cells, 1, 1);
           Atomics.notify(cells, 1);
           Atomics.wait(cells, 0, 0);
           listener(message);
         });
       import(workerData.url);`,
      { eval: true, workerData: { cells: this.cells.buffer, url: bundled() } },
    );

  /** Resolves once `n` requests have reached the thread (the last one held until {@link open}). */
  async reached(n = 1): Promise<void> {
    for (let seen = Atomics.load(this.cells, 1); seen < n; seen = Atomics.load(this.cells, 1))
      await waitAsync(this.cells, 1, seen).value;
  }

  /** Lets the thread go on, with every request after. */
  open(): void {
    Atomics.store(this.cells, 0, 1);
    Atomics.notify(this.cells, 0);
  }
}
