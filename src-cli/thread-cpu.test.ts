import { describe, expect, it } from 'vitest';
import { parseSchedstat, threadCpu } from './thread-cpu';

describe('thread CPU time', () => {
  it('parses a schedstat line', () => {
    expect(parseSchedstat('1929789480 1412462 19\n')).toEqual({ runNs: 1929789480, waitNs: 1412462 });
    expect(() => parseSchedstat('')).toThrow(/schedstat/);
  });

  it('grows with work on this thread, where the system has it', () => {
    const a = threadCpu();
    if (a === null) return; // not Linux: nothing to measure
    let x = 0;
    const end = performance.now() + 30;
    while (performance.now() < end) x += Math.sqrt(x + 1);
    const b = threadCpu()!;
    expect(x).toBeGreaterThan(0);
    expect(b.runNs).toBeGreaterThan(a.runNs);
  });
});
