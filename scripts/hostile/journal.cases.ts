/**
 * Compliance journals written by a careless editor or an attacker, generated here: each line gets
 * one reading, its problem named by line and entry (`journal verify`, exit 1), the file refused by
 * its size before it is read (exit 2), and never a crash.
 */
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryLine, nextEntry } from '@engine';
// the hash of an entry too long for nextEntry to write: what a careless editor or an attacker writes
import { GENESIS_HASH, JOURNAL_FORMAT, canonicalJson, entryHash } from '../../src-engine/journal/entry';
import { MAX_ENTRY_LINE_BYTES } from '../../src-engine/journal/lines';
import type { JournalEntry, JournalTip, JournalWork } from '@engine';
import type { HostileCase, HostileClass } from './case';

const work = (i: number, big = ''): JournalWork => ({
  kind: 'export-verified',
  at: new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'les-3-gongs', stake_cents: 50, seed: i, ...(big ? { note: big } : {}) },
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

const lines = (es: readonly JournalEntry[]): string[] => es.map((e) => entryLine(e));

/** The first entry with a note of `size` characters, hashed as it should be (past the bound nextEntry keeps). */
function bigFirstEntry(size: number): JournalEntry {
  const body = { journal: JOURNAL_FORMAT, seq: 1, prev: GENESIS_HASH, ...work(0, 'x'.repeat(size)) } as const;
  return { ...body, hash: entryHash(body) };
}

/** The hostile journals: file name → bytes. */
function files(): Record<string, string | Uint8Array> {
  const es = entries(4);
  const l = lines(es);
  const utf8 = Buffer.from(l.join(''));
  const bad = Buffer.from(utf8);
  bad[utf8.indexOf('"app"', utf8.indexOf('\n') + 1) + 1] = 0xff;
  return {
    'empty.jsonl': '',
    'newline.jsonl': '\n',
    'duplicate-key.jsonl': [l[0]!.replace('"app":"0.1.0",', '"app":"9.9.9","app":"0.1.0",'), ...l.slice(1)].join(''),
    'skipped-link.jsonl': [l[0]!, l[1]!, entryLine(nextEntry({ seq: 2, hash: es[0]!.hash }, es[2]!))].join(''),
    'reordered.jsonl': [l[0]!, l[2]!, l[1]!, l[3]!].join(''),
    'gap.jsonl': [l[0]!, l[3]!].join(''),
    'bom.jsonl': `\uFEFF${l.join('')}`,
    'crlf.jsonl': l.join('').replaceAll('\n', '\r\n'),
    'trailing-space.jsonl': l.map((x) => x.replace('\n', ' \n')).join(''),
    'nul.jsonl': [l[0]!, l[1]!.replace('{', '{\u0000')].join(''),
    'invalid-utf8.jsonl': bad,
    'number-1e400.jsonl': l[0]!.replace('"inputs":{', '"inputs":{"x":1e400,'),
    'number-1.0.jsonl': l[0]!.replace('"stake_cents":50', '"stake_cents":50.0'),
    'nested.jsonl': l[0]!.replace('"inputs":{', `"inputs":{"x":${'['.repeat(200_000)}${']'.repeat(200_000)},`),
    // one line of exactly the bound (1 MiB) that checks, and one of 48 MB refused unread: parsing a
    // line takes many times its size (the 48 MB line peaked at 600 MB before it was bounded)
    'line-at-bound.jsonl': entryLine(bigFirstEntry(MAX_ENTRY_LINE_BYTES - canonicalJson(bigFirstEntry(1)).length + 1)),
    'line-48mb.jsonl': entryLine(bigFirstEntry(48 * 1024 * 1024)),
  };
}

const broken = (first: RegExp): Pick<HostileCase, 'code' | 'stdout'> => ({
  code: 1,
  stdout: new RegExp(`verdict: BROKEN \\(\\d+ problems?\\)\\nfirst broken entry: ${first.source}`),
});

const verify = (name: string, file: string, expect: Pick<HostileCase, 'code' | 'stdout' | 'stderr'>): HostileCase => ({
  name,
  args: (d) => ['journal', 'verify', join(d, file)],
  ...expect,
});

export const hostile: HostileClass = {
  name: 'journal',
  maxRssMb: 200,
  generate(dir) {
    for (const [name, bytes] of Object.entries(files())) writeFileSync(join(dir, name), bytes);
    // an object bomb, scaled down (24 MiB; the one reported was 248 MiB): lines of `[{},{},…]` each
    // under the bound of a line, some 350,000 objects a line once parsed; none may be parsed
    const bomb = `[${Array.from({ length: Math.floor((MAX_ENTRY_LINE_BYTES - 2) / 3) }, () => '{}').join(',')}]\n`;
    writeFileSync(join(dir, 'object-bomb.jsonl'), bomb.repeat(24));
    // 3 GiB on paper, nothing on disk: over the journal's bound
    const fd = openSync(join(dir, 'sparse.jsonl'), 'w');
    ftruncateSync(fd, 3 * 1024 * 1024 * 1024);
    closeSync(fd);
  },
  cases: [
    verify('an empty file is said to be an empty journal', 'empty.jsonl', {
      code: 0,
      stdout: /verdict: VERIFIED \(an empty journal: no entries, no chain to check\)\n$/,
    }),
    verify('a file of one newline', 'newline.jsonl', broken(/line 1: not a JSON line/)),
    verify(
      'a duplicate key',
      'duplicate-key.jsonl',
      broken(/line 1: entry 1 is not written the one way an entry is written/),
    ),
    verify(
      'an entry re-hashed to chain past a skipped entry',
      'skipped-link.jsonl',
      broken(/line 3: entry 3 does not chain to the entry before it/),
    ),
    verify('reordered entries', 'reordered.jsonl', {
      ...broken(/line 2: entry 2 is missing before entry 3: removed/),
      stdout: /  - line 3: entry 2 comes after entry 3: out of order or repeated\n$/,
    }),
    verify('a gap in the numbers', 'gap.jsonl', broken(/line 2: entries 2–3 are missing before entry 4: removed/)),
    verify('a byte order mark', 'bom.jsonl', broken(/line 1: starts with a byte order mark \(BOM\)/)),
    verify('CRLF line ends', 'crlf.jsonl', broken(/line 1: ends with a carriage return \(CRLF line ends\)/)),
    verify('trailing spaces', 'trailing-space.jsonl', broken(/line 1: entry 1 is not written the one way/)),
    verify('a NUL byte', 'nul.jsonl', broken(/line 2: not a JSON line/)),
    verify('a byte that is not UTF-8', 'invalid-utf8.jsonl', broken(/line 2: not UTF-8 text \(altered or damaged\)/)),
    verify(
      'a number out of range (1e400)',
      'number-1e400.jsonl',
      broken(/line 1: not a journal entry: "inputs" holds a number out of range/),
    ),
    verify('50.0 for 50', 'number-1.0.jsonl', broken(/line 1: entry 1 is not written the one way/)),
    verify(
      'values nested 200,000 deep, refused before they are parsed',
      'nested.jsonl',
      broken(/line 1: entry 1 nests its values more than 64 deep; an entry nests at most 64: not parsed/),
    ),
    verify('an object bomb: 24 lines of 349,524 empty objects, none parsed', 'object-bomb.jsonl', {
      ...broken(
        /line 1: the first entry holds more than 65,536 JSON values; an entry holds at most 65,536: not parsed/,
      ),
      stdout:
        /verdict: BROKEN \(24 problems\)\nfirst broken entry: line 1: the first entry holds more than 65,536 JSON values.*\n(  - line \d+: the first entry holds more than 65,536 JSON values; an entry holds at most 65,536: not parsed\n){24}$/,
    }),
    verify('one line of exactly 1 MiB that checks', 'line-at-bound.jsonl', {
      code: 0,
      stdout: /verdict: VERIFIED \(1 entry, chained to the one before\)\n$/,
    }),
    verify(
      'one line of 48 MB, refused unread by the bound of a line',
      'line-48mb.jsonl',
      broken(/line 1: entry 1 is 50,332,\d{3} bytes long; an entry is at most 1,048,576 bytes \(1 MiB\): not read/),
    ),
    verify('a sparse 3 GiB journal, refused by its size unread', 'sparse.jsonl', {
      code: 2,
      stderr: /^error: --journal ".*sparse\.jsonl": the journal is 3221225472 bytes; at most 2147483648 bytes are read/,
    }),
  ],
};
