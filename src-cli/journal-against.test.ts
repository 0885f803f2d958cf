import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointOf, journalExcerpt, parseSecretKey, treeOfRows, verifyJournal } from '@engine';
import { BLOCKS, excerptZip, journalEntries, journalText } from '../src-engine/journal/journal.fixture';
import { cli } from './test-support/run-cli';

let dir: string;
let key: string;
let otherKey: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-merkle-'));
  key = join(dir, 'key');
  otherKey = join(dir, 'other');
  expect((await cli('keygen', '--out', key)).code).toBe(0);
  expect((await cli('keygen', '--out', otherKey)).code).toBe(0);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const write = async (name: string, text: string | Uint8Array): Promise<string> => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};

interface AgainstJson {
  ok: boolean;
  against: {
    ok: boolean;
    checks: { name: string; holds: boolean }[];
    findings: { file: string; problem: string; entry: number | null; message: string }[];
  };
}

describe('journal checkpoint and journal verify --against a checkpoint', () => {
  it('signs the head, and a journal that only grew holds against it (exit 0)', async () => {
    const j = await write('grow.jsonl', journalText(journalEntries(30)));
    const cp = join(dir, 'cp.json');
    const w = await cli('journal', 'checkpoint', j, '--key', key, '--out', cp);
    expect(w.stderr).toBe('');
    expect(w.code).toBe(0);
    expect(w.stdout).toMatch(
      /^Wrote ".*cp\.json": checkpoint of ".*" at 30 entries, root [0-9a-f]{64}, signed by key /,
    );
    await writeFile(j, journalText(journalEntries(45)));
    const r = await cli('journal', 'verify', j, '--against', cp);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('verdict: VERIFIED (45 entries, each chained to the one before)');
    expect(r.stdout).toMatch(/cp\.json: 30 entries at .*: the journal extends it \(consistency proof holds\)/);
    expect(r.stdout).toContain('checkpoints: HELD (1: nothing they signed was cut or rewritten)');
    const fr = await cli('journal', 'verify', j, '--against', cp, '--lang', 'fr');
    expect(fr.stdout).toContain('points de contrôle : TENUS');
    // the key every checkpoint must be signed with
    const pinned = await cli('journal', 'verify', j, '--against', cp, '--pub', `${otherKey}.pub`, '--json');
    expect(pinned.code).toBe(1);
    expect((JSON.parse(pinned.stdout) as AgainstJson).against.findings.map((f) => f.problem)).toEqual(['other-key']);
  });

  it('refuses what is not a checkpoint, an excerpt as the journal, and mixed flags, in one line (exit 2)', async () => {
    const j = await write('small.jsonl', journalText(journalEntries(3)));
    const notCp = await write('not-cp.json', '{"size":3}\n');
    for (const args of [
      ['journal', 'verify', j, '--against', notCp],
      ['journal', 'verify', j, '--against', j],
      ['journal', 'verify', j, '--key', key],
      ['journal', 'checkpoint', j, '--out', join(dir, 'x.json')],
      ['journal', 'checkpoint', j, '--key', key, '--out', j],
    ]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect((await cli('journal', 'verify', j, '--against', notCp)).stderr).toMatch(
      /not a journal checkpoint: no field "checkpoint"/,
    );
  });
});

describe('journal verify --against bundles made along a 200-entry journal', { timeout: 240_000 }, () => {
  /** Bundles made when the journal had 50, 120 and 200 entries: each holds its proved excerpt. */
  const SIZES = [50, 120, 200];
  const bundles: string[] = [];
  /** The entries each bundle holds (on seeds 4 and 5 at 0,50 €). */
  const held: number[][] = [];

  beforeAll(async () => {
    const k = parseSecretKey(await readFile(key, 'utf8'), key);
    for (const s of SIZES) {
      const rows = verifyJournal(journalText(journalEntries(s))).rows;
      const tree = treeOfRows(rows);
      const excerpt = journalExcerpt(rows, BLOCKS, { tree, checkpoint: checkpointOf(tree, k, new Date()) });
      bundles.push(await write(`bundle-${s}.zip`, await excerptZip(excerpt)));
      held.push(verifyJournal(excerpt).rows.map((r) => r.entry.seq));
    }
  });

  const against = (): string[] => bundles.flatMap((b) => ['--against', b]);

  it('an honest bundle verifies as included, and the whole journal holds against all three', async () => {
    const j = await write('whole.jsonl', journalText(journalEntries(200)));
    const r = await cli('journal', 'verify', j, ...against());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('checkpoints: HELD (3:');
  });

  it('catches the journal cut after every entry with every bundle made after it', async () => {
    const all = journalEntries(200);
    const j = join(dir, 'cut.jsonl');
    for (let k = 0; k < 200; k++) {
      await writeFile(j, journalText(all.slice(0, k)));
      const r = await cli('journal', 'verify', j, ...against(), '--json');
      const v = JSON.parse(r.stdout) as AgainstJson;
      // the chain of what is left verifies: only the checkpoints see the cut
      expect(v.ok, `cut after ${k}`).toBe(false);
      expect(r.code).toBe(1);
      const caught = v.against.findings.filter((f) => f.problem === 'shorter').map((f) => f.file);
      expect(caught, `cut after ${k}`).toEqual(bundles.filter((_, i) => SIZES[i]! > k));
      expect(v.against.checks.map((c) => c.holds)).toEqual(SIZES.map((s) => s <= k));
    }
  });

  it('catches the journal rewritten from every entry on (hashes recomputed), naming the first held entry that differs', async () => {
    const j = join(dir, 'rewritten.jsonl');
    for (let k = 1; k <= 200; k++) {
      await writeFile(j, journalText(journalEntries(200, k)));
      const r = await cli('journal', 'verify', j, ...against(), '--json');
      const v = JSON.parse(r.stdout) as AgainstJson & { findings: unknown[] };
      expect(v.findings, `rewritten from ${k}: its chain verifies`).toEqual([]);
      expect(r.code).toBe(1);
      const expected = SIZES.flatMap((s, i) =>
        s >= k ? [{ file: bundles[i], problem: 'rewritten', entry: held[i]!.find((e) => e >= k) ?? null }] : [],
      );
      expect(
        v.against.findings.map(({ file, problem, entry }) => ({ file, problem, entry })),
        `rewritten from ${k}`,
      ).toEqual(expected);
    }
  });
});
