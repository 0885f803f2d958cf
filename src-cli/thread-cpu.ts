/**
 * CPU time of the calling thread, for `npm run bench`'s scaling figures: Linux's
 * /proc/thread-self/schedstat gives the nanoseconds this thread ran and those it waited, runnable,
 * for a core (what other load on a shared machine costs it). Null where the file does not exist.
 */
import { readFileSync } from 'node:fs';

export interface ThreadCpu {
  /** Nanoseconds this thread has run on a core. */
  readonly runNs: number;
  /** Nanoseconds it was ready to run but waited for a core. */
  readonly waitNs: number;
}

let available = true;

/** This thread's CPU and run-queue wait so far, or null off Linux. */
export function threadCpu(): ThreadCpu | null {
  if (!available) return null;
  try {
    return parseSchedstat(readFileSync('/proc/thread-self/schedstat', 'latin1'));
  } catch {
    available = false;
    return null;
  }
}

/** Parses a schedstat line: « run_ns wait_ns timeslices ». */
export function parseSchedstat(text: string): ThreadCpu {
  const [run, wait] = text.trim().split(/\s+/).map(Number);
  if (!Number.isFinite(run) || !Number.isFinite(wait)) throw new Error(`not a schedstat line: « ${text.trim()} »`);
  return { runNs: run!, waitNs: wait! };
}
