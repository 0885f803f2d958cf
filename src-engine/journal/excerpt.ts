/**
 * The entries of a journal that concern the blocks of an evidence bundle, as the bundle holds them
 * (`journal/entries.jsonl`): a first line that says it is an excerpt and of which blocks, then each
 * entry's line exactly as the journal has it, in order, so that `verify-bundle` and the Journal
 * screen can check each one's hash and, where two follow each other, their link.
 */
import { entryLine } from './entry';
import type { JournalEntry } from './entry';
import { verifyJournal } from './verify';
import type { JournalFinding, JournalRow } from './verify';
import type { JournalBlocks } from './work';
import { excerptMarkLine } from './excerpt-mark';
import type { Checkpoint } from './checkpoint';
import { inclusionProof } from './merkle';
import type { JournalTree } from './journal-tree';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Where a bundle holds its journal entries. */
export const JOURNAL_EXCERPT_PATH = 'journal/entries.jsonl';

const seedsOf = (e: JournalEntry): number[] => {
  const { seed, seeds } = e.inputs;
  const out: number[] = [];
  if (typeof seed === 'number') out.push(seed);
  if (Array.isArray(seeds)) for (const s of seeds) if (typeof s === 'number') out.push(s);
  return out;
};

/** True when `e` is work on one of `blocks`: the same game and stake, and one of its seeds. */
export function concernsBlocks(e: JournalEntry, blocks: JournalBlocks): boolean {
  if (e.inputs['game'] !== blocks.game || e.inputs['stake_cents'] !== blocks.stakeCents) return false;
  return seedsOf(e).some((s) => blocks.seeds.includes(s));
}

/**
 * The lines of the entries of `rows` that concern `blocks`, as a bundle holds them, after the line
 * that says the file is an excerpt of them ({@link excerptMarkLine}). Rows a finding names
 * (altered, out of order) are left out: a bundle carries only entries that checked in their
 * journal. Given the journal's tree and its checkpoint (signed over that tree), the first line also
 * carries the checkpoint and each entry's inclusion proof in it, so the excerpt proves itself.
 */
export function journalExcerpt(
  rows: readonly JournalRow[],
  blocks: JournalBlocks,
  signed?: { readonly tree: JournalTree; readonly checkpoint: Checkpoint },
): string {
  const kept = rows.filter((r) => !r.broken && concernsBlocks(r.entry, blocks));
  const proved = signed && {
    checkpoint: signed.checkpoint,
    proofs: kept.map((r) =>
      inclusionProof(signed.tree.leaves, r.entry.seq - 1, signed.checkpoint.size).map((h) => bytesToHex(h)),
    ),
  };
  return excerptMarkLine(blocks, proved) + kept.map((r) => entryLine(r.entry)).join('');
}

/** What is wrong with a bundle's journal entries, line by line (empty: each gives its hash and links hold). */
export function checkJournalExcerpt(text: string): readonly JournalFinding[] {
  return verifyJournal(text, { excerpt: true }).findings;
}
