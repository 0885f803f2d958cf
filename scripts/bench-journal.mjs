#!/usr/bin/env node
/**
 * Time and memory of the compliance journal at scale, as a user meets them: a journal of N entries
 * (default 1,000,000, written by the engine's nextEntry into a temporary folder, streamed to disk)
 * checked by the built command line — `journal verify`, then `journal verify --against` a checkpoint
 * signed at N/2 (one consistency proof, N/2 → N) — each in its own process under `/usr/bin/time -v`
 * for its wall time and peak resident memory; and, as the same run's reference, a plain pass over
 * the same file that reads it in 1 MiB chunks and `JSON.parse`s each line, nothing else.
 * Usage: node scripts/bench-journal.mjs [N]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const engine = await tsImport('../src-engine/index.ts', import.meta.url);
const merkle = await tsImport('../src-engine/journal/merkle.ts', import.meta.url);
const verify = await tsImport('../src-engine/journal/merkle-verify.ts', import.meta.url);
const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'out', 'cli', 'main.js');
const n = Number(process.argv[2] ?? 1_000_000);

/** Runs `node args…` under /usr/bin/time -v: its exit code, wall seconds and peak RSS (MiB). */
function measured(args) {
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const field = (name) => r.stderr.match(new RegExp(`${name}: (.*)`))?.[1] ?? '';
  const [m, s] = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)').split(':').slice(-2);
  return {
    code: r.status,
    wall: Number(m) * 60 + Number(s),
    rssMib: Number(field('Maximum resident set size \\(kbytes\\)')) / 1024,
    stdout: r.stdout,
  };
}

const REFERENCE = `
import { openSync, readSync } from 'node:fs';
const fd = openSync(process.argv[2], 'r');
const buf = Buffer.alloc(1 << 20);
const dec = new TextDecoder();
let carry = '', lines = 0;
for (let got; (got = readSync(fd, buf, 0, buf.length, null)) > 0; ) {
  const parts = (carry + dec.decode(buf.subarray(0, got), { stream: true })).split('\\n');
  carry = parts.pop();
  for (const p of parts) { JSON.parse(p); lines++; }
}
console.log(lines);
`;

const dir = mkdtempSync(join(tmpdir(), 'journal-bench-'));
try {
  execFileSync(process.execPath, ['scripts/cli.mjs', '--help'], { cwd: ROOT, stdio: 'ignore' });
  const file = join(dir, 'journal.jsonl');
  const half = join(dir, 'first-half.jsonl');
  const t = performance.now();
  const fd = openSync(file, 'w');
  const fdHalf = openSync(half, 'w');
  let tip = null;
  let parts = [];
  const m = Math.floor(n / 2) + 1;
  for (let i = 0; i < n; i++) {
    const e = engine.nextEntry(tip, {
      kind: 'export-verified',
      at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      app: '0.1.0',
      generator: 'instant-lab-gen/2',
      inputs: { file: `export-${i}.jsonl`, bytes: 1000 + i, sha256: 'cd'.repeat(32) },
      outputs: { verdict: 'conforming', discrepancies: 0 },
    });
    parts.push(engine.entryLine(e));
    tip = e;
    if (parts.length === 10_000 || i === n - 1 || i === m - 1) {
      const chunk = parts.join('');
      writeSync(fd, chunk);
      if (i < m) writeSync(fdHalf, chunk);
      parts = [];
    }
  }
  closeSync(fd);
  closeSync(fdHalf);
  const mib = statSync(file).size / 1024 / 1024;
  console.log(
    `journal: ${n} entries, ${mib.toFixed(0)} MiB, written in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const key = join(dir, 'k');
  execFileSync(process.execPath, [CLI, 'keygen', '--out', key], { stdio: 'ignore' });
  const cp = join(dir, 'cp.json');
  execFileSync(process.execPath, [CLI, 'journal', 'checkpoint', half, '--key', key, '--out', cp], { stdio: 'ignore' });
  const ref = join(dir, 'reference.mjs');
  writeFileSync(ref, REFERENCE);
  const empty = join(dir, 'empty.jsonl');
  writeFileSync(empty, '');
  const rows = [
    ['start-up alone: journal verify of an empty journal', [CLI, 'journal', 'verify', empty]],
    ['reference: read in 1 MiB chunks, JSON.parse each line', [ref, file]],
    ['journal verify', [CLI, 'journal', 'verify', file]],
    [
      `journal verify --against a checkpoint at ${m} (one consistency proof)`,
      [CLI, 'journal', 'verify', file, '--against', cp],
    ],
    [
      'journal checkpoint (the root alone)',
      [CLI, 'journal', 'checkpoint', file, '--key', key, '--out', join(dir, 'cp2.json')],
    ],
  ];
  for (const [name, args] of rows) {
    const r = measured(args);
    const verdict = r.stdout.match(/verdict: \w+|checkpoints: \w+/g)?.join(', ') ?? r.stdout.trim().slice(0, 40);
    console.log(`${name}: ${r.wall.toFixed(1)} s, ${r.rssMib.toFixed(0)} MiB peak RSS, exit ${r.code} (${verdict})`);
  }
  // in this process: the tree with its inner nodes, then one consistency proof built and checked
  const bytes = readFileSync(file);
  let t0 = performance.now();
  const tree = engine.journalTree(bytes);
  console.log(
    `tree of ${tree.leaves.size} leaves with inner nodes (journalTree): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  t0 = performance.now();
  const proof = merkle.consistencyProof(tree.leaves, m, n);
  const built = performance.now() - t0;
  t0 = performance.now();
  const why = verify.verifyConsistency(m, n, merkle.subtreeRoot(tree.leaves, 0, m), tree.root, proof);
  if (why !== null) throw new Error(why.en);
  console.log(
    `consistency proof ${m} → ${n} (${proof.length} hashes): built in ${built.toFixed(2)} ms, checked in ${(performance.now() - t0).toFixed(2)} ms`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
