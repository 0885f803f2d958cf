/**
 * The one scheduler, tested by itself over workers the test holds: every reply is one the test
 * sends, so each test sees the pool in a state it chose (no clock, no race).
 */
import { describe, expect, it } from 'vitest';
import { CancelledError, JobPool } from './pool';
import type { JobKind, JobMap } from './protocol';
import { LocalizedError } from './localized-error';
import { heldWorkers } from './test-support/held-workers';

const input = (from: number): JobMap['range']['input'] =>
  ({ spec: { seed: from }, from, to: from + 1 }) as unknown as JobMap['range']['input'];

/** The `from` of each request posted to a worker: which job went where, in what order. */
const froms = (w: { posted: { input: unknown }[] }): number[] =>
  w.posted.map((r) => (r.input as { from: number }).from);

/** Where a job is, read without awaiting it. */
function track<T>(p: Promise<T>): { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } {
  const t: { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { state: 'pending' };
  p.then(
    (value) => Object.assign(t, { state: 'resolved', value }),
    (error: unknown) => Object.assign(t, { state: 'rejected', error }),
  );
  return t;
}

/** Lets the pool's promise reactions run: they are microtasks, queued by replies the test sent. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const run = (pool: JobPool, from: number, ...rest: unknown[]): Promise<unknown> =>
  (pool.run as (k: JobKind, i: unknown, ...r: unknown[]) => Promise<unknown>)('range', input(from), ...rest);

describe('JobPool', () => {
  it('delivers a job’s progress in the order its worker sent it, then its output; nothing after', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(1, factory);
    const seen: unknown[] = [];
    const job = run(pool, 0, (p: unknown) => seen.push(p));
    const [w] = started;
    const id = w!.idOf(0);
    w!.progress(id, 10);
    w!.progress(id, 20);
    w!.progress(id, 30);
    w!.done(id, 'out');
    w!.progress(id, 40);
    await expect(job).resolves.toBe('out');
    expect(seen).toEqual([10, 20, 30]);
    expect(pool.busy).toBe(0);
  });

  it('starts workers on demand up to its size, then queues in order; a job put `first` goes ahead', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory);
    const jobs = [0, 1, 2, 3].map((k) => track(run(pool, k)));
    expect(started.map((w) => w.slot)).toEqual([0, 1]);
    expect(started.map(froms)).toEqual([[0], [1]]);
    const urgent = track(run(pool, 9, undefined, { first: true }));
    expect(pool.busy).toBe(5);
    // worker 1 frees first: it takes the job put first, then the queue in order, on either worker
    started[1]!.done(started[1]!.idOf(0), 'b');
    started[0]!.done(started[0]!.idOf(0), 'a');
    started[1]!.done(started[1]!.idOf(1), 'urgent');
    expect(started.map(froms)).toEqual([
      [0, 2],
      [1, 9, 3],
    ]);
    expect(started).toHaveLength(2);
    await settle();
    expect([jobs[0]!.value, jobs[1]!.value, urgent.value]).toEqual(['a', 'b', 'urgent']);
    expect(jobs[2]!.state).toBe('pending');
  });

  it('gives a worker a second job only while more wait than there are workers (tail balance)', () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory, { jobsPerWorker: 2 });
    for (const k of [0, 1, 2, 3, 4]) void run(pool, k).catch(() => undefined);
    expect(started.map(froms)).toEqual([[0, 2], [1]]);
    started[1]!.done(started[1]!.idOf(0), 'b');
    // 2 left for 2 workers: the free one takes one, none goes in behind a running job
    expect(started.map(froms)).toEqual([
      [0, 2],
      [1, 3],
    ]);
    pool.cancelAll();
  });

  it('rejects a failing job in its caller only, in both languages; its worker goes on', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory);
    const bad = run(pool, 0);
    const good = track(run(pool, 1));
    const next = run(pool, 2);
    const [w0, w1] = started;
    w0!.error(w0!.idOf(0), 'the range is not on segment boundaries', {
      en: 'the range is not on segment boundaries',
      fr: 'la plage n’est pas sur des limites de segments',
    });
    const err = await bad.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalizedError);
    expect((err as LocalizedError).text.fr).toBe('la plage n’est pas sur des limites de segments');
    expect(w0!.terminated).toBe(false);
    expect(good.state).toBe('pending');
    // the same worker takes the next job
    expect(froms(w0!)).toEqual([0, 2]);
    w0!.error(w0!.idOf(1), 'plain failure');
    await expect(next).rejects.toThrow(/^plain failure$/);
    w1!.done(w1!.idOf(0), 'fine');
    await settle();
    expect(good.value).toBe('fine');
  });

  it('fails the job of a worker that dies, puts back the jobs waiting in it, and starts a new worker', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory, { jobsPerWorker: 2 });
    // five jobs on two workers: the third waits in worker 0 behind the first
    const jobs = [0, 1, 2, 3, 4].map((k) => track(run(pool, k)));
    const [w0, w1] = started;
    expect(froms(w0!)).toEqual([0, 2]);
    const waitingId = w0!.idOf(1);
    w0!.die(new Error('a worker thread stopped (exit code 1)'));
    await settle();
    expect(jobs[0]!.state).toBe('rejected');
    expect((jobs[0]!.error as Error).message).toBe('a worker thread stopped (exit code 1)');
    expect(w0!.terminated).toBe(true);
    // the job that waited behind it never started: a new worker in the same slot takes it
    const w2 = started[2]!;
    expect([w2.slot, froms(w2)]).toEqual([0, [2]]);
    // the dead worker's late words are not taken for the new one's
    w0!.done(waitingId, 'from the dead');
    w0!.die(new Error('again'));
    await settle();
    expect(jobs[2]!.state).toBe('pending');
    expect(started).toHaveLength(3);
    w2.done(waitingId, 'from the living');
    w1!.done(w1!.idOf(0), 'one');
    await settle();
    expect([jobs[1]!.value, jobs[2]!.value]).toEqual(['one', 'from the living']);
    pool.cancelAll();
  });

  it('refuses a message outside the job protocol: the worker is stopped and its job fails, saying so', async () => {
    const outside: [string, (id: number) => unknown][] = [
      ['no type', (id) => ({ id, output: 1 })],
      ['an unknown type', (id) => ({ id, type: 'finished', output: 1 })],
      ['a negative id', () => ({ id: -1, type: 'done', output: 1 })],
      ['an error without its message', (id) => ({ id, type: 'error' })],
      ['a cost of another shape', (id) => ({ id, type: 'done', output: 1, cost: { wallMs: 'fast' } })],
      ['nothing', () => null],
    ];
    for (const [why, message] of outside) {
      const { factory, started } = heldWorkers();
      const pool = new JobPool(1, factory);
      const job = run(pool, 0);
      started[0]!.say(message(started[0]!.idOf(0)));
      await expect(job, why).rejects.toThrow(/^a worker sent a message outside the job protocol: /);
      expect(started[0]!.terminated, why).toBe(true);
    }
  });

  it('cancels only its own caller’s job: that worker is stopped, the other caller’s job runs on', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory);
    const mine = new AbortController();
    const theirs = new AbortController();
    const a = track(run(pool, 0, undefined, mine.signal));
    const b = track(run(pool, 1, undefined, { signal: theirs.signal }));
    mine.abort();
    await settle();
    expect(a.error).toBeInstanceOf(CancelledError);
    expect([started[0]!.terminated, started[1]!.terminated]).toEqual([true, false]);
    expect(b.state).toBe('pending');
    started[1]!.done(started[1]!.idOf(0), 'theirs');
    await settle();
    expect(b.value).toBe('theirs');
  });

  it('cancelling a running job puts back another caller’s job that waited in the same worker', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(1, factory, { jobsPerWorker: 2 });
    const mine = new AbortController();
    const a = track(run(pool, 0, undefined, mine.signal));
    // two wait while one worker runs: the next goes in behind the running one
    const b = track(run(pool, 1));
    void run(pool, 2).catch(() => undefined);
    expect(froms(started[0]!)).toEqual([0, 1]);
    mine.abort();
    await settle();
    expect(a.error).toBeInstanceOf(CancelledError);
    expect(started[0]!.terminated).toBe(true);
    expect(froms(started[1]!)).toEqual([1]);
    started[1]!.done(started[1]!.idOf(0), 'b');
    await settle();
    expect(b.value).toBe('b');
    pool.cancelAll();
  });

  it('cancelling a job that waits in a worker behind another leaves the worker running', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(1, factory, { jobsPerWorker: 2 });
    const mine = new AbortController();
    const a = track(run(pool, 0));
    const b = track(run(pool, 1, undefined, mine.signal));
    void run(pool, 2).catch(() => undefined);
    const w = started[0]!;
    const waitingId = w.idOf(1);
    mine.abort();
    await settle();
    expect(b.error).toBeInstanceOf(CancelledError);
    expect(w.terminated).toBe(false);
    // its answer, should the worker still run it, is ignored; the running job ends as it would
    w.done(waitingId, 'ignored');
    w.done(w.idOf(0), 'a');
    await settle();
    expect(a.value).toBe('a');
    expect(froms(w)).toEqual([0, 1, 2]);
    pool.cancelAll();
  });

  it('cancels a job still in the queue without stopping or starting a worker; it is never posted', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(1, factory);
    const mine = new AbortController();
    const a = track(run(pool, 0));
    const queued = track(run(pool, 1, undefined, mine.signal));
    mine.abort();
    await settle();
    expect(queued.error).toBeInstanceOf(CancelledError);
    expect(started[0]!.terminated).toBe(false);
    started[0]!.done(started[0]!.idOf(0), 'a');
    await settle();
    expect(a.value).toBe('a');
    expect(froms(started[0]!)).toEqual([0]);
    expect(started).toHaveLength(1);
    expect(pool.busy).toBe(0);
  });

  it('refuses at once a job whose signal is already aborted: no worker is started', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(1, factory);
    await expect(run(pool, 0, undefined, AbortSignal.abort())).rejects.toBeInstanceOf(CancelledError);
    expect(started).toHaveLength(0);
    expect(pool.busy).toBe(0);
  });

  it('one signal for many jobs cancels them all, and a settled job leaves nothing to cancel', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory);
    const run1 = new AbortController();
    const jobs = [0, 1, 2].map((k) => track(run(pool, k, undefined, run1.signal)));
    const other = track(run(pool, 3));
    started[0]!.done(started[0]!.idOf(0), 'first');
    run1.abort();
    await settle();
    expect(jobs.map((j) => j.state)).toEqual(['resolved', 'rejected', 'rejected']);
    // worker 0 had taken job 2 after job 0; both workers ran the run's jobs and were stopped
    expect(started.slice(0, 2).map((w) => w.terminated)).toEqual([true, true]);
    expect(other.state).toBe('pending');
    expect(froms(started[2]!)).toEqual([3]);
  });

  it('cancelAll rejects every queued and running job and stops every worker; the next job starts afresh', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory);
    const jobs = [0, 1, 2].map((k) => track(run(pool, k)));
    pool.cancelAll();
    await settle();
    expect(jobs.every((j) => j.error instanceof CancelledError)).toBe(true);
    expect(started.map((w) => w.terminated)).toEqual([true, true]);
    expect(pool.busy).toBe(0);
    const next = run(pool, 5);
    expect(started).toHaveLength(3);
    started[2]!.done(started[2]!.idOf(0), 'again');
    await expect(next).resolves.toBe('again');
  });

  it('close cancels what is left and resolves only once every worker’s thread is gone', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory);
    const jobs = [0, 1, 2].map((k) => track(run(pool, k)));
    let gone0!: () => void;
    let gone1!: () => void;
    started[0]!.terminating = new Promise<void>((r) => (gone0 = r));
    started[1]!.terminating = new Promise<void>((r) => (gone1 = r));
    const closed = track(pool.close());
    await settle();
    expect(jobs.every((j) => j.error instanceof CancelledError)).toBe(true);
    gone0();
    await settle();
    expect(closed.state).toBe('pending');
    gone1();
    await settle();
    expect(closed.state).toBe('resolved');
  });

  it('warm starts every worker and resolves once each has said it is loaded', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory);
    const warm = track(pool.warm());
    expect(started).toHaveLength(2);
    started[0]!.ready();
    await settle();
    expect(warm.state).toBe('pending');
    started[1]!.ready();
    await settle();
    expect(warm.state).toBe('resolved');
  });

  it('counts each worker’s jobs and their cost; an unknown CPU time stays unknown', async () => {
    const { factory, started } = heldWorkers();
    const pool = new JobPool(2, factory);
    const jobs = [0, 1, 2].map((k) => run(pool, k));
    const [w0, w1] = started;
    w0!.done(w0!.idOf(0), 0, { wallMs: 5, runNs: 4, waitNs: 1 });
    w1!.done(w1!.idOf(0), 1, { wallMs: 7, runNs: null, waitNs: null });
    w0!.done(w0!.idOf(1), 2, { wallMs: 3, runNs: 2, waitNs: 0 });
    await Promise.all(jobs);
    expect(pool.workerStats()).toEqual([
      { jobs: 2, busyMs: 8, runNs: 6, waitNs: 1 },
      { jobs: 1, busyMs: 7, runNs: null, waitNs: null },
    ]);
    pool.resetStats();
    expect(pool.workerStats()[1]).toEqual({ jobs: 0, busyMs: 0, runNs: 0, waitNs: 0 });
  });
});
