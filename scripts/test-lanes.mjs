/**
 * The checks of `npm test` that are each one process on one core (format, lint, type checks, the
 * builds) run side by side, as many at a time as the machine has cores: run one after another they
 * left the second core idle for a minute and a half.
 */
import { spawn } from 'node:child_process';

/**
 * Runs tasks over `lanes` lanes, each lane taking the first task, in the order given, whose `after`
 * tasks have all ended (a task after a failed one still runs: its own failure is its own).
 * @param tasks `{ name, after?: string[] }`, the longest first
 * @param start runs one task: resolves to anything; it never rejects
 * @param onEnd called as each task ends, with the task and what `start` resolved to
 * @returns what each task resolved to, by name
 */
export async function runInLanes(tasks, lanes, start, onEnd = () => {}) {
  for (const t of tasks)
    for (const a of t.after ?? [])
      if (!tasks.some((o) => o.name === a)) throw new Error(`runInLanes: "${t.name}" runs after "${a}", not a task`);
  const pending = [...tasks];
  const ended = new Map();
  const running = new Set();
  await new Promise((resolve, reject) => {
    const next = () => {
      if (pending.length === 0 && running.size === 0) return resolve();
      while (running.size < lanes) {
        const i = pending.findIndex((t) => (t.after ?? []).every((a) => ended.has(a)));
        if (i < 0) break;
        const [task] = pending.splice(i, 1);
        running.add(task.name);
        void start(task).then((result) => {
          running.delete(task.name);
          ended.set(task.name, result);
          onEnd(task, result);
          next();
        });
      }
      // tasks left whose `after` can never end: named rather than waited on for ever
      if (running.size === 0 && pending.length > 0)
        reject(new Error(`runInLanes: ${pending.map((t) => t.name).join(', ')} wait on each other`));
    };
    next();
  });
  return ended;
}

/**
 * One command, its output kept to be printed whole when it ends (two commands printing at once
 * would interleave their lines).
 * @returns `{ ok, seconds, output }`
 */
export function runQuiet(cmd, args, env = {}) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    const end = (ok, extra = '') =>
      resolve({ ok, seconds: (performance.now() - t0) / 1000, output: Buffer.concat(chunks).toString() + extra });
    child.on('error', (e) => end(false, `\n${cmd}: ${e.message}\n`));
    child.on('close', (code) => end(code === 0));
  });
}
