/**
 * The UI thread's busy time inside a window of the app's own performance timeline, from a Chromium
 * trace (categories `toplevel` and `blink.user_timing`): the union of the top-level tasks of the
 * renderer main thread that recorded the measure, clipped to the measure's start and end. A
 * measure tool for `npm run bench:ui`: the window is the app's, the tasks are the browser's.
 */

/** Trace categories this module reads. */
export const BUSY_TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

const TOP_TASK = 'ThreadControllerImpl::RunTask';

/**
 * Busy ms of the thread that recorded each of `measures` (user-timing names), inside its last
 * occurrence: `{ [name]: { windowMs, busyMs } }` (busyMs null when the thread shows no task at
 * all); a measure absent from the trace is left out.
 */
export function busyInMeasures(trace, measures) {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const out = {};
  for (const name of measures) {
    const marks = events.filter((e) => e.name === name && (e.cat ?? '').includes('user_timing'));
    const begin = marks.filter((e) => e.ph === 'b').at(-1);
    if (!begin) continue;
    const end =
      marks.find((e) => e.ph === 'e' && e.id2?.local === begin.id2?.local && e.ts >= begin.ts) ??
      marks.filter((e) => e.ph === 'e' && e.ts >= begin.ts).at(0);
    if (!end) continue;
    const thread = `${begin.pid}:${begin.tid}`;
    const tasks = events
      .filter((e) => e.ph === 'X' && e.name === TOP_TASK && `${e.pid}:${e.tid}` === thread)
      .sort((a, b) => a.ts - b.ts);
    // no task at all on the thread: the trace does not say (a renamed event), not an idle thread
    const busyMs = tasks.length === 0 ? null : unionWithin(tasks, begin.ts, end.ts) / 1000;
    out[name] = { windowMs: (end.ts - begin.ts) / 1000, busyMs };
  }
  return out;
}

/** Microseconds covered by `tasks` (sorted by start; nested or overlapping ones counted once) inside [a, b]. */
export function unionWithin(tasks, a, b) {
  let covered = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const t of tasks) {
    const s = Math.max(t.ts, a, reach);
    const e = Math.min(t.ts + t.dur, b);
    if (e > s) covered += e - s;
    reach = Math.max(reach, t.ts + t.dur);
  }
  return covered;
}
