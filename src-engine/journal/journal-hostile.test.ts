/**
 * Hostile journal lines, generated here: each must get one reading, named by line, and never
 * crash the check (the verdict is the product).
 */
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, JOURNAL_FORMAT, canonicalJson, entryHash, entryLine, nextEntry } from './entry';
import type { JournalEntry, JournalTip, JournalValue, JournalWork } from './entry';
import { MAX_ENTRY_LINE_BYTES } from './lines';
import { MAX_ENTRY_JSON_VALUES } from './json-shape';
import { MAX_FINDINGS_LISTED, verifyJournal } from './verify';

const work = (i: number, inputs: { readonly [k: string]: JournalValue } = {}): JournalWork => ({
  kind: 'export-verified',
  at: new Date(Date.UTC(2026, 11, 1, 8, 0, i)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'les-3-gongs', stake_cents: 50, seed: i, ...inputs },
  outputs: { verdict: 'conforming', discrepancies: 0 },
});

function entries(n: number): JournalEntry[] {
  const out: JournalEntry[] = [];
  let tip: JournalTip | null = null;
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, work(i));
    out.push(e);
    tip = e;
  }
  return out;
}

const text = (es: readonly JournalEntry[]): string => es.map(entryLine).join('');
const problems = (t: string | Uint8Array) => verifyJournal(t).findings.map((f) => [f.line, f.seq, f.problem]);
/** A line whose inputs hold `raw` as written (a number, a nested value), its hash computed on what JSON.parse reads. */
const withRawInput = (e: JournalEntry, raw: string): string =>
  entryLine(e).replace('"inputs":{', `"inputs":{"raw":${raw},`);

describe('hostile journal lines', () => {
  const es = entries(5);

  it('an entry re-hashed to chain past a skipped entry is a broken link, named on its line', () => {
    // entry 3 replaced by one that says it follows entry 1: its hash is right, its link is not, and
    // entry 4 still chains to the entry 3 that was replaced
    const skip = nextEntry({ seq: 2, hash: es[0]!.hash }, work(2));
    expect(problems(text([es[0]!, es[1]!, skip, ...es.slice(3)]))).toEqual([
      [3, 3, 'broken-link'],
      [4, 4, 'broken-link'],
    ]);
  });

  it('an entry moved up is named once: the entries after it are not also reported as removed', () => {
    // 1, 3, 2, 4, 5
    const moved = text([es[0]!, es[2]!, es[1]!, es[3]!, es[4]!]);
    expect(problems(moved)).toEqual([
      [2, 3, 'missing'],
      [3, 2, 'broken-link'],
    ]);
    expect(verifyJournal(moved).tip).toEqual({ seq: 5, hash: es[4]!.hash });
    // a repeated entry likewise
    expect(problems(text([es[0]!, es[1]!, es[1]!, es[2]!]))).toEqual([[3, 2, 'broken-link']]);
  });

  it('a gap in the numbers names the entries missing', () => {
    const v = verifyJournal(text([es[0]!, es[4]!]));
    expect(v.findings.map((f) => f.text.en)).toEqual(['line 2: entries 2–4 are missing before entry 5: removed']);
  });

  it('a duplicate key, trailing spaces, -0 and 1.0 are not the one text of their entry', () => {
    const line = entryLine(es[0]!).trimEnd();
    const variants = [
      line.replace('"app":"0.1.0",', '"app":"0.1.0","app":"0.1.0",'),
      line.replace('"app":"0.1.0",', '"app":"9.9.9","app":"0.1.0",'),
      `${line}  `,
      `${line}\t`,
      line.replace('"discrepancies":0', '"discrepancies":-0'),
      line.replace('"discrepancies":0', '"discrepancies":0.0'),
      line.replace('"stake_cents":50', '"stake_cents":50.0'),
      line.replace('"stake_cents":50', '"stake_cents":5e1'),
    ];
    for (const v of variants) expect(problems(`${v}\n`), v).toEqual([[1, 1, 'not-canonical']]);
  });

  it('-0 is written as 0, so an entry recorded with -0 reads back as the entry it hashed', () => {
    const e = nextEntry(null, work(0, { x: -0 }));
    expect(entryLine(e)).toContain('"x":0}');
    expect(verifyJournal(entryLine(e)).ok).toBe(true);
  });

  it('a number out of range or values nested past any record are one finding, not a crash', () => {
    const huge = withRawInput(es[0]!, '1e400');
    expect(() => verifyJournal(huge)).not.toThrow();
    expect(verifyJournal(huge).findings.map((f) => f.text.en)).toEqual([
      'line 1: not a journal entry: "inputs" holds a number out of range (read as infinite)',
    ]);
    // past any record but under the pre-scan's bound: parsed, then refused by what it holds
    const deep = withRawInput(es[0]!, `${'['.repeat(40)}${']'.repeat(40)}`);
    expect(verifyJournal(deep).findings.map((f) => f.text.en)).toEqual([
      'line 1: not a journal entry: "inputs" holds values nested more than 32 deep',
    ]);
    // 100,000 deep: refused by the pre-scan, never parsed
    const deeper = withRawInput(es[0]!, `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(verifyJournal(deeper).findings.map((f) => f.text.en)).toEqual([
      'line 1: entry 1 nests its values more than 64 deep; an entry nests at most 64: not parsed',
    ]);
    // the chain goes on past them, checked against the last entry that read (so entry 2 is said unread, not removed)
    expect(problems(`${entryLine(es[0]!)}${withRawInput(es[1]!, '-1e999')}${entryLine(es[2]!)}`)).toEqual([
      [2, null, 'unreadable'],
      [3, 3, 'after-unread'],
    ]);
  });

  it('a line of too many values (an object bomb) is refused before it is parsed, named by its entry', () => {
    const bomb = `[${Array.from({ length: MAX_ENTRY_JSON_VALUES + 1 }, () => '{}').join(',')}]\n`;
    // a bomb inside an entry is named by the number its end writes; a bare one by the entry it follows
    const inEntry = withRawInput(es[1]!, `[${Array.from({ length: MAX_ENTRY_JSON_VALUES }, () => '1').join(',')}]`);
    const v = verifyJournal(`${entryLine(es[0]!)}${bomb}${inEntry}${entryLine(es[3]!)}`);
    expect(v.findings.map((f) => f.text.en)).toEqual([
      'line 2: the entry after entry 1 holds more than 65,536 JSON values; an entry holds at most 65,536: not parsed',
      'line 3: entry 2 holds more than 65,536 JSON values; an entry holds at most 65,536: not parsed',
      'line 4: entries 2–3 could not be read (line 2: too large to parse, line 3: too large to parse); entry 4 follows them',
    ]);
    // at the bound, a line is parsed (and here refused as no entry, for what it is)
    const atBound = `[${Array.from({ length: MAX_ENTRY_JSON_VALUES - 1 }, () => '{}').join(',')}]\n`;
    expect(verifyJournal(atBound).findings.map((f) => f.text.en)).toEqual([
      'line 1: not a journal entry: not an object',
    ]);
  });

  it('a million bad lines are all counted, the first thousand listed', () => {
    const v = verifyJournal('x\n'.repeat(MAX_FINDINGS_LISTED + 5));
    expect([v.problems, v.findings.length, v.findings.at(-1)!.line]).toEqual([
      MAX_FINDINGS_LISTED + 5,
      MAX_FINDINGS_LISTED,
      MAX_FINDINGS_LISTED,
    ]);
    // the lines unread before a jump are counted all, named ten
    const jump = verifyJournal(`${entryLine(es[0]!)}${'x\n'.repeat(12)}${entryLine(es[3]!)}`);
    expect(jump.findings.at(-1)!.text.en).toMatch(
      /^line 14: entries 2–3 could not be read \(line 2: not JSON, .*, line 11: not JSON and 2 more\); entry 4 follows them$/,
    );
  });

  it('a byte order mark, CRLF line ends and a NUL byte are named on their line', () => {
    const j = text(es.slice(0, 3));
    const bom = verifyJournal(`\uFEFF${j}`).findings;
    expect(bom.map((f) => [f.line, f.problem])).toEqual([
      [1, 'unreadable'],
      [2, 'after-unread'],
    ]);
    expect(bom[0]!.text.en).toMatch(/byte order mark/);
    const crlf = verifyJournal(j.replaceAll('\n', '\r\n')).findings;
    expect(crlf.map((f) => [f.line, f.problem])).toEqual([
      [1, 'unreadable'],
      [2, 'unreadable'],
      [3, 'unreadable'],
    ]);
    expect(crlf[0]!.text.en).toMatch(/carriage return \(CRLF/);
    const nul = entryLine(es[1]!).replace('"app"', '\u0000"app"');
    expect(problems(`${entryLine(es[0]!)}${nul}${entryLine(es[2]!)}`)).toEqual([
      [2, null, 'unreadable'],
      [3, 3, 'after-unread'],
    ]);
  });

  it('as bytes: a line that is not UTF-8 is named, never read with replacement characters', () => {
    // an entry hashed over U+FFFD, then written with a lone 0xFF byte where U+FFFD's three bytes were
    const forged = nextEntry(es[0]!, work(1, { file: 'export-\uFFFD.jsonl' }));
    const utf8 = new TextEncoder().encode(`${entryLine(es[0]!)}${entryLine(forged)}`);
    const at = utf8.findIndex((b, i) => b === 0xef && utf8[i + 1] === 0xbf && utf8[i + 2] === 0xbd);
    const bytes = new Uint8Array([...utf8.subarray(0, at), 0xff, ...utf8.subarray(at + 3)]);
    // the forgery a lenient decoder lets through
    expect(verifyJournal(new TextDecoder().decode(bytes)).ok).toBe(true);
    const v = verifyJournal(bytes);
    expect(v.findings.map((f) => [f.line, f.problem, f.text.en])).toEqual([
      [2, 'unreadable', 'line 2: not UTF-8 text (altered or damaged)'],
    ]);
    // a BOM in bytes is kept, so it is named rather than skipped
    expect(problems(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(entryLine(es[0]!))]))).toEqual([
      [1, null, 'unreadable'],
    ]);
  });

  it('an empty file is an empty journal; a file of one newline is one line that is not an entry', () => {
    expect(verifyJournal('')).toMatchObject({ ok: true, lines: 0, entries: 0 });
    expect(verifyJournal(new Uint8Array())).toMatchObject({ ok: true, lines: 0, entries: 0 });
    for (const t of ['\n', new Uint8Array([0x0a])])
      expect(verifyJournal(t).findings.map((f) => f.text.en)).toEqual(['line 1: not a JSON line']);
  });

  it('the same entries give the same verdict as text and as bytes', () => {
    const t = text(entries(50));
    expect(verifyJournal(new TextEncoder().encode(t))).toEqual(verifyJournal(t));
  });

  /** An entry after `tip` whose inputs hold a note of `size` characters, hashed as it should be (past nextEntry's bound). */
  const bigEntry = (tip: JournalTip | null, size: number): JournalEntry => {
    const body = {
      journal: JOURNAL_FORMAT,
      seq: tip ? tip.seq + 1 : 1,
      prev: tip ? tip.hash : GENESIS_HASH,
      ...work(9, { note: 'x'.repeat(size) }),
    } as const;
    return { ...body, hash: entryHash(body) };
  };

  it('a line over 1 MiB is refused unread, naming its entry and the bound; the chain goes on after it', () => {
    const e2 = bigEntry(es[0]!, 2 * 1024 * 1024);
    const e3 = nextEntry(e2, work(3));
    const t = [entryLine(es[0]!), entryLine(e2), entryLine(e3)].join('');
    const bytes = new TextEncoder().encode(t).length - entryLine(es[0]!).length - entryLine(e3).length - 1;
    for (const input of [t, new TextEncoder().encode(t)]) {
      const v = verifyJournal(input);
      expect(v.firstBroken).toMatchObject({ line: 2, seq: 2, problem: 'unreadable' });
      expect(v.firstBroken!.text).toEqual({
        en: `line 2: entry 2 is ${bytes.toLocaleString('en-GB')} bytes long; an entry is at most 1,048,576 bytes (1 MiB): not read`,
        fr: `ligne 2 : l'entrée 2 fait ${bytes.toLocaleString('fr-FR').replace(/\s/g, '\u202f')} octets ; une entrée fait au plus 1\u202f048\u202f576 octets (1 Mio) : non lue`,
      });
      // entry 3 chains to the refused line, which is not read: entry 2 could not be read, not removed
      expect(v.findings.map((f) => [f.line, f.seq, f.problem])).toEqual([
        [2, 2, 'unreadable'],
        [3, 3, 'after-unread'],
      ]);
      expect(v.findings[1]!.text.en).toBe('line 3: entry 2 could not be read (line 2: over 1 MiB); entry 3 follows it');
      expect(v.rows.map((r) => r.entry.seq)).toEqual([1, 3]);
    }
  });

  it('a long line whose end names no entry is named by its place; a line of exactly 1 MiB is read', () => {
    const junk = `${'x'.repeat(MAX_ENTRY_LINE_BYTES + 1)}\n`;
    expect(verifyJournal(junk).firstBroken!.text.en).toMatch(/^line 1: the first entry is 1,048,577 bytes long;/);
    expect(verifyJournal(entryLine(es[0]!) + junk).firstBroken!.text.en).toMatch(
      /^line 2: the entry after entry 1 is 1,048,577 bytes long;/,
    );
    const base = canonicalJson(bigEntry(null, 0)).length;
    const exact = bigEntry(null, MAX_ENTRY_LINE_BYTES - base);
    expect(entryLine(exact).length).toBe(MAX_ENTRY_LINE_BYTES + 1);
    expect(verifyJournal(entryLine(exact))).toMatchObject({ ok: true, entries: 1 });
    expect(verifyJournal(new TextEncoder().encode(entryLine(exact)))).toMatchObject({ ok: true, entries: 1 });
    // a line of multi-byte text is bounded by its UTF-8 bytes, not its characters
    expect(
      verifyJournal(entryLine(bigEntry(null, 0)).replace('"note":""', `"note":"${'é'.repeat(600_000)}"`)).firstBroken!
        .text.en,
    ).toMatch(/^line 1: entry 1 is 1,200,\d{3} bytes long;/);
  });

  it('nextEntry never writes an entry the check would not read back: over 1 MiB is refused', () => {
    expect(() => nextEntry(null, work(0, { note: 'x'.repeat(MAX_ENTRY_LINE_BYTES) }))).toThrow(
      /a journal entry of \d+ bytes is over the 1048576 an entry may take/,
    );
  });

  it('canonical JSON is one text whatever the key order, and its hash follows', () => {
    const a = { z: 1, a: { y: [1, 2], b: null } };
    const b = { a: { b: null, y: [1, 2] }, z: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    const { hash: _h, ...body } = es[0]!;
    expect(entryHash({ ...body })).toBe(es[0]!.hash);
  });
});
