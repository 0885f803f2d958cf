/**
 * The state of one kind of job the explorer runs in the engine's Web Workers: running, progress,
 * error (in both languages; a cancellation is not an error), and cancellation of the pool's jobs.
 */
import { ref, shallowRef } from 'vue';
import type { LocalizedText } from '../../../src-engine/index';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import { textOf } from '../../workers/localized-error';

export function workerJob() {
  const running = ref(false);
  /** 0 to 1. */
  const progress = ref(0);
  const error = shallowRef<LocalizedText | null>(null);

  /** Runs `job` with the progress from 0, then 1 once it is done; its error is kept, a cancellation dropped. */
  async function track(job: () => Promise<void>): Promise<void> {
    running.value = true;
    error.value = null;
    progress.value = 0;
    try {
      await job();
      progress.value = 1;
    } catch (e) {
      if (!(e instanceof CancelledError)) error.value = textOf(e);
    } finally {
      running.value = false;
    }
  }

  function cancel(): void {
    enginePool().cancelAll();
  }

  return { running, progress, error, track, cancel };
}
