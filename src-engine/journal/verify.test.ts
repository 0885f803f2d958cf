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

  describe('a line that cannot be read is not said removed: its entry may be there, unread', () => {
    const enc = new TextEncoder();
    const bytes = (ls: readonly (string | Uint8Array)[]): Uint8Array => {
      const parts = ls.map((l) => (typeof l === 'string' ? enc.encode(l) : l));
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    };
    const five = lines.slice(0, 5);
    // entry 3 with a byte the UTF-8 decoder refuses in place of one of its letters
    const badUtf8 = enc.encode(five[2]!);
    badUtf8[badUtf8.indexOf(0x61)] = 0xff;
    const CASES = [
      {
        name: 'a byte order mark',
        text: bytes([five[0]!, five[1]!, `\uFEFF${five[2]!}`, five[3]!, five[4]!]),
        en: 'a byte order mark',
        fr: "une marque d'ordre des octets",
      },
      {
        name: 'bad UTF-8',
        text: bytes([five[0]!, five[1]!, badUtf8, five[3]!, five[4]!]),
        en: 'not UTF-8',
        fr: 'pas en UTF-8',
      },
      {
        name: 'over 1 MiB',
        text: bytes([five[0]!, five[1]!, `${'x'.repeat(1024 * 1024 + 1)}\n`, five[3]!, five[4]!]),
        en: 'over 1 MiB',
        fr: 'plus de 1 Mio',
      },
    ];
    for (const c of CASES)
      it(`${c.name}: entry 3 could not be read, entry 4 follows it; nothing said removed`, () => {
        const v = verifyJournal(c.text);
        expect(v.findings.map((f) => [f.line, f.problem])).toEqual([
          [3, 'unreadable'],
          [4, 'after-unread'],
        ]);
        expect(v.findings[1]!.text.en).toBe(`line 4: entry 3 could not be read (line 3: ${c.en}); entry 4 follows it`);
        expect(v.findings[1]!.text.fr).toBe(
          `ligne 4 : l'entrée 3 n'a pas pu être lue (ligne 3 : ${c.fr}) ; l'entrée 4 la suit`,
        );
        expect(v.findings.map((f) => f.text.en).join('\n')).not.toMatch(/removed/);
        expect(v.findings.map((f) => f.text.fr).join('\n')).not.toMatch(/supprim/);
      });

    it('more entries missing than lines unread: only those the lines cannot hold are said removed', () => {
      const v = verifyJournal([five[0]!, '\uFEFF{}\n', five[4]!].join(''));
      expect(v.findings[1]!.text.en).toBe(
        'line 3: entries 2–4 are missing before entry 5: one line could not be read (line 2: a byte order mark), so at least 2 were removed',
      );
      expect(v.findings[1]!.text.fr).toBe(
        "ligne 3 : les entrées 2 à 4 manquent avant l'entrée 5 : une ligne n'a pas pu être lue (ligne 2 : une marque d'ordre des octets), donc au moins 2 ont été supprimées",
      );
    });

    it('two entries unread, as lines that are not JSON and not an entry: both named, none said removed', () => {
      const v = verifyJournal([five[0]!, 'garbage\n', '{"a":1}\n', five[3]!].join(''));
      expect(v.findings[2]!.text.en).toBe(
        'line 4: entries 2–3 could not be read (line 2: not JSON, line 3: not an entry); entry 4 follows them',
      );
      expect(v.findings[2]!.text.fr).toBe(
        "ligne 4 : les entrées 2 à 3 n'ont pas pu être lues (ligne 2 : pas du JSON, ligne 3 : pas une entrée) ; l'entrée 4 les suit",
      );
    });
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
