#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order, then one closing line "N passed, N failed".
 * Static checks (format, lint, unused code, type checks, build, Electronegativity) count as one test each;
 * unit tests (vitest) and end-to-end tests (Playwright, Debian's Chromium) count each test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { costReport, slowestTests } from './test-cost.mjs';

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

function check(name, cmd, args, env) {
  if (run(name, cmd, args, env)) passed++;
  else {
    failed++;
    failures.push(name);
  }
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

check('format', npx, ['prettier', '--check', '.']);
check('lint', npx, ['eslint', '.', '--max-warnings', '0']);
// no circular import in the sources (the layers themselves are ESLint's)
check('circles (madge)', 'npm', ['run', '--silent', 'lint:circles']);
// no unused file, export, type or dependency, and every import declared (knip.json)
check('unused code (knip)', 'npm', ['run', '--silent', 'lint:unused']);
check('typecheck (node: engine, CLI, main, preload)', npx, ['tsc', '--noEmit', '-p', 'tsconfig.node.json']);
check('typecheck (web: renderer)', npx, ['vue-tsc', '--noEmit', '-p', 'tsconfig.web.json']);
check('typecheck (end-to-end tests)', npx, ['tsc', '--noEmit', '-p', 'tsconfig.e2e.json']);

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

// Desktop build (main, CommonJS preload, renderer) and its security scan
check('desktop build (electron-vite)', npx, ['electron-vite', 'build']);
if (existsSync('scripts/electronegativity-check.mjs')) {
  check('Electronegativity (no finding above low left unexplained)', 'node', ['scripts/electronegativity-check.mjs']);
}

// End-to-end tests in Chromium against the browser build
rmSync('test-results/e2e.json', { force: true });
const e2eOk = run('end-to-end tests (Playwright, Chromium)', npx, ['playwright', 'test']);
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
