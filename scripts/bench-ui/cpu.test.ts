import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isChromium, parseStat, treeCpuSeconds } from './cpu.mjs';

describe('parseStat', () => {
  it('reads the name, the parent and user + system ticks past a name with spaces and brackets', () => {
    const line = '4242 (chromium (renderer) x) S 4000 4000 0 0 -1 4194560 100 0 0 0 350 25 0 0 20 0 9 0';
    expect(parseStat(line)).toEqual({ pid: 4242, name: 'chromium (renderer) x', ppid: 4000, ticks: 375 });
  });

  it('names Chromium’s processes, not the bench’s own', () => {
    expect(['chromium', 'chrome', 'headless_shell'].every(isChromium)).toBe(true);
    expect(['node', 'npm exec vite', 'esbuild'].some(isChromium)).toBe(false);
  });
});

describe('treeCpuSeconds', () => {
  const kept = (name: string) => name === 'node';

  it('adds the time of a live child it keeps, not its own', async () => {
    const busy = spawn(process.execPath, ['-e', 'const t = Date.now() + 3000; while (Date.now() < t);']);
    try {
      await new Promise((r) => busy.on('spawn', r));
      const before = treeCpuSeconds(process.pid, kept);
      if (before === null) return; // no /proc on this system: nothing to count
      await new Promise((r) => setTimeout(r, 700));
      expect(treeCpuSeconds(process.pid, kept)! - before).toBeGreaterThan(0.2);
      // this process busy for 300 ms: not counted, it is the root
      const own = treeCpuSeconds(process.pid, () => false)!;
      const until = performance.now() + 300;
      while (performance.now() < until);
      expect(treeCpuSeconds(process.pid, () => false)! - own).toBe(0);
    } finally {
      busy.kill();
    }
  });
});
