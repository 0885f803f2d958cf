/**
 * What says a journal file is an excerpt: its first line, written by the evidence bundle before
 * the entries it holds (`{"blocks":{…},"excerpt":"instant-lab-journal-excerpt/1"}`, canonical
 * JSON). An excerpt holds only some entries of a journal, so entries are missing between them by
 * nature; every entry must still give its hash. The one place an excerpt is recognised: the
 * journal's check ({@link ./verify.ts}) reads its first line here, for the command line, the
 * Journal screen and `verify-bundle` alike. Bundles written before the mark hold entries only;
 * `verify-bundle` still reads them as an excerpt, because it knows where they come from.
 *
 * An excerpt that proves itself (`instant-lab-journal-excerpt/2`) also carries, on the same line,
 * the signed checkpoint of its journal when it was taken ({@link ./checkpoint.ts}) and, for each
 * of its entries in order, the inclusion proof of that entry in the checkpoint's tree (RFC 6962
 * §2.1.1), so that it can be checked on its own: « N entries of a journal of S, included ».
 */
import type { JournalBlocks } from './work';
import { asCheckpoint } from './checkpoint';
import type { Checkpoint } from './checkpoint';
import { canonicalJson } from './entry';

export const JOURNAL_EXCERPT_FORMAT = 'instant-lab-journal-excerpt/1';
/** An excerpt with its journal's checkpoint and each entry's inclusion proof. */
export const JOURNAL_PROVED_EXCERPT_FORMAT = 'instant-lab-journal-excerpt/2';

/** What proves an excerpt's entries: the checkpoint, and each entry's inclusion proof (hex hashes). */
export interface ExcerptProofs {
  readonly checkpoint: Checkpoint;
  readonly proofs: readonly (readonly string[])[];
}

/** What an excerpt says of itself. */
export interface ExcerptMark {
  /** The blocks whose entries it holds, when its first line names them (null for an old bundle's). */
  readonly blocks: JournalBlocks | null;
  /** Its checkpoint and proofs, when it carries them (`…-excerpt/2`). */
  readonly proved?: ExcerptProofs;
}

/** The first line of an excerpt of the entries on `blocks`, with its line end (and its proofs, when given). */
export function excerptMarkLine(blocks: JournalBlocks, proved?: ExcerptProofs): string {
  // canonical JSON (keys sorted, no spaces): the one way the line is written
  const b = { game: blocks.game, seeds: [...blocks.seeds], stakeCents: blocks.stakeCents };
  return proved
    ? `${canonicalJson({ blocks: b, checkpoint: proved.checkpoint, excerpt: JOURNAL_PROVED_EXCERPT_FORMAT, proofs: proved.proofs })}\n`
    : `${JSON.stringify({ blocks: b, excerpt: JOURNAL_EXCERPT_FORMAT })}\n`;
}

/** The checkpoint and proofs of a `…-excerpt/2` mark, or why they are not. */
function readProofs(m: { checkpoint?: unknown; proofs?: unknown }): ExcerptProofs | { readonly wrong: string } {
  const c = asCheckpoint(m.checkpoint);
  if (!('checkpoint' in c)) return { wrong: `"checkpoint" is ${c.en}` };
  if (
    !Array.isArray(m.proofs) ||
    !m.proofs.every((p) => Array.isArray(p) && p.every((h) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h)))
  )
    return { wrong: '"proofs" is not a list of proofs (lists of SHA-256 in hex)' };
  return { checkpoint: c, proofs: m.proofs as string[][] };
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
  const m = o as { blocks?: unknown; excerpt?: unknown; checkpoint?: unknown; proofs?: unknown };
  if (m.excerpt !== JOURNAL_EXCERPT_FORMAT && m.excerpt !== JOURNAL_PROVED_EXCERPT_FORMAT)
    return { wrong: `"excerpt" is neither "${JOURNAL_EXCERPT_FORMAT}" nor "${JOURNAL_PROVED_EXCERPT_FORMAT}"` };
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
  const proved = m.excerpt === JOURNAL_PROVED_EXCERPT_FORMAT ? readProofs(m) : undefined;
  if (proved && 'wrong' in proved) return proved;
  if (excerptMarkLine(blocks, proved) !== `${line}\n`) return { wrong: 'not written the one way the line is written' };
  return proved ? { blocks, proved } : { blocks };
}
