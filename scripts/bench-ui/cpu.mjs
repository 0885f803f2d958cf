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

/** `{ pid, ppid, ticks }` of one `/proc/<pid>/stat` line (the name may hold spaces and brackets). */
export function parseStat(line) {
  const close = line.lastIndexOf(')');
  const pid = Number(line.slice(0, line.indexOf(' ')));
  const f = line.slice(close + 2).split(' ');
  // after the name: state ppid … utime (14th field of the line) stime (15th)
  return { pid, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
}

/** CPU seconds of `root` and every process below it, or null where there is no `/proc`. */
export function treeCpuSeconds(root = process.pid) {
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
  const walk = (pid) => {
    for (const c of children.get(pid) ?? []) {
      total += c.ticks;
      walk(c.pid);
    }
  };
  total += stats.find((s) => s.pid === root)?.ticks ?? 0;
  walk(root);
  return total / ticksPerSecond();
}
