/**
 * UI measurements of the browser build in Debian's Chromium (`npm run bench:ui`): Run → charts on
 * the simulation screen, main-thread long tasks, renderer memory after 100 blocks, replay open time,
 * compliance JSONL export, explorer sessions. A measurement tool: slow figures are reported, never
 * asserted; it exits non-zero only when something fails (a build, a server, a screen error).
 *
 * Builds into .e2e-web/bench, serves it with `vite preview` on port 4599, prints a table and one
 * `BENCH_UI {json}` line, then stops the server.
 *
 * Environment: BENCH_UI_REPS (default 3) repetitions of the cheap measurements;
 * BENCH_UI_MINE100_MAX_S (default 600): the 100-block Mine d'or run is attempted only if the
 * 100-block Les 3 Gongs run predicts it finishes within this many seconds; BENCH_UI_STEPS (default
 * all): a comma-separated list of the steps to run (simulation, profile, scaling, memory, replay,
 * export, explorer).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 4599;
const BASE = `http://127.0.0.1:${PORT}`;
const OUT_DIR = '.e2e-web/bench';
const REPS = Number(process.env.BENCH_UI_REPS ?? 3);
const MINE100_MAX_S = Number(process.env.BENCH_UI_MINE100_MAX_S ?? 600);
const EXPORT_PATH = '/tmp/bench-ui-mine-d-or-100-1.jsonl';
const LONG_MS = 50;
const MEASURE = 'simulation:run-to-charts';
const STEPS = process.env.BENCH_UI_STEPS ? new Set(process.env.BENCH_UI_STEPS.split(',')) : null;

const engine = await tsImport('../src-engine/index.ts', import.meta.url);
const cReference = await tsImport('../src-cli/c-reference.ts', import.meta.url);
const { BUSY_TRACE_CATEGORIES, busyInMeasures } = await import('./bench-ui/trace-busy.mjs');

// ---- helpers ------------------------------------------------------------------------------------

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x, d = 1) => (typeof x === 'number' && Number.isFinite(x) ? Number(x.toFixed(d)) : x);
const mb = (bytes) => (typeof bytes === 'number' ? round(bytes / 1024 / 1024, 1) : null);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (msg) => console.error(`[bench-ui] ${msg}`);

/** Starts the preview server in its own process group, so that stopping it stops vite too. */
function startServer() {
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

function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function waitForServer(child, timeoutMs = 60_000) {
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

/** Long tasks recorded by the init script since the page loaded. */
const longTasks = (page) => page.evaluate(() => window.__benchLongTasks ?? []);
function summariseLongTasks(tasks) {
  const d = tasks.map((t) => t.duration);
  return {
    count: d.length,
    maxMs: d.length ? round(Math.max(...d), 0) : 0,
    over50: d.filter((x) => x > LONG_MS).length,
    totalMs: round(
      d.reduce((a, b) => a + b, 0),
      0,
    ),
  };
}

async function heap(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  const pm = await page.evaluate(() => {
    const p = performance.memory;
    return p ? { usedJSHeapSize: p.usedJSHeapSize, totalJSHeapSize: p.totalJSHeapSize } : null;
  });
  await cdp.detach();
  return {
    jsHeapUsedMB: mb(m.JSHeapUsedSize),
    jsHeapTotalMB: mb(m.JSHeapTotalSize),
    performanceMemoryUsedMB: pm ? mb(pm.usedJSHeapSize) : null,
    performanceMemoryTotalMB: pm ? mb(pm.totalJSHeapSize) : null,
    domNodes: m.Nodes,
  };
}

// ---- simulation screen --------------------------------------------------------------------------

async function openSimulation(page) {
  await page.goto(`${BASE}/#/simulation`);
  await page.getByTestId('official-table').waitFor({ state: 'visible', timeout: 30_000 });
}

/**
 * Sets the controls, presses Run and waits for the screen's Run → charts measure (a new entry),
 * or the run's failure. Returns the app's measure, the wall time seen from Node and the verdict.
 */
async function simulate(page, game, stake, seed, blocks, timeoutMs) {
  await page.getByTestId('sim-game').selectOption(game);
  await page.getByTestId('sim-stake').selectOption(stake);
  await page.getByTestId('sim-seed').fill(seed);
  await page.getByTestId('sim-blocks').fill(blocks);
  const before = await page.evaluate((name) => performance.getEntriesByName(name).length, MEASURE);
  const t0 = Date.now();
  await page.getByTestId('sim-run').click();
  const handle = await page.waitForFunction(
    ({ name, n }) => {
      const status = document.querySelector('[data-testid="sim-progress"]')?.getAttribute('data-status');
      if (status === 'failed' || status === 'cancelled') return { status };
      if (document.querySelector('[data-testid="sim-refused"]')) return { status: 'refused' };
      const m = performance.getEntriesByName(name);
      return m.length > n ? { status: 'done', ms: m[m.length - 1].duration } : false;
    },
    { name: MEASURE, n: before },
    { timeout: timeoutMs, polling: 50 },
  );
  const wallMs = Date.now() - t0;
  const r = await handle.jsonValue();
  if (r.status !== 'done') {
    const why = await page
      .getByTestId('sim-status')
      .textContent()
      .catch(() => '');
    throw new Error(`simulation ${game} ${stake} seed ${seed} × ${blocks}: ${r.status} ${why ?? ''}`.trim());
  }
  const verdict = await page.getByTestId('sim-verdict').getAttribute('data-verdict');
  const computeMs = await page.evaluate(() => performance.getEntriesByName('simulation:run-compute').at(-1)?.duration);
  return { runToChartsMs: round(r.ms, 0), computeMs: round(computeMs, 0), wallMs, verdict };
}

// ---- CPU profile of the UI thread: what a long task is made of --------------------------------

/** Maps a bundle position to its source (file:line name), when the build's source maps load. */
async function sourceMapper() {
  let TraceMap, originalPositionFor;
  try {
    ({ TraceMap, originalPositionFor } = await import('@jridgewell/trace-mapping'));
  } catch {
    return (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  }
  const maps = new Map();
  const mapOf = async (url) => {
    if (!maps.has(url)) {
      maps.set(
        url,
        await fetch(`${url}.map`)
          .then((r) => (r.ok ? r.json() : null))
          .then((j) => (j ? new TraceMap(j) : null))
          .catch(() => null),
      );
    }
    return maps.get(url);
  };
  return async (f) => {
    const map = f.url.startsWith(BASE) ? await mapOf(f.url) : null;
    const pos = map ? originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber }) : null;
    if (pos?.source) {
      const src = pos.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
      return `${pos.name ?? f.functionName ?? '(anonymous)'} ${src}:${pos.line}`;
    }
    return `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.split('/').pop()}:${f.lineNumber + 1}` : ''}`.trim();
  };
}

/**
 * The busy stretches of a CPU profile (samples with no idle sample between them) of at least
 * `minMs`, each with the functions it spent most time in (inclusive) and its own-time leaders.
 */
async function busyStretches(profile, minMs, whole = false) {
  const name = await sourceMapper();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stretches = [];
  let cur = null;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    const idle = byId.get(id).callFrame.functionName === '(idle)';
    if (idle) {
      if (cur) stretches.push(cur);
      cur = null;
      return;
    }
    cur ??= { start: t, end: t, samples: [] };
    cur.end = t;
    cur.samples.push({ id, dt });
  });
  if (cur) stretches.push(cur);
  if (whole) {
    // one summary of every busy sample of the profile
    const all = { start: profile.startTime, end: profile.endTime, samples: stretches.flatMap((x) => x.samples) };
    stretches.splice(0, stretches.length, all);
  }
  const out = [];
  for (const st of stretches) {
    const ms = (st.end - st.start) / 1000;
    if (ms < minMs) continue;
    const busyMs = st.samples.reduce((a, x) => a + x.dt, 0) / 1000;
    const incl = new Map();
    const self = new Map();
    for (const { id, dt } of st.samples) {
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const f = byId.get(n).callFrame;
        if (f.functionName === '(root)') break;
        const key = `${f.functionName}|${f.url}|${f.lineNumber}|${f.columnNumber}`;
        if (!seen.has(key)) {
          seen.add(key);
          incl.set(key, { f, us: (incl.get(key)?.us ?? 0) + dt });
        }
        if (n === id) self.set(key, { f, us: (self.get(key)?.us ?? 0) + dt });
      }
    }
    const top = async (m, k) =>
      Promise.all(
        [...m.values()]
          .sort((a, b) => b.us - a.us)
          .slice(0, k)
          .map(async (x) => `${round(x.us / 1000, 1)} ms ${await name(x.f)}`),
      );
    out.push({ ms: round(ms, 0), busyMs: round(busyMs, 0), inclusive: await top(incl, 14), self: await top(self, 8) });
  }
  return whole ? out[0] : out;
}

// ---- main ---------------------------------------------------------------------------------------

const results = {};
const errors = [];
async function step(name, fn) {
  if (STEPS && !STEPS.has(name)) return;
  log(`${name} …`);
  const t0 = Date.now();
  try {
    results[name] = await fn();
    log(`${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    errors.push({ step: name, error: msg });
    log(`${name} FAILED: ${msg}`);
  }
}

let server = null;
let browser = null;
const cleanup = () => stopServer(server);
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});
process.on('SIGTERM', () => {
  cleanup();
  process.exit(143);
});

try {
  log(`building the web app into ${OUT_DIR} …`);
  // source maps: the profile step names the functions of a long task in the sources
  const build = spawnSync('npx', ['vite', 'build', '--config', 'vite.web.config.ts', '--sourcemap'], {
    cwd: ROOT,
    env: { ...process.env, WEB_OUT_DIR: OUT_DIR },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`vite build failed (${build.status}):\n${build.stdout}\n${build.stderr}`);

  server = startServer();
  await waitForServer(server);
  log(`serving on ${BASE}`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.addInitScript(() => {
    window.__benchLongTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      window.__benchLongTasks = null; // long tasks not supported
    }
  });
  results.env = {
    chromium: browser.version(),
    hardwareConcurrency: await page.evaluate(() => navigator.hardwareConcurrency),
  };
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  // 1 + 2: Run → charts for one full Mine d'or block at 1 €, long tasks during those runs and a 20-block run
  await step('simulation', async () => {
    await openSimulation(page);
    const runs = [];
    const mark0 = (await longTasks(page))?.length ?? 0;
    for (let i = 0; i < REPS; i++) runs.push(await simulate(page, 'mine-d-or', '100', String(i + 1), '1', 180_000));
    const afterOne = await longTasks(page);
    const run20 = await simulate(page, 'mine-d-or', '100', '1000', '20', 900_000);
    const after20 = await longTasks(page);
    const one = afterOne ? summariseLongTasks(afterOne.slice(mark0)) : null;
    const twenty = after20 ? summariseLongTasks(after20.slice(afterOne.length)) : null;
    return {
      oneBlock: {
        runToChartsMs: runs.map((r) => r.runToChartsMs),
        medianRunToChartsMs: median(runs.map((r) => r.runToChartsMs)),
        wallMs: runs.map((r) => r.wallMs),
        verdicts: runs.map((r) => r.verdict),
        longTasks: one,
      },
      twentyBlocks: {
        runToChartsMs: run20.runToChartsMs,
        wallMs: run20.wallMs,
        unitsPerSecond: Math.round(20_000_000 / (run20.runToChartsMs / 1000)),
        verdict: run20.verdict,
        longTasks: twenty,
      },
      longTasksAll: after20 ? summariseLongTasks(after20.slice(mark0)) : null,
    };
  });

  // 1b: a CPU profile of the UI thread during one-block runs: the long tasks, function by function
  await step('profile', async () => {
    await page.goto('about:blank');
    await openSimulation(page);
    await simulate(page, 'mine-d-or', '100', '7', '1', 180_000); // warm-up
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const runs = [];
    for (let i = 0; i < REPS; i++) runs.push(await simulate(page, 'mine-d-or', '100', String(11 + i), '1', 180_000));
    const { profile } = await cdp.send('Profiler.stop');
    // and where the UI thread's time goes while workers run many blocks
    await cdp.send('Profiler.start');
    const many = await simulate(page, 'les-3-gongs', '50', '500', '20', 900_000);
    const { profile: manyProfile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    return {
      runToChartsMs: runs.map((r) => r.runToChartsMs),
      stretches: await busyStretches(profile, 30),
      gongs20: { runToChartsMs: many.runToChartsMs, ...(await busyStretches(manyProfile, 0, true)) },
    };
  });

  // 1c: the app's scaling: the same runs on one Web Worker and on two (navigator.hardwareConcurrency
  // set before the app starts, in a context of its own). Each run is timed twice by the app: Run →
  // every block computed (the block runner, what two workers share) and Run → charts drawn (the
  // drawing after is one thread's work whatever the workers); the UI thread's busy time inside each
  // window comes from a trace of the browser's top-level tasks.
  await step('scaling', async () => {
    const out = { workers1: {}, workers2: {} };
    const compiled = cReference.compileCReference();
    const cBinary = 'binary' in compiled ? compiled.binary : null;
    const machine = [];
    // 1, 2, 2, 1: a load that drifts during the step weighs on both counts alike; medians of 2
    const all = { 1: [], 2: [] };
    for (const workers of [1, 2, 2, 1]) {
      const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      await ctx.addInitScript((n) => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
      }, workers);
      const p = await ctx.newPage();
      p.setDefaultTimeout(60_000);
      await openSimulation(p);
      await simulate(p, 'les-3-gongs', '50', '900', '4', 180_000); // warm-up
      const row = {};
      for (const [key, game, stake, blocks, units] of [
        ['gongs100', 'les-3-gongs', '50', '100', 30_000_000],
        ['mine20', 'mine-d-or', '100', '20', 20_000_000],
      ]) {
        await browser.startTracing(p, { categories: BUSY_TRACE_CATEGORIES });
        const r = await simulate(p, game, stake, '1', blocks, 1_800_000);
        const busy = busyInMeasures(JSON.parse((await browser.stopTracing()).toString('utf8')), [
          'simulation:run-compute',
          MEASURE,
        ]);
        const compute = busy['simulation:run-compute'];
        const whole = busy[MEASURE];
        row[key] = {
          computeMs: r.computeMs,
          runToChartsMs: r.runToChartsMs,
          unitsPerSecond: Math.round(units / (r.computeMs / 1000)),
          uiBusyComputeShare: compute ? round(compute.busyMs / compute.windowMs, 3) : null,
          uiBusyShare: whole ? round(whole.busyMs / whole.windowMs, 3) : null,
          drawUiMs: compute && whole ? round(whole.busyMs - compute.busyMs, 0) : null,
        };
      }
      await ctx.close();
      all[workers].push(row);
      // the machine's own scaling at that moment: plain C as 2 processes at once vs one
      if (cBinary) machine.push((await cReference.cReferenceScaling(cBinary, 0, 4, 2)).ratio);
    }
    if (machine.length > 0) out.machineRatio = round(median(machine), 2);
    for (const n of [1, 2])
      for (const k of ['gongs100', 'mine20']) {
        const rows = all[n].map((r) => r[k]);
        const med = (f) => median(rows.map((r) => r[f]));
        out[`workers${n}`][k] = {
          computeMs: med('computeMs'),
          runToChartsMs: med('runToChartsMs'),
          computeRuns: rows.map((r) => r.computeMs),
          runs: rows.map((r) => r.runToChartsMs),
          unitsPerSecond: med('unitsPerSecond'),
          uiBusyComputeShare: round(med('uiBusyComputeShare'), 3),
          uiBusyShare: round(med('uiBusyShare'), 3),
          drawUiMs: med('drawUiMs'),
        };
      }
    for (const k of ['gongs100', 'mine20']) {
      out[`${k}ComputeRatio`] = round(out.workers1[k].computeMs / out.workers2[k].computeMs, 2);
      out[`${k}Ratio`] = round(out.workers1[k].runToChartsMs / out.workers2[k].runToChartsMs, 2);
    }
    return out;
  });

  // 3: renderer memory after 100 blocks
  await step('memory', async () => {
    await page.goto('about:blank');
    await openSimulation(page);
    const baseline = await heap(page);
    const out = { baseline };
    const g = await simulate(page, 'les-3-gongs', '50', '1', '100', 3_600_000);
    out.gongs100 = {
      units: 30_000_000,
      runToChartsMs: g.runToChartsMs,
      wallMs: g.wallMs,
      unitsPerSecond: Math.round(30_000_000 / (g.runToChartsMs / 1000)),
      verdict: g.verdict,
      heap: await heap(page),
    };
    const predictedS = ((g.runToChartsMs / 1000) * 100_000_000) / 30_000_000;
    if (predictedS <= MINE100_MAX_S) {
      const m = await simulate(page, 'mine-d-or', '100', '1', '100', Math.max(900_000, predictedS * 3000));
      out.mine100 = {
        units: 100_000_000,
        runToChartsMs: m.runToChartsMs,
        wallMs: m.wallMs,
        unitsPerSecond: Math.round(100_000_000 / (m.runToChartsMs / 1000)),
        verdict: m.verdict,
        heap: await heap(page),
      };
    } else {
      out.mine100 = { skipped: `predicted ${Math.round(predictedS)} s > ${MINE100_MAX_S} s` };
    }
    return out;
  });

  // 4: replay the last unit of a Mine d'or block by its reference
  await step('replay', async () => {
    const { formatUnitRef, GENERATOR_VERSION } = engine;
    const ref = formatUnitRef({
      game: 'mine-d-or',
      stakeCents: 100,
      seed: 1,
      index: 999_999,
      generatorVersion: GENERATOR_VERSION,
    });
    const runs = [];
    for (let i = 0; i < REPS; i++) {
      await page.goto('about:blank');
      await page.goto(`${BASE}/#/replay`);
      await page.getByTestId('replay-empty').waitFor({ state: 'visible' });
      const input = page.getByTestId('ref-input');
      await input.fill(ref);
      await input.focus();
      // timed inside the page: the Enter keydown to the first frame with the board of that unit
      await page.evaluate((want) => {
        window.__benchReplay = new Promise((resolveDone) => {
          let t0 = null;
          window.addEventListener(
            'keydown',
            (e) => {
              if (e.key === 'Enter') t0 = performance.now();
            },
            { capture: true, once: true },
          );
          const ready = () =>
            t0 !== null &&
            document.querySelector('[data-testid="board-ref"]')?.textContent?.trim() === want &&
            document.querySelector('[data-testid="board-panel"] [data-testid="grid-0-cell-0"]') !== null;
          const mo = new MutationObserver(() => {
            if (!ready()) return;
            mo.disconnect();
            const tDom = performance.now() - t0;
            requestAnimationFrame(() => resolveDone({ domMs: tDom, frameMs: performance.now() - t0 }));
          });
          mo.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      }, ref);
      const t0 = Date.now();
      await page.keyboard.press('Enter');
      const inPage = await page.evaluate(() => window.__benchReplay);
      await page.getByTestId('board-panel').waitFor({ state: 'visible' });
      const nodeMs = Date.now() - t0;
      const openTime = page.getByTestId('open-time');
      runs.push({
        openMs: Number(await openTime.getAttribute('data-ms')),
        openText: (await openTime.textContent())?.trim(),
        enterToBoardMs: round(inPage.frameMs, 1),
        enterToDomMs: round(inPage.domMs, 1),
        enterToVisibleFromNodeMs: nodeMs,
      });
    }
    return {
      ref,
      openMs: runs.map((r) => r.openMs),
      medianOpenMs: median(runs.map((r) => r.openMs)),
      openText: runs[runs.length - 1]?.openText,
      enterToBoardMs: runs.map((r) => r.enterToBoardMs),
      medianEnterToBoardMs: median(runs.map((r) => r.enterToBoardMs)),
      enterToDomMs: runs.map((r) => r.enterToDomMs),
      enterToVisibleFromNodeMs: runs.map((r) => r.enterToVisibleFromNodeMs),
    };
  });

  // 5: full JSONL export of a Mine d'or 1 € block
  await step('export', async () => {
    await page.goto(`${BASE}/#/compliance`);
    await page.getByTestId('compliance-game').selectOption('mine-d-or');
    await page.getByTestId('compliance-stake').selectOption('100');
    await page.getByTestId('compliance-seed').fill('1');
    const downloading = page.waitForEvent('download', { timeout: 900_000 });
    const t0 = Date.now();
    await page.getByTestId('export-jsonl').click();
    const download = await downloading;
    const ms = Date.now() - t0;
    const failure = await download.failure();
    if (failure) throw new Error(`download failed: ${failure}`);
    await download.saveAs(EXPORT_PATH);
    let lines = 0;
    let last = 10;
    for await (const chunk of createReadStream(EXPORT_PATH)) {
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
      last = chunk[chunk.length - 1];
    }
    if (last !== 10) lines++; // a last line without its line end
    return {
      clickToDownloadMs: ms,
      file: EXPORT_PATH,
      suggestedName: download.suggestedFilename(),
      bytes: statSync(EXPORT_PATH).size,
      sizeMB: mb(statSync(EXPORT_PATH).size),
      lines,
    };
  });

  // 6: explorer sessions, 1,000,000 players × 100 units with replacement
  await step('explorer', async () => {
    await page.goto(`${BASE}/#/explorer`);
    await page.getByTestId('level-amount-0').waitFor({ state: 'visible' });
    await page.getByTestId('sessions-players').fill('1000000');
    await page.getByTestId('sessions-units').fill('100');
    await page.getByTestId('sessions-replacement').selectOption({ index: 0 });
    const run = page.getByTestId('sessions-run');
    if (!(await run.isEnabled())) throw new Error('sessions-run is disabled for 1,000,000 × 100');
    const t0 = Date.now();
    await run.click();
    const handle = await page.waitForFunction(
      () => {
        const panel = document.querySelector('[data-testid="explorer-sessions"]');
        const err = panel?.querySelector('.error-box')?.textContent;
        if (err) return { error: err };
        const done = document.querySelector('[data-testid="sessions-done"]');
        const running = document.querySelector('[data-testid="sessions-progress"]');
        return done && !running ? { text: done.textContent.trim() } : false;
      },
      undefined,
      { timeout: 1_800_000, polling: 50 },
    );
    const ms = Date.now() - t0;
    const r = await handle.jsonValue();
    if (r.error) throw new Error(`sessions failed: ${r.error}`);
    await page.getByTestId('chart-session-bands').waitFor({ state: 'visible' });
    return {
      runToResultsMs: ms,
      screenText: r.text,
      sessions: 2_000_000,
      note: 'runSessions runs the scenario table and the official table together: 2 × 1,000,000 sessions',
      sessionsPerSecond: Math.round(2_000_000 / (ms / 1000)),
    };
  });

  if (pageErrors.length) results.pageErrors = pageErrors;
} catch (e) {
  errors.push({ step: 'setup', error: e instanceof Error ? e.message : String(e) });
  log(`FAILED: ${e instanceof Error ? e.message : String(e)}`);
} finally {
  if (browser) await browser.close().catch(() => {});
  cleanup();
}

// ---- report -------------------------------------------------------------------------------------

const rows = [];
if (results.env)
  rows.push([
    'Chromium / navigator.hardwareConcurrency',
    '',
    `${results.env.chromium} / ${results.env.hardwareConcurrency}`,
  ]);
const runs = (xs) => (Array.isArray(xs) ? xs.join(', ') : '');
const s = results.simulation;
if (s) {
  rows.push([
    "Mine d'or 1 block 1 €: Run → charts (ms)",
    s.oneBlock.medianRunToChartsMs,
    runs(s.oneBlock.runToChartsMs),
  ]);
  rows.push(['  same, wall from Node (ms)', median(s.oneBlock.wallMs), runs(s.oneBlock.wallMs)]);
  rows.push(['  verdicts', '', runs(s.oneBlock.verdicts)]);
  if (s.oneBlock.longTasks) {
    rows.push(['  longest main-thread task (ms)', s.oneBlock.longTasks.maxMs, `${s.oneBlock.longTasks.count} tasks`]);
    rows.push(['  long tasks > 50 ms', s.oneBlock.longTasks.over50, '']);
  }
  rows.push([
    "Mine d'or 20 blocks: Run → charts (ms)",
    s.twentyBlocks.runToChartsMs,
    `${s.twentyBlocks.unitsPerSecond} units/s`,
  ]);
  if (s.twentyBlocks.longTasks) {
    rows.push([
      '  longest main-thread task (ms)',
      s.twentyBlocks.longTasks.maxMs,
      `${s.twentyBlocks.longTasks.count} tasks`,
    ]);
    rows.push(['  long tasks > 50 ms', s.twentyBlocks.longTasks.over50, '']);
  }
}
const pr = results.profile;
if (pr) {
  rows.push(['Profile of 1-block runs: Run → charts (ms)', median(pr.runToChartsMs), runs(pr.runToChartsMs)]);
  for (const st of pr.stretches) {
    rows.push(['  UI busy stretch ≥ 30 ms (ms)', st.ms, 'inclusive:']);
    for (const line of st.inclusive) rows.push(['', '', `    ${line}`]);
    rows.push(['', '', '  self:']);
    for (const line of st.self) rows.push(['', '', `    ${line}`]);
  }
  const g = pr.gongs20;
  rows.push([
    'Les 3 Gongs 20 blocks: Run → charts / UI busy (ms)',
    g.runToChartsMs,
    `UI thread busy ${g.busyMs} ms of ${g.ms}; inclusive:`,
  ]);
  for (const line of g.inclusive) rows.push(['', '', `    ${line}`]);
  rows.push(['', '', '  self:']);
  for (const line of g.self) rows.push(['', '', `    ${line}`]);
}
const sc = results.scaling;
if (sc) {
  for (const [k, label] of [
    ['gongs100', 'Les 3 Gongs 100 blocks'],
    ['mine20', "Mine d'or 20 blocks"],
  ]) {
    const a = sc.workers1[k];
    const b = sc.workers2[k];
    const vs = sc.machineRatio ? `, ${round(sc[`${k}ComputeRatio`] / sc.machineRatio, 2)} of the machine's own` : '';
    rows.push([
      `${label}, 1 / 2 workers: Run → computed (ms)`,
      `${a.computeMs} / ${b.computeMs}`,
      `2 workers = ${sc[`${k}ComputeRatio`]}× one${vs}`,
    ]);
    rows.push([
      '  UI thread busy share while computing, 1 / 2',
      `${a.uiBusyComputeShare} / ${b.uiBusyComputeShare}`,
      '',
    ]);
    rows.push([
      `  Run → charts (ms), 1 / 2 workers`,
      `${a.runToChartsMs} / ${b.runToChartsMs}`,
      `2 workers = ${sc[`${k}Ratio`]}× one; drawing after: UI ${a.drawUiMs} / ${b.drawUiMs} ms`,
    ]);
    rows.push(['  UI thread busy share, Run → charts, 1 / 2', `${a.uiBusyShare} / ${b.uiBusyShare}`, '']);
  }
  if (sc.machineRatio !== undefined)
    rows.push([
      'Plain C, 2 processes at once vs one (after each)',
      `${sc.machineRatio}×`,
      "the machine's own scaling at that moment",
    ]);
}
const m = results.memory;
if (m) {
  rows.push(['Heap before (JSHeapUsed / Total MB)', m.baseline.jsHeapUsedMB, `total ${m.baseline.jsHeapTotalMB}`]);
  const mem = (label, r) => {
    if (!r) return;
    if (r.skipped) return rows.push([label, 'skipped', r.skipped]);
    rows.push([`${label}: Run → charts (ms)`, r.runToChartsMs, `wall ${r.wallMs} ms, ${r.unitsPerSecond} units/s`]);
    rows.push([
      `  heap after GC (JSHeapUsed MB)`,
      r.heap.jsHeapUsedMB,
      `total ${r.heap.jsHeapTotalMB}; performance.memory ${r.heap.performanceMemoryUsedMB}/${r.heap.performanceMemoryTotalMB}; ${r.heap.domNodes} DOM nodes`,
    ]);
  };
  mem('Les 3 Gongs 100 blocks 0,50 €', m.gongs100);
  mem("Mine d'or 100 blocks 1 €", m.mine100);
}
const r = results.replay;
if (r) {
  rows.push(['Replay index 999999: screen open time (ms)', r.medianOpenMs, `${runs(r.openMs)} (« ${r.openText} »)`]);
  rows.push(['  Enter → board drawn (ms, in page)', r.medianEnterToBoardMs, runs(r.enterToBoardMs)]);
  rows.push([
    '  Enter → board visible (ms, from Node)',
    median(r.enterToVisibleFromNodeMs),
    runs(r.enterToVisibleFromNodeMs),
  ]);
}
const x = results.export;
if (x) {
  rows.push(["JSONL export Mine d'or 1 €: click → download (ms)", x.clickToDownloadMs, x.suggestedName]);
  rows.push(['  file size (MB) / lines', x.sizeMB, `${x.lines} lines, ${x.bytes} bytes`]);
}
const e = results.explorer;
if (e) {
  rows.push([
    'Explorer 1,000,000 × 100 sessions: Run → results (ms)',
    e.runToResultsMs,
    `${e.sessionsPerSecond} sessions/s`,
  ]);
  rows.push(['  screen says', '', e.screenText]);
  rows.push(['  note', '', e.note]);
}
for (const er of errors) rows.push([`ERROR in ${er.step}`, '', er.error]);

const w0 = Math.max(...rows.map((row) => String(row[0]).length), 11);
const w1 = Math.max(...rows.map((row) => String(row[1] ?? '').length), 6);
console.log(`${'Measurement'.padEnd(w0)} | ${'Median'.padStart(w1)} | Runs / detail`);
console.log(`${'-'.repeat(w0)}-+-${'-'.repeat(w1)}-+-${'-'.repeat(40)}`);
for (const row of rows)
  console.log(`${String(row[0]).padEnd(w0)} | ${String(row[1] ?? '').padStart(w1)} | ${row[2] ?? ''}`);
console.log(`BENCH_UI ${JSON.stringify({ date: new Date().toISOString(), reps: REPS, results, errors })}`);
process.exitCode = errors.length ? 1 : 0;
