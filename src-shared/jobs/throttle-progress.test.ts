import { describe, expect, it } from 'vitest';
import { throttleProgress } from './throttle-progress';

describe('throttleProgress', () => {
  it('passes the first report, then at most one per interval', () => {
    let clock = 0;
    const sent: number[] = [];
    const report = throttleProgress(
      (p: number) => sent.push(p),
      50,
      () => clock,
    );
    for (let k = 1; k <= 20; k++) {
      report(k * 10_000);
      clock += 12; // a segment every 12 ms
    }
    // at 0, 60, 120, 180 ms: reports 1, 6, 11, 16
    expect(sent).toEqual([10_000, 60_000, 110_000, 160_000]);
  });
});
