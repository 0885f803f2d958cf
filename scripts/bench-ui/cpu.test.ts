import { describe, expect, it } from 'vitest';
import { parseStat, treeCpuSeconds } from './cpu.mjs';

describe('parseStat', () => {
  it('reads the parent and user + system ticks past a name with spaces and brackets', () => {
    const line = '4242 (chromium (renderer) x) S 4000 4000 0 0 -1 4194560 100 0 0 0 350 25 0 0 20 0 9 0';
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 4000, ticks: 375 });
  });
});

describe('treeCpuSeconds', () => {
  it('counts a busy child of this process', () => {
    const before = treeCpuSeconds();
    if (before === null) return; // no /proc on this system: nothing to count
    let x = 0;
    const until = performance.now() + 300;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    expect(treeCpuSeconds()! - before).toBeGreaterThan(0.1);
  });
});
