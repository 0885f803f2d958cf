/**
 * Main's way to hash the journal: every SHA-256 over the journal's entries (the chain's tip when the
 * journal is opened or another program appended, the Merkle root a checkpoint signs) runs in one
 * worker thread (`journal-worker.ts`), through the shared job scheduler and protocol, whose messages
 * are checked as they cross (requests in the worker, replies and their outputs here).
 *
 * A worker that fails (it cannot start — e.g. its bundle does not load from the packaged app —, it
 * dies, it answers outside the protocol) never fails the call: that call is hashed here in main's
 * thread with the same handlers (the same result, only slower), one line is logged the first time,
 * and the next call tries a new worker again. So a packaging fault costs speed, never correctness.
 */
import type { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { JobPool, transferables } from '@shared/jobs/pool';
import type { JobTransport, TransportEvents } from '@shared/jobs/pool';
import { journalHeadHandler, journalTipHandler } from '@shared/journal/hash-handlers';
import type { JournalTip } from '../../../src-engine/journal/entry';

/** Starts the journal's worker thread (the bundled `journal-worker.js` in the app, a test's bundle in tests). */
export type StartJournalWorker = () => Worker;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
/** What the thread answers, checked as it crosses (the jobs' envelope is checked by the pool). */
const TipSchema = z.strictObject({ seq: z.number().int().positive(), hash: hex64 }).nullable();
const HeadSchema = z.strictObject({ size: z.number().int().nonnegative(), root: hex64 });

const noProgress = (): void => undefined;
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function threadTransport(start: StartJournalWorker): (slot: number, events: TransportEvents) => JobTransport {
  return (_slot, events) => {
    const w = start();
    w.on('message', (m: unknown) => events.message(m));
    w.on('error', (e) => events.fail(e));
    // any exit not asked for, even a clean one, leaves its job to the failure path rather than unanswered
    w.on('exit', (code) => events.fail(new Error(`the thread stopped (exit code ${code})`)));
    return {
      post: (request) => w.postMessage(request, transferables(request.input)),
      terminate: () => {
        w.removeAllListeners('exit');
        return w.terminate();
      },
    };
  };
}

export class JournalHasher {
  // TS `private`, not `#private`: Electronegativity's parser cannot read class private fields.
  private readonly pool: JobPool;
  private warned = false;

  constructor(
    start: StartJournalWorker,
    /** Where the one line about a failed worker goes (main's console in the app). */
    private readonly warn: (line: string) => void = (line) => console.warn(line),
  ) {
    this.pool = new JobPool(1, threadTransport(start));
  }

  /** The last entry of the journal file's whole lines (every entry checked), or null when it has none. */
  tip(bytes: Uint8Array): Promise<JournalTip | null> {
    // a copy of its own is moved to the thread (a Buffer's slice would share, and lose, the caller's memory)
    return this.run(
      async () => TipSchema.parse(await this.pool.run('journalTip', { bytes: new Uint8Array(bytes) })),
      () => journalTipHandler({ bytes }, noProgress),
    );
  }

  /** The journal's size and Merkle root (hex), for a checkpoint. */
  head(text: string): Promise<{ size: number; root: string }> {
    return this.run(
      async () => HeadSchema.parse(await this.pool.run('journalHead', { text })),
      () => journalHeadHandler({ text }, noProgress),
    );
  }

  /** Stops the worker thread (it is started again on the next call). */
  close(): Promise<void> {
    return this.pool.close();
  }

  private async run<T>(inWorker: () => Promise<T>, inThread: () => T | Promise<T>): Promise<T> {
    try {
      return await inWorker();
    } catch (e) {
      if (!this.warned) {
        this.warned = true;
        this.warn(
          `The journal's worker thread failed (${errorText(e)}); the journal is hashed in the main thread instead, more slowly`,
        );
      }
      return inThread();
    }
  }
}
