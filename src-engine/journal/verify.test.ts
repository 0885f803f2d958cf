import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalJson, entryHash, entryLine, nextEntry } from './entry';
import type { JournalEntry, JournalTip, JournalWork } from './entry';
import { verifyJournal } from './verify';

/** The work of entry `i`: kinds in turn, each with inputs and outputs of its own. */
const work = (i: number): JournalWork => ({
  kind: (['audit-report', 'export-verified', 'evidence-bundle', 'block-export', 'replay-evidence'] as const)[i % 5]!,
  at: new Date(Date.UTC(2026, 11, 1, 8, 0, i)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'les-3-gongs', stake_cents: 50, seeds: [i, i + 1], file: `bloc-${i}.jsonl` },
  outputs: { verdict: i % 7 === 0 ? 'not-conforming' : 'conforming', discrepancies: i % 7, sha256: 'ab'.repeat(32) },
});

function journal(n: number): string[] {
  const lines: string[] = [];
  let tip: JournalTip | null = null;
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, work(i));
    lines.push(entryLine(e));
    tip = { seq: e.seq, hash: e.hash };
  }
  return lines;
}

describe('the journal chain', () => {
  const lines = journal(1000);
  const whole = lines.join('');

  it('1,000 entries verify, and the tip is the last entry', () => {
    const v = verifyJournal(whole);
    expect(v).toMatchObject({ ok: true, lines: 1000, entries: 1000, findings: [], firstBroken: null });
    const last = JSON.parse(lines[999]!) as JournalEntry;
    expect(v.tip).toEqual({ seq: 1000, hash: last.hash });
  });

  it('each entry holds the hash of the one before, the first the genesis hash', () => {
    const entries = lines.map((l) => JSON.parse(l) as JournalEntry);
    expect(entries[0]!.prev).toBe(GENESIS_HASH);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev).toBe(entries[i - 1]!.hash);
    const { hash, ...body } = entries[10]!;
    expect(entryHash(body)).toBe(hash);
  });

  it('an empty journal verifies with no tip', () => {
    expect(verifyJournal('')).toMatchObject({ ok: true, entries: 0, tip: null });
  });

  it('one removed, one altered and one torn line are reported entry by entry, the altered one first', () => {
    const copy = [...lines];
    // entry 200: its verdict changed, its hash left as it was
    copy[199] = copy[199]!.replace('"conforming"', '"CONFORMING"');
    // entry 600 removed
    copy.splice(599, 1);
    // a last entry cut off in the middle of its write
    const extra = entryLine(nextEntry({ seq: 1000, hash: (JSON.parse(lines[999]!) as JournalEntry).hash }, work(1000)));
    const text = copy.join('') + extra.slice(0, 120);
    const v = verifyJournal(text);
    expect(v.ok).toBe(false);
    expect(v.findings.map((f) => [f.line, f.seq, f.problem])).toEqual([
      [200, 200, 'altered'],
      [600, 601, 'missing'],
      [1000, null, 'torn'],
    ]);
    expect(v.firstBroken?.text.en).toBe("line 200: entry 200's content does not give its hash: altered");
    expect(v.findings[1]!.text.en).toBe('line 600: entry 600 is missing before entry 601: removed');
    expect(v.findings[1]!.text.fr).toBe("ligne 600 : l'entrée 600 manque avant l'entrée 601 : supprimée");
    expect(v.findings[2]!.text.en).toMatch(/^line 1000: the last entry is torn/);
    // 999 whole lines, less the altered entry and the one after the gap
    expect(v.entries).toBe(997);
    // the tip a new entry would chain to: the last whole entry
    expect(v.tip?.seq).toBe(1000);
  });

  it('an altered entry whose hash was recomputed breaks the link of the next one', () => {
    const copy = [...lines];
    const e = JSON.parse(copy[41]!) as JournalEntry;
    const { hash: _old, ...body } = { ...e, outputs: { ...e.outputs, discrepancies: 0 } };
    copy[41] = `${canonicalJson({ ...body, hash: entryHash(body) })}\n`;
    const v = verifyJournal(copy.join(''));
    expect(v.findings.map((f) => [f.line, f.seq, f.problem])).toEqual([[43, 43, 'broken-link']]);
  });

  it('a line with a duplicate key, reordered keys or a space is not the one text of its entry', () => {
    const first = lines[0]!.trimEnd();
    const dup = first.replace('{"app":"0.1.0",', '{"app":"0.1.0","app":"0.1.0",');
    const spaced = first.replace('"app":"0.1.0"', '"app": "0.1.0"');
    for (const bad of [dup, spaced]) {
      const v = verifyJournal(`${bad}\n${lines.slice(1).join('')}`);
      expect(v.findings.map((f) => [f.line, f.problem])).toEqual([[1, 'not-canonical']]);
    }
  });

  it('names a line that is not an entry, and checks the next ones against the last that read', () => {
    const copy = [...lines.slice(0, 5)];
    copy.splice(2, 0, 'not json\n', '{"journal":"instant-lab-journal/1"}\n');
    const v = verifyJournal(copy.join(''));
    expect(v.findings.map((f) => [f.line, f.problem, f.text.en])).toEqual([
      [3, 'unreadable', 'line 3: not a JSON line'],
      [4, 'unreadable', 'line 4: not a journal entry: no field "app"'],
    ]);
    expect(v.entries).toBe(5);
  });

  it('refuses a value JSON cannot hold the one way', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/finite/);
    expect(() => canonicalJson({ a: undefined })).toThrow(/no value/);
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
  });
});
