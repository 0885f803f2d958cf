import { describe, expect, it } from 'vitest';
import { throttleProgress } from './throttle-progress';

/** Reports of 20 segments, one every 12 ms, through a throttle of 50 ms. */
function sentOf(leading?: boolean): number[] {
  let clock = 0;
  const sent: number[] = [];
  const report = throttleProgress((p: number) => sent.push(p), {
    everyMs: 50,
    now: () => clock,
    ...(leading === undefined ? {} : { leading }),
  });
  for (let k = 1; k <= 20; k++) {
    report(k * 10_000);
    clock += 12;
  }
  return sent;
}

describe('throttleProgress', () => {
  it('passes the first report, then at most one per interval', () => {
    // at 0, 60, 120, 180 ms: reports 1, 6, 11, 16
    expect(sentOf()).toEqual([10_000, 60_000, 110_000, 160_000]);
  });

  it('without a leading report, waits one interval from its start', () => {
    // at 60, 120, 180 ms (the first 50 ms say nothing)
    expect(sentOf(false)).toEqual([60_000, 110_000, 160_000]);
  });

  it('a job shorter than the interval reports nothing without a leading report', () => {
    let clock = 0;
    const sent: number[] = [];
    const report = throttleProgress((p: number) => sent.push(p), { everyMs: 50, now: () => clock, leading: false });
    for (let k = 1; k <= 4; k++) {
      clock += 10;
      report(k);
    }
    expect(sent).toEqual([]);
  });
});
