/**
 * The one job-state helper of the screens: the state of one long piece of engine work (an audit
 * report, an export, a block run, player sessions): its phase, progress (0 to 1) and error in both
 * languages (a cancellation is no error), and its own cancellation, which stops only its jobs. A
 * newer run replaces an older one, whose outcome is then ignored, so a screen never shows the
 * result of work the user moved away from.
 */
import { computed, ref } from 'vue';
import type { LocalizedText } from '@engine';
import { CancelledError } from '@shared/jobs/pool';
import { textOf } from '@shared/jobs/localized-error';

export type JobPhase = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

export function useCancellableJob() {
  const phase = ref<JobPhase>('idle');
  const progress = ref(0);
  const error = ref<LocalizedText | null>(null);
  const running = computed(() => phase.value === 'running');
  let current: AbortController | null = null;

  /**
   * Runs `work` with a signal that {@link cancel} aborts (pass it to `EnginePool.run`). Resolves
   * with its output, or `undefined` when it failed, was cancelled or was replaced by a newer run.
   */
  async function run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    current?.abort();
    const mine = new AbortController();
    current = mine;
    phase.value = 'running';
    progress.value = 0;
    error.value = null;
    try {
      const out = await work(mine.signal);
      if (current !== mine) return undefined;
      phase.value = 'done';
      progress.value = 1;
      return out;
    } catch (e) {
      if (current !== mine) return undefined;
      if (e instanceof CancelledError || mine.signal.aborted) {
        phase.value = 'cancelled';
        progress.value = 0;
      } else {
        phase.value = 'error';
        error.value = textOf(e);
      }
      return undefined;
    } finally {
      if (current === mine) current = null;
    }
  }

  /** Cancels the running work, if any. */
  function cancel(): void {
    current?.abort();
  }

  return { phase, running, progress, error, run, cancel };
}
