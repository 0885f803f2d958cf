/**
 * Progress reports of a worker job, sent at most once per interval: each report is a message the
 * UI thread must handle, and on a two-core machine the UI thread's time is taken from the workers
 * (scaling in the app). A Les 3 Gongs segment takes about 3 ms: unthrottled, two workers
 * post some 600 messages a second. The job's result itself is its last word on progress.
 */
export const PROGRESS_EVERY_MS = 50;

export interface ThrottleOptions {
  readonly everyMs?: number;
  readonly now?: () => number;
  /**
   * Whether the first call goes through at once (default true). Without it, a job shorter than the
   * interval posts no progress at all: its result says it is done.
   */
  readonly leading?: boolean;
}

/** `report`, called at most every `everyMs` ms; later calls in between are dropped. */
export function throttleProgress<T>(report: (p: T) => void, options: ThrottleOptions = {}): (p: T) => void {
  const everyMs = options.everyMs ?? PROGRESS_EVERY_MS;
  const now = options.now ?? (() => performance.now());
  let last = options.leading === false ? now() : Number.NEGATIVE_INFINITY;
  return (p) => {
    const t = now();
    if (t - last < everyMs) return;
    last = t;
    report(p);
  };
}
