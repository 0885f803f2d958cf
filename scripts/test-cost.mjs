/**
 * What `npm test` cost: each phase's wall time and the ten slowest tests (unit and end-to-end),
 * read from the runners' own JSON reports, printed before the closing line.
 */

/**
 * The slowest tests of a Vitest JSON report and a Playwright JSON report (either may be null).
 * @returns `{ seconds, name }` rows, slowest first.
 */
export function slowestTests(unit, e2e, count = 10) {
  const rows = [];
  for (const file of unit?.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, '');
    for (const t of file.assertionResults ?? [])
      if (typeof t.duration === 'number') rows.push({ seconds: t.duration / 1000, name: `${path} › ${t.title}` });
  }
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const r of test.results ?? [])
          rows.push({ seconds: r.duration / 1000, name: `${spec.file ?? path} › ${spec.title}` });
    for (const child of suite.suites ?? []) walk(child, child.file ?? path);
  };
  for (const suite of e2e?.suites ?? []) walk(suite, suite.file ?? '');
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/**
 * The report's text: phases with their share of the whole (a phase that ran tasks side by side
 * lists each task's own time under it), then the slowest tests.
 */
export function costReport(phases, slowest) {
  const total = phases.reduce((s, p) => s + p.seconds, 0);
  const fmt = (x) => x.toFixed(1).padStart(7);
  const lines = ['', `What this run cost: ${total.toFixed(0)} s`];
  for (const p of phases) {
    lines.push(`${fmt(p.seconds)} s  ${String(Math.round((100 * p.seconds) / (total || 1))).padStart(3)} %  ${p.name}`);
    for (const part of p.parts ?? []) lines.push(`${' '.repeat(14)}${fmt(part.seconds)} s  ${part.name}`);
  }
  if (slowest.length > 0) {
    lines.push('', `The ${slowest.length} slowest tests:`);
    for (const t of slowest) lines.push(`${fmt(t.seconds)} s  ${t.name}`);
  }
  return `${lines.join('\n')}\n`;
}
