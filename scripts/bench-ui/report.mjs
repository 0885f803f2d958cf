/** The table `npm run bench:ui` prints, and its one `BENCH_UI {json}` line. */
import { comparisonRows } from './compliance.mjs';
import { median, round } from './util.mjs';

/** Prints the results of the steps that ran, and the errors of those that failed. */
export function printReport(results, errors, reps) {
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
      if (a.coresUsed !== null && b.coresUsed !== null) {
        const eff = sc[`${k}CpuEfficiency`];
        const c = sc.machineRatio
          ? `; plain C's ${round(sc.machineRatio / 2, 3)}, so ${round(eff / (sc.machineRatio / 2), 2)} of the machine's own`
          : '';
        rows.push([
          '  browser cores used while computing, 1 / 2',
          `${a.coresUsed} / ${b.coresUsed}`,
          `units per CPU-second ${a.unitsPerCpuSecond} / ${b.unitsPerCpuSecond} = ${eff} with two${c}`,
        ]);
      }
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
  if (results.export) rows.push(...comparisonRows("JSONL export Mine d'or 1 € seed 1", results.export));
  if (results.verify) {
    rows.push(...comparisonRows("Verify our Mine d'or block's file", results.verify.ours));
    rows.push(...comparisonRows('Verify the same block made foreign', results.verify.foreign));
  }
  if (results.bundle)
    rows.push(
      ...comparisonRows(
        `Evidence bundle of ${results.bundle.blocks} Mine d'or block(s), report included`,
        results.bundle,
      ),
    );
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
  console.log(`BENCH_UI ${JSON.stringify({ date: new Date().toISOString(), reps, results, errors })}`);
  process.exitCode = errors.length ? 1 : 0;
}
