/**
 * What says a journal file is an excerpt: its first line, written by the evidence bundle before
 * the entries it holds (`{"blocks":{…},"excerpt":"instant-lab-journal-excerpt/1"}`, canonical
 * JSON). An excerpt holds only some entries of a journal, so entries are missing between them by
 * nature; every entry must still give its hash. The one place an excerpt is recognised: the
 * journal's check ({@link ./verify.ts}) reads its first line here, for the command line, the
 * Journal screen and `verify-bundle` alike. Bundles written before the mark hold entries only;
 * `verify-bundle` still reads them as an excerpt, because it knows where they come from.
 */
import type { JournalBlocks } from './work';

export const JOURNAL_EXCERPT_FORMAT = 'instant-lab-journal-excerpt/1';

/** What an excerpt says of itself. */
export interface ExcerptMark {
  /** The blocks whose entries it holds, when its first line names them (null for an old bundle's). */
  readonly blocks: JournalBlocks | null;
}

/** The first line of an excerpt of the entries on `blocks`, with its line end. */
export function excerptMarkLine(blocks: JournalBlocks): string {
  // keys in order, no spaces: the one way the line is written
  const b = { game: blocks.game, seeds: [...blocks.seeds], stakeCents: blocks.stakeCents };
  return `${JSON.stringify({ blocks: b, excerpt: JOURNAL_EXCERPT_FORMAT })}\n`;
}

/**
 * The mark a journal's first line holds: null when the line is no mark (an entry, or anything
 * else, checked as an entry), the mark, or why a line that says it is a mark is not one.
 */
export function readExcerptMark(line: unknown): ExcerptMark | { readonly wrong: string } | null {
  if (typeof line !== 'string' || !line.startsWith('{"blocks":')) return null;
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null || !('excerpt' in o)) return null;
  const m = o as { blocks?: unknown; excerpt?: unknown };
  if (m.excerpt !== JOURNAL_EXCERPT_FORMAT) return { wrong: `"excerpt" is not "${JOURNAL_EXCERPT_FORMAT}"` };
  const b = m.blocks as Partial<JournalBlocks> | undefined;
  if (
    typeof b !== 'object' ||
    b === null ||
    typeof b.game !== 'string' ||
    !Number.isSafeInteger(b.stakeCents) ||
    !Array.isArray(b.seeds) ||
    !b.seeds.every((s) => Number.isSafeInteger(s))
  )
    return { wrong: '"blocks" does not name a game, a stake and seeds' };
  const blocks: JournalBlocks = { game: b.game, stakeCents: b.stakeCents!, seeds: b.seeds };
  if (excerptMarkLine(blocks) !== `${line}\n`) return { wrong: 'not written the one way the line is written' };
  return { blocks };
}
