import { describe, expect, it } from 'vitest';
import { bytesSource, checkBundle } from '../evidence/check-bundle';
import { excerptZip, journalPartOf } from './journal.fixture';
import { JOURNAL_EXCERPT_PATH, checkJournalExcerpt, concernsBlocks, journalExcerpt } from './excerpt';
import { entryLine, nextEntry } from './entry';
import type { JournalEntry, JournalTip, JournalWork } from './entry';
import { verifyJournal } from './verify';
import { JOURNAL_EXCERPT_FORMAT } from './excerpt-mark';

/** Entry i: a block export of seed i % 10 of Les 3 Gongs at 0,50 €, every third one at 1 €. */
const work = (i: number): JournalWork => ({
  kind: 'block-export',
  at: new Date(Date.UTC(2026, 11, 1, 8, 0, i)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'les-3-gongs', stake_cents: i % 3 === 0 ? 100 : 50, seed: i % 10 },
  outputs: { file: `b-${i}.jsonl`, bytes: i, sha256: 'ab'.repeat(32) },
});

function journal(n: number): string {
  let tip: JournalTip | null = null;
  let text = '';
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, work(i));
    text += entryLine(e);
    tip = e;
  }
  return text;
}

const blocks = { game: 'les-3-gongs', stakeCents: 50, seeds: [4, 5] };

describe('the journal entries a bundle holds', () => {
  const rows = verifyJournal(journal(60)).rows;
  const excerpt = journalExcerpt(rows, blocks);
  // the first line says the file is an excerpt, of which blocks; the entries follow
  const [mark, ...lines] = excerpt.split('\n').slice(0, -1);
  const entries = lines.map((l) => JSON.parse(l) as JournalEntry);

  it('are the entries on its blocks (game, stake, one of its seeds), as the journal wrote them', () => {
    const expected = Array.from({ length: 60 }, (_, i) => i).filter((i) => i % 3 !== 0 && [4, 5].includes(i % 10));
    expect(entries.map((e) => e.seq)).toEqual(expected.map((i) => i + 1));
    expect(concernsBlocks(rows[3]!.entry, { game: 'les-3-gongs', stakeCents: 100, seeds: [3] })).toBe(true);
    expect(concernsBlocks(rows[3]!.entry, { game: 'mine-d-or', stakeCents: 100, seeds: [3] })).toBe(false);
    // seq 5 and 6 (seeds 4 and 5) follow each other: their link is checked, and holds
    expect(checkJournalExcerpt(excerpt)).toEqual([]);
  });

  it('say on their first line that they are an excerpt, and read as one wherever they are opened', () => {
    expect(mark).toBe(
      `{"blocks":{"game":"les-3-gongs","seeds":[4,5],"stakeCents":50},"excerpt":"${JOURNAL_EXCERPT_FORMAT}"}`,
    );
    // no option: the check of any journal file (the Journal screen, `journal verify`) sees the mark
    const v = verifyJournal(excerpt);
    expect(v).toMatchObject({ ok: true, entries: 8, lines: 9, excerpt: { blocks } });
    expect(v.rows).toHaveLength(8);
    // a whole journal is not an excerpt, and its gaps stay removals
    expect(verifyJournal(journal(5)).excerpt).toBeNull();
    const cut = `${lines.join('\n')}\n`;
    expect(verifyJournal(cut)).toMatchObject({ ok: false, excerpt: null });
    expect(verifyJournal(cut).findings[0]!.problem).toBe('missing');
  });

  it('an altered entry inside an excerpt is still named, by its line in the file', () => {
    const altered = excerpt.replace('"bytes":14', '"bytes":15');
    const v = verifyJournal(altered);
    expect(v.excerpt).toEqual({ blocks });
    expect(v.ok).toBe(false);
    expect(v.entries).toBe(7);
    expect(v.findings.map((f) => f.text.fr)).toEqual([
      `ligne 4 : le contenu de l'entrée ${entries[2]!.seq} ne donne pas son empreinte : altérée`,
    ]);
    // a mark that is not written the one way is named, not taken as an excerpt
    const bad = excerpt.replace('"seeds":[4,5]', '"seeds":[4, 5]');
    expect(verifyJournal(bad).findings[0]).toMatchObject({ line: 1, problem: 'unreadable' });
    expect(verifyJournal(bad).findings[0]!.text.en).toMatch(/^line 1: not the first line of a journal excerpt/);
  });

  it('verify-bundle reads an old bundle’s entries without a mark as an excerpt, and a mark on other blocks is named', async () => {
    expect(await bundle(`${lines.join('\n')}\n`)).toMatchObject({ ok: true, journal: { entries: 8, linked: 2 } });
    const other = journalExcerpt(rows, { ...blocks, seeds: [4] });
    const r = await bundle(other);
    expect(r.failures).toEqual([
      `${JOURNAL_EXCERPT_PATH}: line 1 says it is an excerpt on other blocks than the bundle's (les-3-gongs, 50 cents, seeds 4)`,
    ]);
  });

  it('leave out entries their journal finds broken', () => {
    const l = journal(60).split('\n');
    l[4] = l[4]!.replace('"bytes":4', '"bytes":40'); // entry 5 altered in the journal
    const out = journalExcerpt(verifyJournal(l.join('\n')).rows, blocks);
    expect(out).not.toContain('"seq":5}');
    expect(out).toContain('"seq":6}');
  });

  it('an altered entry, a broken link between two that follow, and a disorder are each named', () => {
    const altered = [...lines];
    altered[2] = altered[2]!.replace('"bytes":14', '"bytes":15');
    expect(checkJournalExcerpt(`${altered.join('\n')}\n`).map((f) => f.text.en)).toEqual([
      `line 3: entry ${entries[2]!.seq}'s content does not give its hash: altered`,
    ]);
    // seq 6 chained to another entry than seq 5: re-hashed, so only its link tells
    const relinked = nextEntry({ seq: 5, hash: 'cd'.repeat(32) }, work(5));
    const broken = [...lines];
    broken[1] = entryLine(relinked).trimEnd();
    expect(checkJournalExcerpt(`${broken.join('\n')}\n`).map((f) => f.problem)).toEqual(['broken-link']);
    const swapped = [lines[1]!, lines[0]!, ...lines.slice(2)];
    expect(checkJournalExcerpt(`${swapped.join('\n')}\n`)[0]).toMatchObject({ line: 2, problem: 'broken-link' });
  });

  /** A bundle of Les 3 Gongs at 0,50 €, seeds 4 and 5 (or what `of` says), holding `text` as its journal entries. */
  const bundle = async (text: string | Uint8Array, of?: Parameters<typeof excerptZip>[1]) =>
    journalPartOf(await checkBundle(bytesSource(await excerptZip(text, of)), null));

  it('say what was judged: an excerpt, its entries each hashed, links only between entries that follow', async () => {
    // seq 5 → 6 and 35 → 36 follow each other: two links checked; the rest are gaps of the excerpt
    const c = await bundle(excerpt);
    expect(entries.map((e) => e.seq)).toEqual([5, 6, 15, 26, 35, 36, 45, 56]);
    expect(c.journal).toEqual({ entries: 8, linked: 2, inclusion: null });
    // cut from the middle of a journal, it is still an excerpt, and verifies as one
    const middle = verifyJournal(journal(60)).rows.slice(30, 40);
    const cut = middle.map((r) => entryLine(r.entry)).join('');
    expect(verifyJournal(cut).ok).toBe(false);
    expect(checkJournalExcerpt(cut)).toEqual([]);
  });

  it('an entry on other blocks than the bundle’s is named, and a manifest without blocks is said', async () => {
    const other = nextEntry(
      { seq: 99, hash: 'ab'.repeat(32) },
      { ...work(4), inputs: { game: 'mine-d-or', stake_cents: 50, seed: 4 } },
    );
    const r = await bundle(excerpt + entryLine(other));
    expect(r.ok).toBe(false);
    expect(r.failures).toEqual([
      `${JOURNAL_EXCERPT_PATH}: line ${entries.length + 2}: entry 100 is not on this bundle's blocks (les-3-gongs, 50 cents, seeds 4, 5)`,
    ]);
    // a manifest that names no blocks is refused by its schema before its entries are read
    const blind = await bundle(excerpt, {});
    expect(blind.ok).toBe(false);
    expect(blind.failures[0]).toMatch(/^manifest\.json: /);
  });

  it('a byte order mark before the entries is named, not skipped', async () => {
    const r = await bundle(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(excerpt)]));
    expect(r.failures[0]).toMatch(
      /^journal\/entries\.jsonl: the journal entries do not hold together; first broken: line 1: starts with a byte order mark/,
    );
  });

  it('verify-bundle names the first broken entry of the bundle’s journal entries', async () => {
    expect(await bundle(excerpt)).toMatchObject({ ok: true, failures: [] });
    const altered = excerpt.replace('"bytes":14', '"bytes":15');
    const r = await bundle(altered);
    expect(r.ok).toBe(false);
    expect(r.failures).toEqual([
      `${JOURNAL_EXCERPT_PATH}: the journal entries do not hold together; first broken: line 4: entry ${entries[2]!.seq}'s content does not give its hash: altered`,
    ]);
  });
});
