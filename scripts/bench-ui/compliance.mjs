/**
 * The compliance screen's file work beside the command line's, on the same machine in the same run:
 * a Mine d'or block's JSONL export, its verification (the file the command line wrote, and the same
 * block made foreign: header without generator or seed, lines without references), and an evidence
 * bundle. Each repetition times the command line (spawned from here, `--workers 2` as the browser's
 * two workers) then the screen, so a load that drifts weighs on both alike; the ratio is screen ÷
 * command line (the target is at most 1.5).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadavg } from 'node:os';
import { BASE, ROOT } from './config.mjs';
import { treeCpuSeconds } from './cpu.mjs';
import { longTasks, summariseLongTasks } from './page.mjs';
import { median, round } from './util.mjs';

const CLI = `${ROOT}/scripts/cli.mjs`;
const CLI_EXPORT = '/tmp/bench-ui-cli-mine-d-or-100-1.jsonl';
const FOREIGN = '/tmp/bench-ui-foreign-mine-d-or-100.jsonl';
const CLI_BUNDLE = '/tmp/bench-ui-cli-bundle.zip';
const CLI_TIME = '/tmp/bench-ui-cli-time.txt';

/** The page's clock now (ms), to mark where a measured window starts. */
const pageNow = (page) => page.evaluate(() => performance.now());

/** The long tasks of the page since `from` (its clock): those of the measured work, not of the page's loading. */
async function tasksSince(page, from) {
  const tasks = await longTasks(page);
  return tasks ? tasks.filter((t) => t.start >= from) : null;
}

/** The long tasks of every repetition together, or null where the browser does not report them. */
const summarise = (windows) => (windows.some((w) => w === null) ? null : summariseLongTasks(windows.flat()));

/**
 * One command-line run, timed from the spawn to its exit (start-up included, as a user waits for
 * it), with its CPU seconds (user + system, its threads included) as GNU time counts them.
 */
function cli(args) {
  const t0 = Date.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', CLI_TIME, process.execPath, CLI, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Date.now() - t0;
  if (r.status !== 0) throw new Error(`instant-lab ${args[0]} exited ${r.status}: ${(r.stderr || r.stdout).trim()}`);
  const [user, sys] = readFileSync(CLI_TIME, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { ms, cpuS: round(user + sys, 2), stdout: r.stdout };
}

/** The browser's CPU seconds spent while `work` runs (its UI thread, workers and helper processes). */
async function browserCpu(work) {
  const c0 = treeCpuSeconds();
  const out = await work();
  const c1 = treeCpuSeconds();
  return { out, cpuS: c0 === null || c1 === null ? null : round(c1 - c0, 2) };
}

async function sha256File(path) {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk);
  return h.digest('hex');
}

/** Throughput figures of a timing over `bytes` and `units`. */
const rate = (ms, bytes, units) => ({
  ms,
  mbPerS: round(bytes / 1024 / 1024 / (ms / 1000), 1),
  unitsPerS: Math.round(units / (ms / 1000)),
});

/** The medians of screen and command line over the repetitions, and their ratio. */
function compare(screen, line, bytes, units, extra = {}) {
  const s = median(screen.map((r) => r.ms));
  const c = median(line.map((r) => r.ms));
  const sCpu = median(screen.map((r) => r.cpuS));
  const cCpu = median(line.map((r) => r.cpuS));
  return {
    screen: { runs: screen.map((r) => r.ms), cpuS: sCpu, ...rate(s, bytes, units) },
    cli: { runs: line.map((r) => r.ms), cpuS: cCpu, ...rate(c, bytes, units) },
    ratio: round(s / c, 2),
    cpuRatio: sCpu && cCpu ? round(sCpu / cCpu, 2) : null,
    bytes,
    units,
    load: round(loadavg()[0], 2),
    ...extra,
  };
}

/** The same block as a foreign one: a header naming no generator or seed, lines without references. */
async function writeForeign(from, to) {
  const out = createWriteStream(to);
  let first = true;
  for await (const line of createInterface({ input: createReadStream(from), crlfDelay: Infinity })) {
    const text = first
      ? JSON.stringify({ game: 'mine-d-or', stake_cents: 100, units: 1_000_000, generator: 'another maker' })
      : line.replace(/"ref":"[^"]*",/, '');
    first = false;
    if (!out.write(`${text}\n`)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r, j) => out.end((e) => (e ? j(e) : r())));
}

/** The JSONL export of Mine d'or 1 € seed 1: the screen's click → download, the command line's `export`. */
export async function exportStep(page, reps, savePath) {
  const screen = [];
  const line = [];
  const windows = [];
  for (let i = 0; i < reps; i++) {
    line.push(cli(['export', '--game', 'mine-d-or', '--stake', '1', '--seed', '1', '--out', CLI_EXPORT, '--force']));
    // a fresh page: the same address again only changes its hash, and the screen would keep its state
    await page.goto('about:blank');
    await page.goto(`${BASE}/#/compliance`);
    await page.getByTestId('compliance-game').selectOption('mine-d-or');
    await page.getByTestId('compliance-stake').selectOption('100');
    await page.getByTestId('compliance-seed').fill('1');
    const downloading = page.waitForEvent('download', { timeout: 900_000 });
    const from = await pageNow(page);
    const t0 = Date.now();
    const { out: download, cpuS } = await browserCpu(async () => {
      await page.getByTestId('export-jsonl').click();
      return downloading;
    });
    screen.push({ ms: Date.now() - t0, cpuS });
    await page.getByTestId('export-done').waitFor({ state: 'visible' });
    windows.push(await tasksSince(page, from));
    const failure = await download.failure();
    if (failure) throw new Error(`download failed: ${failure}`);
    await download.saveAs(savePath);
  }
  const bytes = statSync(savePath).size;
  const same = (await sha256File(savePath)) === (await sha256File(CLI_EXPORT));
  return compare(screen, line, bytes, 1_000_000, { sameBytesAsCli: same, longTasks: summarise(windows) });
}

/** Chooses `path` on the screen's check and waits for its verdict; the time and the verdict's words. */
async function screenVerify(page, path) {
  await page.goto('about:blank');
  await page.goto(`${BASE}/#/compliance`);
  const input = page.getByTestId('import-file');
  await input.waitFor({ state: 'attached' });
  const from = await pageNow(page);
  const t0 = Date.now();
  const verdict = page.getByTestId('import-verdict');
  const { cpuS } = await browserCpu(async () => {
    await input.setInputFiles(path);
    await verdict.waitFor({ state: 'visible', timeout: 900_000 });
  });
  const ms = Date.now() - t0;
  const sha = (await page.getByTestId('import-sha256').textContent())?.match(/[0-9a-f]{64}/)?.[0] ?? null;
  return { ms, cpuS, verdict: await verdict.getAttribute('data-verdict'), sha, tasks: await tasksSince(page, from) };
}

/** `verify` of our block's file and of it made foreign: the screen's file check, the command line's `verify`. */
export async function verifyStep(page, reps) {
  try {
    statSync(CLI_EXPORT);
  } catch {
    cli(['export', '--game', 'mine-d-or', '--stake', '1', '--seed', '1', '--out', CLI_EXPORT, '--force']);
  }
  await writeForeign(CLI_EXPORT, FOREIGN);
  const out = {};
  for (const [key, path] of [
    ['ours', CLI_EXPORT],
    ['foreign', FOREIGN],
  ]) {
    const screen = [];
    const line = [];
    const verdicts = new Set();
    let sha = null;
    const windows = [];
    for (let i = 0; i < reps; i++) {
      const c = cli(['verify', '--workers', '2', '--json', path]);
      line.push(c);
      verdicts.add(`cli ${JSON.parse(c.stdout).verdict}`);
      const s = await screenVerify(page, path);
      screen.push(s);
      windows.push(s.tasks);
      verdicts.add(`screen ${s.verdict}`);
      sha = s.sha;
    }
    const bytes = statSync(path).size;
    out[key] = compare(screen, line, bytes, 1_000_000, {
      verdicts: [...verdicts],
      shaMatches: sha === (await sha256File(path)),
      longTasks: summarise(windows),
    });
  }
  rmSync(FOREIGN, { force: true });
  return out;
}

/**
 * An evidence bundle of `blocks` Mine d'or 1 € blocks from seed 1: the screen's « Construire le
 * rapport » then « Faire le paquet » (click → report, click → download), the command line's `evidence`
 * (it builds its report too).
 */
export async function bundleStep(page, reps, blocks) {
  const screen = [];
  const reportMs = [];
  const line = [];
  let bytes = 0;
  const windows = [];
  for (let i = 0; i < reps; i++) {
    const c = cli(
      ['evidence', '--game', 'mine-d-or', '--stake', '1', '--seed', '1', '--blocks', String(blocks)].concat([
        '--out',
        CLI_BUNDLE,
        '--force',
      ]),
    );
    line.push(c);
    // a fresh page: the same address again only changes its hash, and the screen would keep its state
    await page.goto('about:blank');
    await page.goto(`${BASE}/#/compliance`);
    await page.getByTestId('compliance-game').selectOption('mine-d-or');
    await page.getByTestId('compliance-stake').selectOption('100');
    await page.getByTestId('compliance-seed').fill('1');
    await page.getByTestId('compliance-blocks').fill(String(blocks));
    const from = await pageNow(page);
    const t0 = Date.now();
    let t1 = 0;
    const { out: download, cpuS } = await browserCpu(async () => {
      await page.getByTestId('build-report').click();
      await page.getByTestId(`block-${blocks}`).waitFor({ state: 'visible', timeout: 1_800_000 });
      t1 = Date.now();
      const downloading = page.waitForEvent('download', { timeout: 1_800_000 });
      await page.getByTestId('evidence-panel').getByTestId('build-bundle').click();
      return downloading;
    });
    screen.push({ ms: Date.now() - t0, cpuS });
    reportMs.push(t1 - t0);
    await page.getByTestId('bundle-done').waitFor({ state: 'visible' });
    windows.push(await tasksSince(page, from));
    const path = await download.path();
    bytes = path ? readFileSync(path).length : 0;
  }
  return compare(screen, line, statSync(CLI_BUNDLE).size, blocks * 1_000_000, {
    blocks,
    screenReportMs: reportMs,
    screenZipBytes: bytes,
    longTasks: summarise(windows),
  });
}

/** The report's rows of one comparison. */
export function comparisonRows(label, c) {
  const side = (x) =>
    `${x.ms} ms, ${x.mbPerS} MB/s, ${x.unitsPerS} units/s (runs ${x.runs.join(', ')}); ${x.cpuS} CPU-s`;
  const rows = [
    [
      `${label}: screen ÷ command line`,
      `${c.ratio}×`,
      `target ≤ 1.5×; CPU-seconds ${c.cpuRatio}×; load average ${c.load}`,
    ],
    ['  screen', c.screen.ms, side(c.screen)],
    ['  command line', c.cli.ms, side(c.cli)],
  ];
  if (c.longTasks)
    rows.push(['  UI long tasks > 50 ms / longest (ms)', c.longTasks.over50, `longest ${c.longTasks.maxMs}`]);
  if (c.verdicts) rows.push(['  verdicts', '', `${c.verdicts.join(', ')}; SHA-256 on screen right: ${c.shaMatches}`]);
  if (c.sameBytesAsCli !== undefined) rows.push(['  same bytes as the command line', '', String(c.sameBytesAsCli)]);
  if (c.screenReportMs)
    rows.push(['  screen: report built after (ms)', median(c.screenReportMs), c.screenReportMs.join(', ')]);
  return rows;
}
