import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import {
  JOURNAL_EXCERPT_PATH,
  entryLine,
  excerptMarkLine,
  formatUnitRef,
  nextEntry,
  scenarioToJson,
  sha256Hex,
} from '@engine';
import type { JournalEntry, JournalTip, Scenario } from '@engine';
import { cli } from './test-support/run-cli';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-journal-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `n` entries written by the engine, as lines. */
function lines(n: number): string[] {
  const out: string[] = [];
  let tip: JournalTip | null = null;
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, {
      kind: 'export-verified',
      at: new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString(),
      app: '0.1.0',
      generator: 'instant-lab-gen/2',
      inputs: { file: `export-${i}.jsonl`, bytes: 1000 + i, sha256: 'cd'.repeat(32) },
      outputs: { verdict: 'conforming', discrepancies: 0 },
    });
    out.push(entryLine(e));
    tip = { seq: e.seq, hash: e.hash };
  }
  return out;
}

describe('journal verify', () => {
  it('verifies 1,000 entries (exit 0)', async () => {
    const file = join(dir, 'thousand.jsonl');
    await writeFile(file, lines(1000).join(''));
    const r = await cli('journal', 'verify', file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('verdict: VERIFIED (1,000 entries, each chained to the one before)');
  });

  it('names the first broken entry and lists a removed, an altered and a torn one, entry by entry (exit 1)', async () => {
    const l = lines(1000);
    l[99] = l[99]!.replace('"bytes":1099', '"bytes":1');
    l.splice(499, 1);
    const file = join(dir, 'broken.jsonl');
    await writeFile(file, `${l.join('')}{"app":"0.1.0","at":"2026-12`);
    const r = await cli('journal', 'verify', file);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('verdict: BROKEN (3 problems)');
    expect(r.stdout).toContain("first broken entry: line 100: entry 100's content does not give its hash: altered");
    expect(r.stdout).toContain('  - line 500: entry 500 is missing before entry 501: removed');
    expect(r.stdout).toMatch(/ {2}- line 1000: the last entry is torn/);
    const j = JSON.parse((await cli('journal', 'verify', file, '--json')).stdout) as {
      ok: boolean;
      first_broken: { line: number; seq: number; problem: string };
      findings: { problem: string }[];
    };
    expect(j.ok).toBe(false);
    expect(j.first_broken).toEqual({ line: 100, seq: 100, problem: 'altered' });
    expect(j.findings.map((f) => f.problem)).toEqual(['altered', 'missing', 'torn']);
  });

  it('--help says what it checks and its exit codes', async () => {
    const r = await cli('journal', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: instant-lab journal verify \[FILE\]/);
    expect(r.stdout).toContain('Exit 0: the journal verifies; 1: it does not; 2: bad usage');
  });

  it('bad usage and a missing file are one line on stderr, exit 2', async () => {
    for (const args of [['journal'], ['journal', 'check', 'x'], ['journal', 'verify', join(dir, 'none.jsonl')]]) {
      const r = await cli(...args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^error: /);
    }
  });
});

describe('--journal FILE on the compliance commands', () => {
  // golden: the evidence bundle holds official blocks only, and its journal excerpt is the audit's entry on
  // the same official block, so the audit and the bundle are of the whole official block (seed 12 at €0.50)
  it(
    'audit, verify, export and evidence append chained entries; a broken journal is refused before any work',
    { timeout: 300_000 },
    async () => {
      const journal = join(dir, 'work.jsonl');
      const report = join(dir, 'report.json');
      const a = await cli(
        'audit',
        '--game',
        'les-3-gongs',
        '--stake',
        '0.5',
        '--seed',
        '12',
        '--out',
        report,
        '--journal',
        journal,
      );
      expect(a.stderr).toBe('');
      expect(a.code).toBe(0);
      expect(a.stdout).toMatch(/journal: entry 1 appended to ".*work\.jsonl" \([0-9a-f]{64}\)/);
      const notExport = join(dir, 'notes.jsonl');
      await writeFile(notExport, 'hello\n');
      const v = await cli('verify', notExport, '--json', '--journal', journal);
      expect(v.code).toBe(2);
      const vj = JSON.parse(v.stdout) as { sha256: string; journal_entry: { seq: number } };
      expect(vj.journal_entry.seq).toBe(2);

      const entries = (await readFile(journal, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((x) => JSON.parse(x) as JournalEntry);
      expect(entries.map((e) => e.kind)).toEqual(['audit-report', 'export-verified']);
      expect(entries[1]!.prev).toBe(entries[0]!.hash);
      expect(entries[0]!.inputs).toMatchObject({ game: 'les-3-gongs', stake_cents: 50, seeds: [12] });
      expect(entries[0]!.outputs).toMatchObject({ file: report, evaluator_pass: true, in_band: true });
      expect(entries[1]!.inputs).toEqual({
        file: notExport,
        bytes: 6,
        sha256: vj.sha256,
        game: null,
        stake_cents: null,
        seed: null,
      });
      expect(entries[1]!.outputs).toMatchObject({ verdict: 'not-an-export' });
      // a block exported and an evidence bundle built, journaled in turn
      const exported = join(dir, 'bloc.csv');
      // the export's entry does not depend on the block's size: a small table
      const small: Scenario = {
        name: 'petit bloc',
        game: 'les-3-gongs',
        stakeCents: 100,
        blockUnits: 2000,
        levels: [
          { prizeCents: 300_000, lots: 1 },
          { prizeCents: 100, lots: 400 },
        ],
      };
      const table = join(dir, 'small.json');
      await writeFile(table, scenarioToJson(small));
      const ex = await cli('export', '--table', table, '--seed', '3', '--out', exported, '--journal', journal);
      expect(ex.code).toBe(0);
      const bundle = join(dir, 'bundle.zip');
      const key = join(dir, 'key');
      expect((await cli('keygen', '--out', key)).code).toBe(0);
      const ev = await cli(
        'evidence',
        '--game',
        'les-3-gongs',
        '--stake',
        '0.5',
        '--seed',
        '12',
        '--out',
        bundle,
        '--journal',
        journal,
        '--sign',
        key,
      );
      expect(ev.code).toBe(0);
      const all = (await readFile(journal, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((x) => JSON.parse(x) as JournalEntry);
      expect(all.map((e) => e.kind)).toEqual(['audit-report', 'export-verified', 'block-export', 'evidence-bundle']);
      const sha = async (path: string): Promise<string> =>
        createHash('sha256')
          .update(await readFile(path))
          .digest('hex');
      expect(all[2]!.outputs).toMatchObject({ file: exported, units: small.blockUnits, sha256: await sha(exported) });
      expect(all[3]!.outputs).toMatchObject({
        file: bundle,
        sha256: await sha(bundle),
        signer_fingerprint: expect.any(String),
      });
      expect((await cli('journal', 'verify', journal)).code).toBe(0);
      // the bundle holds the journal's entries on its block (the audit of seed 12 at 0,50 €), and they check
      const held = new TextDecoder().decode(unzipSync(await readFile(bundle))[JOURNAL_EXCERPT_PATH]);
      // after the line that says it is an excerpt of that block, with the journal's checkpoint when the
      // bundle was made (3 entries) and the entry's inclusion proof
      const [mark, ...rest] = held.split('\n');
      expect(rest.join('\n')).toBe(`${(await readFile(journal, 'utf8')).split('\n')[0]}\n`);
      expect(JSON.parse(mark!)).toMatchObject({
        blocks: { game: 'les-3-gongs', stakeCents: 50, seeds: [12] },
        excerpt: 'instant-lab-journal-excerpt/2',
        checkpoint: { size: 3, fingerprint: all[3]!.outputs['signer_fingerprint'] },
        proofs: [expect.any(Array)],
      });
      // written the one way the line is written
      const parsed = JSON.parse(mark!) as Parameters<typeof excerptMarkLine>[1] & {
        blocks: Parameters<typeof excerptMarkLine>[0];
      };
      expect(`${mark!}\n`).toBe(excerptMarkLine(parsed.blocks, parsed));
      const vb = await cli('verify-bundle', bundle);
      expect(vb.code).toBe(0);
      expect(vb.stdout).toMatch(
        / {2}- 1 entry of a journal of 3 entries, head [0-9a-f]{64} of .*, signed by key .*: included/,
      );
      // the journal as it is now (4 entries) extends the checkpoint the bundle carries; cut, it does not
      expect((await cli('journal', 'verify', journal, '--against', bundle)).code).toBe(0);
      const whole = await readFile(journal, 'utf8');
      await writeFile(journal, whole.split('\n').slice(0, 2).join('\n') + '\n');
      const cut = await cli('journal', 'verify', journal, '--against', bundle);
      expect(cut.code).toBe(1);
      // the verdict line says every check, the checkpoint's too: never VERIFIED above a failed checkpoint
      expect(cut.stdout.split('\n')[2]).toBe(
        'verdict: FAILED (the 2 entries are chained, but 1 checkpoint problem: see below)',
      );
      expect(cut.stdout).not.toContain('VERIFIED');
      expect(cut.stdout).toContain('the journal has 2 entries');
      const cutFr = await cli('journal', 'verify', journal, '--against', bundle, '--lang', 'fr');
      expect(cutFr.stdout.split('\n')[2]).toBe(
        'verdict : ÉCHEC (les 2 entrées sont chaînées, mais 1 problème de point de contrôle : voir plus bas)',
      );
      // cut to nothing: an empty journal is not said VERIFIED above the checkpoint it no longer holds
      await writeFile(journal, '');
      const empty = await cli('journal', 'verify', journal, '--against', bundle);
      expect([empty.code, empty.stdout.split('\n')[2]]).toEqual([
        1,
        'verdict: FAILED (the journal is empty, but 1 checkpoint problem: see below)',
      ]);
      await writeFile(journal, whole);

      // one altered entry: the next command refuses the journal and appends nothing
      const text = await readFile(journal, 'utf8');
      await writeFile(journal, text.replace('"in_band":true', '"in_band":false'));
      const refused = await cli('verify', notExport, '--journal', journal);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /^error: --journal ".*" does not verify \(line 1: entry 1's content does not give its hash: altered\)/,
      );
      expect((await readFile(journal, 'utf8')).split('\n')).toHaveLength(5);
    },
  );
});

describe('--journal FILE on replay', () => {
  it('appends the evidence printed (its SHA-256) as one entry, said on stderr so stdout stays the evidence', async () => {
    const journal = join(dir, 'replay.jsonl');
    const ref = formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 11, generatorVersion: 2 });
    const r = await cli('replay', ref, '--json', '--journal', journal);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^journal: entry 1 appended to ".*replay\.jsonl" \([0-9a-f]{64}\)\n$/);
    JSON.parse(r.stdout);
    const [e] = (await readFile(journal, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((x) => JSON.parse(x) as JournalEntry);
    expect(e).toMatchObject({
      kind: 'replay-evidence',
      inputs: { ref, game: 'les-3-gongs', stake_cents: 50, seed: 7, index: 11 },
      outputs: { file: null, format: 'json', bytes: Buffer.byteLength(r.stdout), sha256: sha256Hex(r.stdout) },
    });
    const t = await cli('replay', ref, '--journal', journal);
    expect(t.code).toBe(0);
    expect(t.stderr).toMatch(/entry 2 appended/);
    expect((await cli('journal', 'verify', journal)).code).toBe(0);
  });
});
