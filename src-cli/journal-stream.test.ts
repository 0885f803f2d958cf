/**
 * The journal read once as a stream gives what the whole file read at once gives: the same
 * verdict, line by line, and the same Merkle tree, whatever the chunks cut through (a line, a
 * UTF-8 character, a line too long to hold), with the rows kept only as asked.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ENTRY_LINE_BYTES, entryLine, journalTree, nextEntry, verifyJournal } from '@engine';
import type { JournalEntry, JournalTip } from '@engine';
import { streamJournal } from './journal-stream';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'il-journal-stream-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function entries(n: number): JournalEntry[] {
  const out: JournalEntry[] = [];
  let tip: JournalTip | null = null;
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, {
      kind: 'export-verified',
      at: new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString(),
      app: '0.1.0',
      generator: 'instant-lab-gen/2',
      // a French name: characters of two bytes, which a chunk may cut in half
      inputs: { game: 'les-3-gongs', stake_cents: 50, seed: i, file: `écart-${i}.jsonl` },
      outputs: { verdict: 'conforming', discrepancies: 0 },
    });
    out.push(e);
    tip = e;
  }
  return out;
}

const es = entries(40);
const lines = es.map((e) => entryLine(e));
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** Journals of every shape a line can take: the stream must read each as the whole file is read. */
const journals: Record<string, Buffer> = {
  honest: Buffer.from(lines.join('')),
  torn: Buffer.from(lines.slice(0, 5).join('') + lines[5]!.slice(0, 40)),
  'torn after a long line': Buffer.from(lines[0]! + 'x'.repeat(MAX_ENTRY_LINE_BYTES + 10)),
  'gap, reorder and blank line': Buffer.from([lines[0], lines[2], lines[1], '\n', lines[3]].join('')),
  'not UTF-8': Buffer.concat([Buffer.from(lines[0]!), Buffer.from([0xc3, 0x28, 0x0a]), Buffer.from(lines[1]!)]),
  'CRLF and a BOM': Buffer.from(`\uFEFF${lines[0]!.replace('\n', '\r\n')}${lines[1]!}`),
  // a line past the bound, ending as entry 2 ends: named by that number, unread, and still a leaf
  'a line over 1 MiB': Buffer.from(
    lines[0]! + lines[1]!.replace('"inputs":{', `"inputs":{"pad":"${'y'.repeat(MAX_ENTRY_LINE_BYTES)}",`) + lines[2]!,
  ),
  'object bomb': Buffer.from(lines[0]! + `[${Array.from({ length: 70_000 }, () => '{}').join(',')}]\n` + lines[1]!),
};

describe('the journal read as a stream', () => {
  for (const [name, bytes] of Object.entries(journals))
    it(`reads "${name}" as the whole file is read, whatever the chunks`, async () => {
      const file = join(dir, `${name.replaceAll(' ', '-')}.jsonl`);
      await writeFile(file, bytes);
      const whole = verifyJournal(bytes);
      const tree = journalTree(bytes);
      // chunks of 7 bytes cut every line and character (4,093 through a line over 1 MiB: as many cuts
      // at a thousandth of the reads); 64 KiB
      for (const chunkBytes of [bytes.length < 100_000 ? 7 : 4093, 65_536]) {
        const r = await streamJournal('journal', file, { tree: 'leaves', keepRow: () => true, chunkBytes });
        expect(r.verdict).toEqual(whole);
        expect([r.bytes, r.size, hex(r.root)]).toEqual([bytes.length, tree.leaves.size, hex(tree.root)]);
        for (let i = 0; i < tree.leaves.size; i++) expect(hex(r.leaves!.at(i))).toBe(hex(tree.leaves.at(i)));
      }
    });

  it('keeps no row unless asked, and only those asked for', async () => {
    const file = join(dir, 'rows.jsonl');
    await writeFile(file, journals.honest!);
    const none = await streamJournal('journal', file);
    expect([none.verdict.ok, none.verdict.entries, none.verdict.rows.length, none.leaves]).toEqual([true, 40, 0, null]);
    const some = await streamJournal('journal', file, { keepRow: (e) => e.seq % 10 === 0 });
    expect(some.verdict.rows.map((r) => r.entry.seq)).toEqual([10, 20, 30, 40]);
    // the root alone, without the leaves
    const root = await streamJournal('journal', file, { tree: 'root' });
    expect([hex(root.root), root.leaves]).toEqual([hex(journalTree(journals.honest!).root), null]);
  });

  it('reads a file not there as an empty journal only when told, and names it otherwise', async () => {
    const missing = join(dir, 'missing.jsonl');
    const r = await streamJournal('journal', missing, { missingIsEmpty: true });
    expect([r.verdict.ok, r.verdict.lines, r.bytes, r.mtimeMs]).toEqual([true, 0, 0, null]);
    await expect(streamJournal('journal', missing)).rejects.toThrow(
      /cannot read --journal ".*missing\.jsonl": it does not exist/,
    );
  });
});
