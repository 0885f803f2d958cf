import { describe, expect, it } from 'vitest';
import { CancelledError, EnginePool } from './engine-pool';
import type { JobReply, JobRequest } from '@shared/jobs/protocol';
import { LocalizedError } from '@shared/jobs/localized-error';

/**
 * A stand-in for a dedicated Web Worker: the test decides when each job progresses, ends, fails
 * or crashes, so the pool's queue, cancellation and crash handling are checked step by step.
 */
class FakeWorker {
  static all: FakeWorker[] = [];
  onmessage: ((e: MessageEvent<JobReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  readonly received: JobRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(r: JobRequest): void {
    this.received.push(r);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** The worker answers its last request. */
  reply(reply: Partial<JobReply> & { type: JobReply['type'] }): void {
    const id = this.received.at(-1)!.id;
    this.onmessage?.({ data: { id, ...reply } as JobReply } as MessageEvent<JobReply>);
  }
  /** The worker answers the request with input `from` (with several jobs in it, any one). */
  answer(from: number, reply: Partial<JobReply> & { type: JobReply['type'] }): void {
    const id = this.received.find((r) => (r.input as { from: number }).from === from)!.id;
    this.onmessage?.({ data: { id, ...reply } as JobReply } as MessageEvent<JobReply>);
  }
  crash(message: string): void {
    this.onerror?.({ message, preventDefault: () => {} } as ErrorEvent);
  }
}

function pool(size: number, jobsPerWorker = 1): EnginePool {
  FakeWorker.all = [];
  return new EnginePool(size, () => new FakeWorker() as unknown as Worker, { jobsPerWorker });
}
const froms = (w: FakeWorker): number[] => w.received.map((r) => (r.input as { from: number }).from);
const rangeInput = (from: number) => ({ spec: {} as never, from, to: from + 1 });
const settle = async <T>(p: Promise<T>): Promise<{ ok: T } | { err: unknown }> =>
  p.then(
    (ok) => ({ ok }),
    (err: unknown) => ({ err }),
  );

describe('EnginePool', () => {
  it('runs at most `size` jobs at once and queues the rest in order', async () => {
    const p = pool(2);
    const jobs = [0, 1, 2, 3].map((i) => p.run('range', rangeInput(i)));
    expect(FakeWorker.all).toHaveLength(2);
    expect(p.busy).toBe(4);
    expect(FakeWorker.all.map((w) => w.received.map((r) => r.input))).toEqual([[rangeInput(0)], [rangeInput(1)]]);
    FakeWorker.all[1]!.reply({ type: 'done', output: 'one' });
    // the freed worker takes the next job in the queue; no third worker is started
    expect(FakeWorker.all).toHaveLength(2);
    expect(FakeWorker.all[1]!.received.at(-1)!.input).toEqual(rangeInput(2));
    FakeWorker.all[0]!.reply({ type: 'done', output: 'zero' });
    FakeWorker.all[1]!.reply({ type: 'done', output: 'two' });
    FakeWorker.all[0]!.reply({ type: 'done', output: 'three' });
    expect(await Promise.all(jobs)).toEqual(['zero', 'one', 'two', 'three']);
    expect(p.busy).toBe(0);
  });

  it('forwards progress to the job that reported it', async () => {
    const p = pool(1);
    const seen: number[] = [];
    const job = p.run('range', rangeInput(0), (n) => seen.push(n));
    FakeWorker.all[0]!.reply({ type: 'progress', progress: 10 });
    FakeWorker.all[0]!.reply({ type: 'progress', progress: 20 });
    FakeWorker.all[0]!.reply({ type: 'done', output: 'x' });
    await job;
    expect(seen).toEqual([10, 20]);
  });

  it('an engine error reaches the caller in both languages (LocalizedError), and the worker serves again', async () => {
    const p = pool(1);
    const job = settle(p.run('range', rangeInput(0)));
    FakeWorker.all[0]!.reply({ type: 'error', message: 'bad seed', text: { en: 'bad seed', fr: 'graine invalide' } });
    const r = await job;
    expect('err' in r && r.err instanceof LocalizedError).toBe(true);
    expect(('err' in r ? (r.err as LocalizedError).text : null)?.fr).toBe('graine invalide');
    const next = p.run('range', rangeInput(1));
    expect(FakeWorker.all).toHaveLength(1);
    FakeWorker.all[0]!.reply({ type: 'done', output: 'ok' });
    expect(await next).toBe('ok');
  });

  it('cancelAll rejects queued and running jobs with CancelledError and terminates every worker', async () => {
    const p = pool(2);
    const jobs = [0, 1, 2].map((i) => settle(p.run('range', rangeInput(i))));
    const [a, b] = FakeWorker.all;
    p.cancelAll();
    for (const r of await Promise.all(jobs)) expect('err' in r && r.err instanceof CancelledError).toBe(true);
    expect(a!.terminated && b!.terminated).toBe(true);
    expect(p.busy).toBe(0);
    // a late reply of a terminated worker changes nothing
    a!.reply({ type: 'done', output: 'late' });
    expect(p.busy).toBe(0);
    // the pool starts fresh workers for new work
    const again = p.run('range', rangeInput(9));
    expect(FakeWorker.all).toHaveLength(3);
    FakeWorker.all[2]!.reply({ type: 'done', output: 'fresh' });
    expect(await again).toBe('fresh');
  });

  it('a worker that crashes fails its own job only; queued jobs go to a new worker', async () => {
    const p = pool(1);
    const first = settle(p.run('range', rangeInput(0)));
    const second = p.run('range', rangeInput(1));
    FakeWorker.all[0]!.crash('out of memory');
    const r = await first;
    expect('err' in r && (r.err as Error).message).toBe('out of memory');
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
    expect(FakeWorker.all[1]!.received[0]!.input).toEqual(rangeInput(1));
    FakeWorker.all[1]!.reply({ type: 'done', output: 'after crash' });
    expect(await second).toBe('after crash');
  });

  it('a crash without a message still says what happened', async () => {
    const p = pool(1);
    const job = settle(p.run('range', rangeInput(0)));
    FakeWorker.all[0]!.crash('');
    const r = await job;
    expect('err' in r && (r.err as Error).message).toBe('a worker failed to start');
  });

  it('a job cancelled by its own signal stops alone: queued jobs leave the queue, a running one loses its worker', async () => {
    const p = pool(2);
    const mine = new AbortController();
    const other = settle(p.run('range', rangeInput(0)));
    const running = settle(p.run('range', rangeInput(1), undefined, mine.signal));
    const queued = settle(p.run('range', rangeInput(2), undefined, mine.signal));
    const [a, b] = FakeWorker.all;
    mine.abort();
    for (const r of [await running, await queued]) expect('err' in r && r.err instanceof CancelledError).toBe(true);
    expect(b!.terminated).toBe(true);
    expect(a!.terminated).toBe(false);
    a!.reply({ type: 'done', output: 'untouched' });
    expect(await other).toEqual({ ok: 'untouched' });
    expect(p.busy).toBe(0);
  });

  it('a job whose signal is already aborted never starts', async () => {
    const p = pool(1);
    const r = await settle(p.run('range', rangeInput(0), undefined, AbortSignal.abort()));
    expect('err' in r && r.err instanceof CancelledError).toBe(true);
    expect(FakeWorker.all).toHaveLength(0);
  });

  describe('two jobs a worker (the simulation pool)', () => {
    it('gives each worker a second job to hold while more jobs wait than there are workers; the last go to whoever frees first', async () => {
      const p = pool(2, 2);
      const jobs = [0, 1, 2, 3, 4, 5].map((i) => p.run('range', rangeInput(i)));
      const [a, b] = FakeWorker.all;
      expect(FakeWorker.all).toHaveLength(2);
      expect([froms(a!), froms(b!)]).toEqual([
        [0, 2],
        [1, 3],
      ]);
      // a finishes job 0 and still holds job 2: jobs 4 and 5 wait for a free worker, not behind a busy one
      a!.answer(0, { type: 'done', output: 0 });
      expect(froms(a!)).toEqual([0, 2]);
      a!.answer(2, { type: 'done', output: 2 });
      expect(froms(a!)).toEqual([0, 2, 4]);
      b!.answer(1, { type: 'done', output: 1 });
      b!.answer(3, { type: 'done', output: 3 });
      expect(froms(b!)).toEqual([1, 3, 5]);
      a!.answer(4, { type: 'done', output: 4 });
      b!.answer(5, { type: 'done', output: 5 });
      expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(p.busy).toBe(0);
    });

    it('cancelling a running job terminates its worker; the job waiting behind it runs on a new worker', async () => {
      const p = pool(1, 2);
      const mine = new AbortController();
      const running = settle(p.run('range', rangeInput(0), undefined, mine.signal));
      const waiting = p.run('range', rangeInput(1));
      const third = p.run('range', rangeInput(2));
      const [a] = FakeWorker.all;
      // one worker, three jobs: it holds two
      expect(froms(a!)).toEqual([0, 1]);
      mine.abort();
      const r = await running;
      expect('err' in r && r.err instanceof CancelledError).toBe(true);
      expect(a!.terminated).toBe(true);
      const b = FakeWorker.all[1]!;
      // the last job left goes to whichever worker frees first
      expect(froms(b)).toEqual([1]);
      b.answer(1, { type: 'done', output: 'one' });
      expect(froms(b)).toEqual([1, 2]);
      b.answer(2, { type: 'done', output: 'two' });
      expect([await waiting, await third]).toEqual(['one', 'two']);
    });

    it('a run cancelled by its signal stops its workers and starts none for the jobs it drops', async () => {
      const p = pool(2, 2);
      const run = new AbortController();
      const jobs = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => settle(p.run('range', rangeInput(i), undefined, run.signal)));
      const other = p.run('range', rangeInput(100));
      expect(FakeWorker.all).toHaveLength(2);
      expect(FakeWorker.all.map(froms)).toEqual([
        [0, 2],
        [1, 3],
      ]);
      run.abort();
      for (const r of await Promise.all(jobs)) expect('err' in r && r.err instanceof CancelledError).toBe(true);
      expect(FakeWorker.all.slice(0, 2).every((w) => w.terminated)).toBe(true);
      // one new worker, for the other caller's job only
      expect(FakeWorker.all).toHaveLength(3);
      expect(froms(FakeWorker.all[2]!)).toEqual([100]);
      FakeWorker.all[2]!.reply({ type: 'done', output: 'kept' });
      expect(await other).toBe('kept');
      expect(p.busy).toBe(0);
    });

    it('cancelling a job that waits in a worker leaves the running one alone', async () => {
      const p = pool(1, 2);
      const mine = new AbortController();
      const running = p.run('range', rangeInput(0));
      const waiting = settle(p.run('range', rangeInput(1), undefined, mine.signal));
      p.run('range', rangeInput(2)).catch(() => undefined);
      mine.abort();
      const r = await waiting;
      expect('err' in r && r.err instanceof CancelledError).toBe(true);
      const [a] = FakeWorker.all;
      expect(a!.terminated).toBe(false);
      // the worker's answer to the cancelled job is ignored
      a!.answer(1, { type: 'done', output: 'ignored' });
      a!.answer(0, { type: 'done', output: 'zero' });
      expect(await running).toBe('zero');
      p.cancelAll();
    });

    it('a crash fails the running job only; the one waiting behind it runs on a new worker', async () => {
      const p = pool(1, 2);
      const first = settle(p.run('range', rangeInput(0)));
      const second = p.run('range', rangeInput(1));
      p.run('range', rangeInput(2)).catch(() => undefined);
      FakeWorker.all[0]!.crash('out of memory');
      const r = await first;
      expect('err' in r && (r.err as Error).message).toBe('out of memory');
      const b = FakeWorker.all[1]!;
      expect(froms(b)).toEqual([1]);
      b.answer(1, { type: 'done', output: 'after crash' });
      expect(await second).toBe('after crash');
      p.cancelAll();
    });
  });
});
