import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../workers/engine-pool';
import { LocalizedError } from '../../workers/localized-error';
import { workerJob } from './worker-job';

describe('a worker job’s state', () => {
  it('runs from progress 0 to 1, keeps an error in both languages, and drops a cancellation', async () => {
    const job = workerJob();
    let seen = -1;
    await job.track(async () => {
      seen = job.progress.value;
      expect(job.running.value).toBe(true);
    });
    expect(seen).toBe(0);
    expect(job.progress.value).toBe(1);
    expect(job.running.value).toBe(false);

    await job.track(async () => {
      throw new LocalizedError({ en: 'worker failed', fr: 'le worker a échoué' });
    });
    expect(job.error.value).toEqual({ en: 'worker failed', fr: 'le worker a échoué' });
    expect(job.running.value).toBe(false);

    await job.track(async () => {
      throw new CancelledError();
    });
    expect(job.error.value).toBeNull();
    expect(job.progress.value).toBe(0);
  });
});
