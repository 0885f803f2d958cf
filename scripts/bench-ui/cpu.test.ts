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
    const before = treeCpuSeconds(process.pid, kept);
    if (before === null) return; // no /proc on this system: nothing to count
    // the child burns 400 ms of its own CPU, however long the machine takes to give it, says so
    // and stays alive: the test waits for that word, never for a time
    const burn =
      'while (process.cpuUsage().user + process.cpuUsage().system < 400_000);' +
      'process.stdout.write("burnt\\n"); setInterval(() => {}, 1000);';
    const busy = spawn(process.execPath, ['-e', burn], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) =>
        busy.stdout.on('data', (d: Buffer) => {
          if (d.toString().includes('burnt')) resolve();
        }),
      );
      expect(treeCpuSeconds(process.pid, kept)! - before).toBeGreaterThan(0.3);
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
