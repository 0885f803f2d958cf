#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order, then one closing line "N passed, N failed".
 * Static checks (format, lint, unused code, type checks, builds, Electronegativity) count as one test each;
 * unit tests (vitest) and end-to-end tests (Playwright, Debian's Chromium) count each test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { costReport, slowestTests } from './test-cost.mjs';
import { runInLanes, runQuiet } from './test-lanes.mjs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

/** Each phase's wall time, in the order they ran, for the cost report at the end. */
const phases = [];

function run(name, cmd, args, env = {}) {
  process.stdout.write(`\n▶ ${name}: ${cmd} ${args.join(' ')}\n`);
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false });
  phases.push({ name, seconds: (performance.now() - t0) / 1000 });
  return r.status === 0;
}

/** Electron's binary is installed (as e2e/electron-smoke.spec.ts finds it): the smoke test will start the app. */
function electronInstalled() {
  const dir = 'node_modules/electron';
  if (!existsSync(`${dir}/path.txt`)) return false;
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? `${dir}/dist`;
  return existsSync(`${dist}/${readFileSync(`${dir}/path.txt`, 'utf8').trim()}`);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

mkdirSync('test-results', { recursive: true });
const npx = 'npx';
let webBuilt = false;

// The one-process checks and the builds, as many at a time as there are cores. The browser build
// the end-to-end tests are served is made here too, once, into a folder of this run's own.
const webDir = `.e2e-web/prebuilt-${process.pid}`;
// Where Electron cannot start the app (no binary: no smoke test), the desktop build makes main and
// the preload only: its renderer, built from the one configuration both builds read
// (scripts/renderer-config.ts), is the browser build's, built once instead of twice.
const desktopWhole = electronInstalled();
const desktop = desktopWhole ? 'desktop build (electron-vite)' : 'desktop build (electron-vite: main, preload)';
// longest first: the lanes end together when the long ones do not start last
const quiet = [
  {
    name: 'browser build (for the end-to-end tests)',
    cmd: npx,
    args: ['vite', 'build', '--config', 'vite.web.config.ts'],
    env: { WEB_OUT_DIR: webDir },
  },
  { name: 'lint', cmd: npx, args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'typecheck (web: renderer)', cmd: npx, args: ['vue-tsc', '--noEmit', '-p', 'tsconfig.web.json'] },
  { name: 'format', cmd: npx, args: ['prettier', '--check', '.'] },
  {
    name: 'typecheck (node: engine, CLI, main, preload)',
    cmd: npx,
    args: ['tsc', '--noEmit', '-p', 'tsconfig.node.json'],
  },
  {
    name: desktop,
    cmd: npx,
    args: ['electron-vite', 'build'],
    env: desktopWhole ? {} : { DESKTOP_BUILD: 'main-preload' },
  },
  { name: 'typecheck (end-to-end tests)', cmd: npx, args: ['tsc', '--noEmit', '-p', 'tsconfig.e2e.json'] },
  // no circular import in the sources (the layers themselves are ESLint's)
  { name: 'circles (madge)', cmd: 'npm', args: ['run', '--silent', 'lint:circles'] },
  // no unused file, export, type or dependency, and every import declared (knip.json)
  { name: 'unused code (knip)', cmd: 'npm', args: ['run', '--silent', 'lint:unused'] },
  // the desktop build's security scan reads what the build wrote
  {
    name: 'Electronegativity (no finding above low left unexplained)',
    cmd: 'node',
    args: ['scripts/electronegativity-check.mjs'],
    after: [desktop],
  },
];
const lanesStart = performance.now();
const parts = [];
await runInLanes(
  quiet,
  Math.max(1, availableParallelism()),
  (t) => runQuiet(t.cmd, t.args, t.env),
  (t, r) => {
    process.stdout.write(`\n▶ ${t.name}: ${t.cmd} ${t.args.join(' ')}\n${r.output}`);
    process.stdout.write(`${r.ok ? '✓' : '✗'} ${t.name} (${r.seconds.toFixed(1)} s)\n`);
    parts.push({ name: t.name, seconds: r.seconds });
    if (t.name.startsWith('browser build')) webBuilt = r.ok;
    if (r.ok) passed++;
    else {
      failed++;
      failures.push(t.name);
    }
  },
);
phases.push({
  name: `checks and builds, ${availableParallelism()} at a time`,
  seconds: (performance.now() - lanesStart) / 1000,
  parts,
});

// Unit tests
rmSync('test-results/unit.json', { force: true });
const unitOk = run('unit tests (vitest)', npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/unit.json',
]);
const unit = readJson('test-results/unit.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
  if (unit.numFailedTests > 0 || !unitOk) failures.push('unit tests');
  if (!unitOk && unit.numFailedTests === 0) failed++;
} else {
  failed++;
  failures.push('unit tests (no report)');
}

// End-to-end tests in Chromium against the browser build
rmSync('test-results/e2e.json', { force: true });
// served from the build above; without it (it failed, and is counted below), Playwright builds its own
const e2eOk = run(
  'end-to-end tests (Playwright, Chromium)',
  npx,
  ['playwright', 'test'],
  webBuilt ? { E2E_WEB_DIR: webDir } : {},
);
rmSync(webDir, { recursive: true, force: true });
const e2e = readJson('test-results/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
  if (e2e.stats.unexpected > 0 || !e2eOk) failures.push('end-to-end tests');
  if (!e2eOk && e2e.stats.unexpected === 0) failed++;
} else {
  failed++;
  failures.push('end-to-end tests (no report)');
}

process.stdout.write(costReport(phases, slowestTests(unit, e2e)));
if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);
