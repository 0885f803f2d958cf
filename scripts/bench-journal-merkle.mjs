#!/usr/bin/env node
/**
 * Time and memory of the journal's Merkle log at scale: a journal of N entries (default
 * 1,000,000, written by the engine's nextEntry into a temporary file), its chain verified, its tree
 * computed streaming (journalTree: one pass, leaf hashes kept for proofs), and one consistency proof
 * from the checkpoint at N/2 to the head built and checked. Prints one line per step: wall time and
 * the process's peak resident memory. Usage: node scripts/bench-journal-merkle.mjs [N]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resourceUsage } from 'node:process';
import { tsImport } from 'tsx/esm/api';

const engine = await tsImport('../src-engine/index.ts', import.meta.url);
const merkle = await tsImport('../src-engine/journal/merkle.ts', import.meta.url);
const verify = await tsImport('../src-engine/journal/merkle-verify.ts', import.meta.url);

const n = Number(process.argv[2] ?? 1_000_000);
const mib = () => `${(resourceUsage().maxRSS / 1024).toFixed(0)} MiB peak RSS`;
const step = (name, f) => {
  const t = performance.now();
  const r = f();
  console.log(`${name}: ${((performance.now() - t) / 1000).toFixed(2)} s, ${mib()}`);
  return r;
};

const dir = mkdtempSync(join(tmpdir(), 'merkle-bench-'));
try {
  const file = join(dir, 'journal.jsonl');
  step(`write ${n} entries`, () => {
    const parts = [];
    let tip = null;
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
    }
    writeFileSync(file, parts.join(''));
  });
  const bytes = new Uint8Array(readFileSync(file));
  console.log(`journal: ${(bytes.length / 1024 / 1024).toFixed(0)} MiB`);
  const tree = step('Merkle tree (journalTree, streaming root + leaf hashes)', () => engine.journalTree(bytes));
  const root = step('root alone (MerkleRoot, O(log n) memory)', () => {
    const r = new merkle.MerkleRoot();
    for (let i = 0; i < tree.leaves.size; i++) r.pushLeafHash(tree.leaves.at(i));
    return r.root();
  });
  if (Buffer.compare(Buffer.from(root), Buffer.from(tree.root)) !== 0) throw new Error('roots differ');
  const m = Math.floor(n / 2) + 1;
  const first = step(`root of the first ${m} (the checkpoint's)`, () => merkle.subtreeRoot(tree.leaves, 0, m));
  const proof = step(`consistency proof ${m} → ${n} built`, () => merkle.consistencyProof(tree.leaves, m, n));
  const why = step(`consistency proof (${proof.length} hashes) checked`, () =>
    verify.verifyConsistency(m, n, first, tree.root, proof),
  );
  if (why !== null) throw new Error(why.en);
  step('chain verified (verifyJournal, existing check)', () => {
    const v = engine.verifyJournal(bytes);
    if (!v.ok) throw new Error('chain broken');
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
