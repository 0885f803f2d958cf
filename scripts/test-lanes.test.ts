import { describe, expect, it } from 'vitest';
import { runInLanes, runQuiet } from './test-lanes.mjs';

/** Tasks the test ends itself, one at a time, so no order is left to the clock. */
function heldTasks() {
  const running: string[] = [];
  const most = { n: 0 };
  const enders = new Map<string, (v: string) => void>();
  const start = (t: { name: string }): Promise<string> =>
    new Promise((resolve) => {
      running.push(t.name);
      most.n = Math.max(most.n, running.length);
      enders.set(t.name, (v) => {
        running.splice(running.indexOf(t.name), 1);
        resolve(v);
      });
    });
  /** Ends a running task, then lets the runner start the next ones. */
  const end = async (name: string): Promise<void> => {
    enders.get(name)!(`${name} done`);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { running, most, start, end };
}

describe('the checks of npm test run side by side', () => {
  it('starts tasks in their order, never more than the lanes at once, each after those it waits on', async () => {
    const h = heldTasks();
    const ended: string[] = [];
    const tasks = [{ name: 'build' }, { name: 'lint' }, { name: 'scan', after: ['build'] }, { name: 'format' }];
    const done = runInLanes(tasks, 2, h.start, (t) => ended.push(t.name));
    await Promise.resolve();
    expect(h.running).toEqual(['build', 'lint']);
    await h.end('lint');
    // the scan waits on the build still running: the next task that can start does
    expect(h.running).toEqual(['build', 'format']);
    await h.end('format');
    expect(h.running).toEqual(['build']);
    await h.end('build');
    expect(h.running).toEqual(['scan']);
    await h.end('scan');
    const results = await done;
    expect(ended).toEqual(['lint', 'format', 'build', 'scan']);
    expect(results.get('scan')).toBe('scan done');
    expect(h.most.n).toBe(2);
  });

  it('refuses a task that waits on a task not given, and tasks that wait on each other', async () => {
    const h = heldTasks();
    await expect(runInLanes([{ name: 'a', after: ['b'] }], 2, h.start)).rejects.toThrow(
      /"a" runs after "b", not a task/,
    );
    await expect(
      runInLanes(
        [
          { name: 'a', after: ['b'] },
          { name: 'b', after: ['a'] },
        ],
        2,
        h.start,
      ),
    ).rejects.toThrow(/a, b wait on each other/);
  });

  it("keeps a command's output whole and says whether it succeeded", async () => {
    const ok = await runQuiet(process.execPath, ['-e', 'console.log("out"); console.error("err")']);
    expect(ok.ok).toBe(true);
    expect(ok.output).toContain('out');
    expect(ok.output).toContain('err');
    const bad = await runQuiet(process.execPath, ['-e', 'process.exit(3)']);
    expect(bad.ok).toBe(false);
    const missing = await runQuiet('/nonexistent/command', []);
    expect(missing.ok).toBe(false);
    expect(missing.output).toContain('ENOENT');
  });
});
