import { describe, expect, it } from 'vitest';
import { CancelledError } from '@shared/jobs/pool';
import { LocalizedError } from '@shared/jobs/localized-error';
import { useCancellableJob } from './useCancellableJob';

describe('a screen job’s state', () => {
  it('runs from progress 0 to 1, keeps an error in both languages, and drops a cancellation', async () => {
    const job = useCancellableJob();
    let seen = -1;
    await job.run(async () => {
      seen = job.progress.value;
      expect(job.running.value).toBe(true);
    });
    expect(seen).toBe(0);
    expect(job.progress.value).toBe(1);
    expect(job.running.value).toBe(false);

    await job.run(async () => {
      throw new LocalizedError({ en: 'worker failed', fr: 'le worker a échoué' });
    });
    expect(job.error.value).toEqual({ en: 'worker failed', fr: 'le worker a échoué' });
    expect(job.phase.value).toBe('error');

    await job.run(async () => {
      throw new CancelledError();
    });
    expect(job.error.value).toBeNull();
    expect(job.phase.value).toBe('cancelled');
    expect(job.progress.value).toBe(0);
  });

  it('cancel aborts only its own run’s signal, and a newer run makes the older one’s outcome ignored', async () => {
    const a = useCancellableJob();
    const b = useCancellableJob();
    let signalA: AbortSignal | undefined;
    let signalB: AbortSignal | undefined;
    let release!: () => void;
    const first = a.run(
      (s) =>
        new Promise<string>((resolve) => {
          signalA = s;
          release = () => resolve('old');
        }),
    );
    const other = b.run(async (s) => ((signalB = s), 'b'));
    const second = a.run(async () => 'new');
    expect(signalA!.aborted).toBe(true);
    release();
    expect(await first).toBeUndefined();
    expect(await second).toBe('new');
    expect(await other).toBe('b');
    expect(signalB!.aborted).toBe(false);
  });
});
