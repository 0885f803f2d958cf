import { describe, expect, it } from 'vitest';
import { busyInMeasures, unionWithin } from './trace-busy.mjs';

const task = (ts: number, dur: number, tid = 1) => ({
  ph: 'X',
  name: 'ThreadControllerImpl::RunTask',
  pid: 7,
  tid,
  ts,
  dur,
});
const mark = (ph: 'b' | 'e', ts: number, tid = 1) => ({
  ph,
  name: 'simulation:run-compute',
  cat: 'blink.user_timing',
  pid: 7,
  tid,
  ts,
  id2: { local: '0x1' },
});

describe('busyInMeasures', () => {
  it('counts nested and overlapping tasks once, clipped to the window', () => {
    // [0, 100] holds [10, 30] with a task nested in it, [25, 40] overlapping, [90, 120] cut at 100
    const tasks = [task(10, 20), task(12, 5), task(25, 15), task(90, 30)];
    expect(unionWithin(tasks, 0, 100)).toBe(30 + 10);
  });

  it('reads the window of the measure and the tasks of the thread that recorded it only', () => {
    const trace = {
      traceEvents: [mark('b', 1_000), mark('e', 11_000), task(0, 2_000), task(5_000, 1_000), task(6_000, 500, 2)],
    };
    expect(busyInMeasures(trace, ['simulation:run-compute', 'absent'])).toEqual({
      'simulation:run-compute': { windowMs: 10, busyMs: 2 },
    });
  });

  it('says nothing of a thread that shows no task, rather than calling it idle', () => {
    const trace = { traceEvents: [mark('b', 1_000), mark('e', 11_000), task(5_000, 1_000, 2)] };
    expect(busyInMeasures(trace, ['simulation:run-compute'])).toEqual({
      'simulation:run-compute': { windowMs: 10, busyMs: null },
    });
  });
});
