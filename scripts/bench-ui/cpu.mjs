/**
 * CPU time of a process tree (Linux `/proc`): what the browser the bench launched — its UI thread,
 * its Web Workers and the threads it hashes on — took of the cores during a run. A one-worker run
 * is not one core: Web Crypto hashes each segment on a thread of its own, beside the worker.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

let ticks = null;
const ticksPerSecond = () =>
  (ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/** `{ pid, name, ppid, ticks }` of one `/proc/<pid>/stat` line (the name may hold spaces and brackets). */
export function parseStat(line) {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  const pid = Number(line.slice(0, line.indexOf(' ')));
  const f = line.slice(close + 2).split(' ');
  // after the name: state ppid … utime (14th field of the line) stime (15th)
  return { pid, name: line.slice(open + 1, close), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
}

/** A Chromium process (the browser, its renderers, GPU and utility processes all share the name). */
export const isChromium = (name) => /^(chromium|chrome|headless_shell)/i.test(name);

/**
 * CPU seconds of the processes below `root` that `keep` names, and of everything below them (not
 * of `root` itself: the bench's own Node, its polling and its server are not the browser's), or
 * null where there is no `/proc`.
 */
export function treeCpuSeconds(root = process.pid, keep = isChromium) {
  let stats;
  try {
    stats = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((d) => {
        try {
          return parseStat(readFileSync(`/proc/${d}/stat`, 'utf8'));
        } catch {
          return null; // gone meanwhile
        }
      })
      .filter((s) => s !== null);
  } catch {
    return null;
  }
  const children = new Map();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let total = 0;
  const walk = (pid, counted) => {
    for (const c of children.get(pid) ?? []) {
      const count = counted || keep(c.name);
      if (count) total += c.ticks;
      walk(c.pid, count);
    }
  };
  walk(root, false);
  return total / ticksPerSecond();
}
