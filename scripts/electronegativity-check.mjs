#!/usr/bin/env node
// Security gate: runs Electronegativity over the built main and preload bundles (run
// `electron-vite build` first) and fails on any finding above LOW that is not listed, with a
// written justification, in .ci/electronegativity-accepted.json.
//
// The programmatic runner is used rather than parsing the CLI's CSV: the CSV is written
// asynchronously in two steps and its samples may span lines; the runner returns structured
// issues with their severity. out/main and out/preload are staged into one folder so the
// global checks (CSP, navigation limits, permission handler) see both bundles together.
//
// Usage: node scripts/electronegativity-check.mjs [--out out] [--accepted .ci/electronegativity-accepted.json]
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'out' },
    accepted: { type: 'string', default: '.ci/electronegativity-accepted.json' },
  },
});

const SEVERITY = { INFORMATIONAL: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };
const outDir = resolve(values.out);
const bundles = ['main', 'preload'];

for (const bundle of bundles) {
  if (!existsSync(join(outDir, bundle))) {
    console.error(`Missing ${join(values.out, bundle)}: run "npx electron-vite build" first.`);
    process.exit(2);
  }
}

/** @type {{ check: string, file?: string, sample?: string, justification: string }[]} */
const accepted = JSON.parse(readFileSync(values.accepted, 'utf8')).accepted;
for (const entry of accepted) {
  if (typeof entry.check !== 'string' || typeof entry.justification !== 'string' || entry.justification.length < 20) {
    console.error(`Invalid entry in ${values.accepted} (needs "check" and a written "justification"):`, entry);
    process.exit(2);
  }
}

const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const staging = mkdtempSync(join(tmpdir(), 'electronegativity-'));
try {
  for (const bundle of bundles) cpSync(join(outDir, bundle), join(staging, bundle), { recursive: true });

  const run = require('@doyensec/electronegativity');
  const result = await run({
    input: staging,
    output: undefined,
    isSarif: false,
    customScan: [],
    // This global check downloads Electron's release list to suggest upgrades: no network here, and
    // the Electron version is pinned in package.json (upgrades are a reviewed change, not a scan).
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    severitySet: undefined,
    confidenceSet: undefined,
    isRelative: true,
    isVerbose: false,
    electronUpgrade: undefined,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  });

  if (result.errors.length > 0) {
    // A file the parser cannot read is a file that was not checked: fail loudly.
    for (const error of result.errors) console.error(`Parse error: ${error.file ?? ''} ${error.message ?? error}`);
    process.exit(1);
  }

  // With isRelative the runner reports paths relative to the staging folder, e.g. main/index.js.
  const fileOf = (issue) => String(issue.file).split(sep).join('/');
  // An entry matches on check id, and on file and code sample when given: line numbers move
  // with every build, the sample pins the acceptance to the one call that was reviewed.
  const isAccepted = (issue) =>
    accepted.some(
      (a) =>
        a.check === issue.id &&
        (a.file === undefined || a.file === fileOf(issue)) &&
        (a.sample === undefined || String(issue.sample ?? '').includes(a.sample)),
    );

  const relevant = result.issues.filter((i) => SEVERITY[i.severity.name] > SEVERITY.LOW);
  const refused = relevant.filter((i) => !isAccepted(i));
  const line = (i) =>
    `${i.id} [${i.severity.name}/${i.confidence.name}] ${fileOf(i)}:${i.location.line}:${i.location.column} — ${i.description}`;

  console.log(
    `Electronegativity ${require('@doyensec/electronegativity/package.json').version}, Electron ${electronVersion}: ` +
      `${result.issues.length} finding(s), ${relevant.length} above LOW, ${relevant.length - refused.length} accepted.`,
  );
  for (const issue of relevant.filter(isAccepted)) console.log(`  accepted  ${line(issue)}`);
  for (const issue of refused) console.error(`  REFUSED   ${line(issue)}`);
  if (refused.length > 0) {
    console.error(`\n${refused.length} finding(s) above LOW are neither fixed nor justified in ${values.accepted}.`);
    process.exit(1);
  }
} finally {
  rmSync(staging, { recursive: true, force: true });
}
