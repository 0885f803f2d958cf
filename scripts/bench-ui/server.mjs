/** The `vite preview` server of the bench's build, in its own process group. */
import { spawn } from 'node:child_process';
import { BASE, OUT_DIR, PORT, ROOT } from './config.mjs';
import { sleep } from './util.mjs';

/** Starts the preview server in its own process group, so that stopping it stops vite too. */
export function startServer() {
  const child = spawn(
    'npx',
    ['vite', 'preview', '--config', 'vite.web.config.ts', '--port', String(PORT), '--strictPort'],
    {
      cwd: ROOT,
      env: { ...process.env, WEB_OUT_DIR: OUT_DIR },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.exited = new Promise((r) => child.on('exit', (code) => r(code)));
  child.output = () => output;
  return child;
}

export function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

export async function waitForServer(child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (Date.now() < until) {
    if (exited) throw new Error(`vite preview exited early:\n${child.output()}`);
    try {
      const res = await fetch(`${BASE}/`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`vite preview did not answer on ${BASE} within ${timeoutMs / 1000} s:\n${child.output()}`);
}
