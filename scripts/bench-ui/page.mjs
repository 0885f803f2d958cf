/** What the bench reads of a page: its long tasks and heap, and a simulation run on its screen. */
import { BASE, COMPUTE_MEASURE, LONG_MS, MEASURE } from './config.mjs';
import { mb, round } from './util.mjs';

/** Long tasks recorded by the init script since the page loaded. */
export const longTasks = (page) => page.evaluate(() => window.__benchLongTasks ?? []);
export function summariseLongTasks(tasks) {
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

export async function heap(page) {
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

export async function openSimulation(page) {
  await page.goto(`${BASE}/#/simulation`);
  await page.getByTestId('official-table').waitFor({ state: 'visible', timeout: 30_000 });
}

/** Waits for a new entry of measure `name` past the first `n`, or the run's failure. */
function waitForMeasure(page, name, n, timeoutMs) {
  return page.waitForFunction(
    ({ name, n }) => {
      const status = document.querySelector('[data-testid="sim-progress"]')?.getAttribute('data-status');
      if (status === 'failed' || status === 'cancelled') return { status };
      if (document.querySelector('[data-testid="sim-refused"]')) return { status: 'refused' };
      const m = performance.getEntriesByName(name);
      return m.length > n ? { status: 'done', ms: m[m.length - 1].duration } : false;
    },
    { name, n },
    { timeout: timeoutMs, polling: 50 },
  );
}

/**
 * Sets the controls, presses Run and waits for the screen's Run → charts measure (a new entry),
 * or the run's failure; `onStarted` is called right before the click, `onComputed` as soon as
 * every block is computed (within 50 ms), before the drawing. Returns the app's measures, the wall times seen from Node and the verdict.
 */
export async function simulate(page, game, stake, seed, blocks, timeoutMs, onComputed, onStarted) {
  await page.getByTestId('sim-game').selectOption(game);
  await page.getByTestId('sim-stake').selectOption(stake);
  await page.getByTestId('sim-seed').fill(seed);
  await page.getByTestId('sim-blocks').fill(blocks);
  const count = (name) => page.evaluate((x) => performance.getEntriesByName(x).length, name);
  const before = await count(MEASURE);
  const computedBefore = await count(COMPUTE_MEASURE);
  onStarted?.();
  const t0 = Date.now();
  await page.getByTestId('sim-run').click();
  let computeWallMs = null;
  if (onComputed) {
    const c = await (await waitForMeasure(page, COMPUTE_MEASURE, computedBefore, timeoutMs)).jsonValue();
    computeWallMs = Date.now() - t0;
    if (c.status === 'done') onComputed();
  }
  const r = await (await waitForMeasure(page, MEASURE, before, timeoutMs)).jsonValue();
  const wallMs = Date.now() - t0;
  if (r.status !== 'done') {
    const why = await page
      .getByTestId('sim-status')
      .textContent()
      .catch(() => '');
    throw new Error(`simulation ${game} ${stake} seed ${seed} × ${blocks}: ${r.status} ${why ?? ''}`.trim());
  }
  const verdict = await page.getByTestId('sim-verdict').getAttribute('data-verdict');
  const computeMs = await page.evaluate((name) => performance.getEntriesByName(name).at(-1)?.duration, COMPUTE_MEASURE);
  return { runToChartsMs: round(r.ms, 0), computeMs: round(computeMs, 0), wallMs, computeWallMs, verdict };
}
