#!/usr/bin/env node
/**
 * `npm run test:stress [-- --runs N] [-- PLAYWRIGHT ARGS]`: the end-to-end suite run N times
 * (3 by default) in a row while as many busy processes as the machine has cores compete for the
 * CPU, so a test that passes only when it wins a race fails here rather than in someone's CI.
 * Stops at the first failing run; the busy processes end with it, whatever happens.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const argv = process.argv.slice(2);
let runs = 3;
const k = argv.indexOf('--runs');
if (k >= 0) {
  runs = Number(argv[k + 1]);
  argv.splice(k, 2);
}
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  process.stderr.write('error: --runs takes a whole number from 1 to 20\n');
  process.exit(2);
}

// the browser build made once, before the busy processes start, and served to every run
const webDir = `.e2e-web/stress-${process.pid}`;
const build = spawnSync('npx', ['vite', 'build', '--config', 'vite.web.config.ts'], {
  stdio: 'inherit',
  env: { ...process.env, WEB_OUT_DIR: webDir },
});
if (build.status !== 0) {
  process.stderr.write('error: the browser build failed, so no run was started\n');
  process.exit(1);
}

const busy = Array.from({ length: availableParallelism() }, () =>
  spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
);
const stopBusy = () => {
  busy.forEach((b) => b.kill('SIGKILL'));
  rmSync(webDir, { recursive: true, force: true });
};
process.on('exit', stopBusy);
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => process.exit(130));

let passed = 0;
let failed = 0;
for (let i = 1; i <= runs; i++) {
  process.stdout.write(`\n▶ stress run ${i} of ${runs}, ${busy.length} busy processes beside it\n`);
  const r = spawnSync('npx', ['playwright', 'test', ...argv], {
    stdio: 'inherit',
    env: { ...process.env, E2E_WEB_DIR: webDir },
  });
  if (r.status === 0) passed++;
  else {
    failed++;
    break;
  }
}
process.stdout.write(`\nstress: ${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
