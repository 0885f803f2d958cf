/**
 * UI measurements of the browser build in Debian's Chromium (`npm run bench:ui`): Run → charts on
 * the simulation screen, main-thread long tasks, renderer memory after 100 blocks, replay open time,
 * the compliance screen's JSONL export, file check and evidence bundle beside the command line's
 * (`bench-ui/compliance.mjs`), explorer sessions. A measurement tool: slow figures are reported, never
 * asserted; it exits non-zero only when something fails (a build, a server, a screen error).
 *
 * Builds into .e2e-web/bench, serves it with `vite preview` on port 4599, prints a table and one
 * `BENCH_UI {json}` line, then stops the server.
 *
 * Environment: BENCH_UI_REPS (default 3) repetitions of the cheap measurements;
 * BENCH_UI_MINE100_MAX_S (default 600): the 100-block Mine d'or run is attempted only if the
 * 100-block Les 3 Gongs run predicts it finishes within this many seconds; BENCH_UI_STEPS (default
 * all): a comma-separated list of the steps to run (simulation, profile, scaling, memory, replay,
 * export, verify, bundle, explorer); BENCH_UI_BUNDLE_BLOCKS (default 1): the bundle's blocks.
 */
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { BASE, COMPUTE_MEASURE, MEASURE, OUT_DIR, ROOT } from './bench-ui/config.mjs';
import { heap, longTasks, openSimulation, simulate, summariseLongTasks } from './bench-ui/page.mjs';
import { busyStretches } from './bench-ui/profile.mjs';
import { bundleStep, exportStep, verifyStep } from './bench-ui/compliance.mjs';
import { printReport } from './bench-ui/report.mjs';
import { startServer, stopServer, waitForServer } from './bench-ui/server.mjs';
import { BUSY_TRACE_CATEGORIES, busyInMeasures } from './bench-ui/trace-busy.mjs';
import { treeCpuSeconds } from './bench-ui/cpu.mjs';
import { log, median, round } from './bench-ui/util.mjs';

const REPS = Number(process.env.BENCH_UI_REPS ?? 3);
const MINE100_MAX_S = Number(process.env.BENCH_UI_MINE100_MAX_S ?? 600);
const EXPORT_PATH = '/tmp/bench-ui-mine-d-or-100-1.jsonl';
const BUNDLE_BLOCKS = Number(process.env.BENCH_UI_BUNDLE_BLOCKS ?? 1);
const STEPS = process.env.BENCH_UI_STEPS ? new Set(process.env.BENCH_UI_STEPS.split(',')) : null;

const engine = await tsImport('../src-engine/index.ts', import.meta.url);
const cReference = await tsImport('../src-cli/c-reference.ts', import.meta.url);

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
        // the browser's CPU time (its processes only: UI, workers, the threads Web Crypto hashes
        // on) from the click on Run to every block computed
        let cpu0 = null;
        let cpuS = null;
        const r = await simulate(
          p,
          game,
          stake,
          '1',
          blocks,
          1_800_000,
          () => {
            const cpu1 = treeCpuSeconds();
            cpuS = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
          },
          () => (cpu0 = treeCpuSeconds()),
        );
        const busy = busyInMeasures(JSON.parse((await browser.stopTracing()).toString('utf8')), [
          COMPUTE_MEASURE,
          MEASURE,
        ]);
        // a window the trace has no task for is unknown, not idle
        const known = (w) => (w && w.busyMs !== null ? w : null);
        const compute = known(busy[COMPUTE_MEASURE]);
        const whole = known(busy[MEASURE]);
        row[key] = {
          computeMs: r.computeMs,
          runToChartsMs: r.runToChartsMs,
          unitsPerSecond: Math.round(units / (r.computeMs / 1000)),
          uiBusyComputeShare: compute ? round(compute.busyMs / compute.windowMs, 3) : null,
          coresUsed: cpuS === null ? null : round(cpuS / (r.computeWallMs / 1000), 2),
          unitsPerCpuSecond: cpuS === null ? null : Math.round(units / cpuS),
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
          coresUsed: round(med('coresUsed'), 2),
          unitsPerCpuSecond: med('unitsPerCpuSecond'),
          uiBusyShare: round(med('uiBusyShare'), 3),
          drawUiMs: med('drawUiMs'),
        };
      }
    for (const k of ['gongs100', 'mine20']) {
      // what a busy second core costs each: units per CPU-second with two workers ÷ with one (plain
      // C's is its two-process ratio ÷ 2)
      const [a, b] = [out.workers1[k].unitsPerCpuSecond, out.workers2[k].unitsPerCpuSecond];
      out[`${k}CpuEfficiency`] = a && b ? round(b / a, 3) : null;
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
      openMs: runs.map((r) => round(r.openMs, 1)),
      medianOpenMs: round(median(runs.map((r) => r.openMs)), 1),
      openText: runs[runs.length - 1]?.openText,
      enterToBoardMs: runs.map((r) => r.enterToBoardMs),
      medianEnterToBoardMs: median(runs.map((r) => r.enterToBoardMs)),
      enterToDomMs: runs.map((r) => r.enterToDomMs),
      enterToVisibleFromNodeMs: runs.map((r) => r.enterToVisibleFromNodeMs),
    };
  });

  // 5: a Mine d'or block's JSONL export, its verification and an evidence bundle, beside the command line's
  await step('export', () => exportStep(page, REPS, EXPORT_PATH));
  await step('verify', () => verifyStep(page, REPS));
  await step('bundle', () => bundleStep(page, REPS, BUNDLE_BLOCKS));

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

printReport(results, errors, REPS);
