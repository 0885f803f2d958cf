/**
 * The compliance journal's entry: one JSON line per piece of compliance work (a report built, an
 * export verified, a bundle built, a block exported, replay evidence saved), each holding the
 * SHA-256 of the entry before it, so that an entry removed, altered or torn is found and named.
 *
 * A line is read one way only: it must be exactly the canonical JSON of its entry (keys sorted, no
 * spaces), so a duplicate key, a reordered field or an edited space is a changed line; its `hash`
 * is the SHA-256 of that canonical JSON without the `hash` field, and its `prev` the `hash` of
 * the entry before (64 zeros for the first). `seq` counts from 1.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { MAX_ENTRY_LINE_BYTES, utf8LengthOver } from './lines';

export const JOURNAL_FORMAT = 'instant-lab-journal/1';
/** The `prev` of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry records. */
export type JournalKind =
  | 'audit-report'
  | 'export-verified'
  | 'emission-verified'
  | 'evidence-bundle'
  | 'block-export'
  | 'replay-evidence'
  | 'dispute-case'
  // the app found its journal's last entry torn at start, kept the torn bytes aside and went on (journal/repair.ts)
  | 'journal-repair';
export const JOURNAL_KINDS: readonly JournalKind[] = [
  'audit-report',
  'export-verified',
  'emission-verified',
  'evidence-bundle',
  'block-export',
  'replay-evidence',
  'dispute-case',
  'journal-repair',
];

/** A JSON value as the journal stores it (no undefined, no non-finite number). */
export type JournalValue =
  | null
  | boolean
  | number
  | string
  | readonly JournalValue[]
  | { readonly [k: string]: JournalValue };

/** What the caller says about the work done. */
export interface JournalWork {
  readonly kind: JournalKind;
  /** ISO date and time of the work. */
  readonly at: string;
  /** The app's version (« 0.1.0 »). */
  readonly app: string;
  /** The generator version the work ran on (« instant-lab-gen/2 »), or null where none applies. */
  readonly generator: string | null;
  /** What the work read: game, stake, seeds, file names, sizes and digests. */
  readonly inputs: { readonly [k: string]: JournalValue };
  /** What it produced: verdicts, counts, digests of the files written. */
  readonly outputs: { readonly [k: string]: JournalValue };
}

/** One entry of the journal, as stored. */
export interface JournalEntry extends JournalWork {
  readonly journal: typeof JOURNAL_FORMAT;
  readonly seq: number;
  readonly prev: string;
  readonly hash: string;
}

/** JSON with every object's keys sorted and no spaces: the one text of a value. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`a journal value must be a finite number, not ${v}`);
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => {
        if (o[k] === undefined) throw new Error(`journal field "${k}" has no value`);
        return `${JSON.stringify(k)}:${canonicalJson(o[k])}`;
      })
      .join(',')}}`;
  }
  throw new Error(`a journal value cannot be a ${typeof v}`);
}

/** The SHA-256 (hex) of a text's UTF-8 bytes, or of bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));
}

/** The SHA-256 (hex) of an entry: of its canonical JSON without `hash`. */
export function entryHash(e: Omit<JournalEntry, 'hash'>): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(e))));
}

/** How deep `inputs` and `outputs` may nest: the journal's own work records nest two or three deep. */
const MAX_DEPTH = 32;

/**
 * Why a parsed value has no one canonical text, or null: a number JSON.parse read as ±Infinity
 * (`1e400`), or nesting past {@link MAX_DEPTH} (which would exhaust the stack of {@link canonicalJson}).
 * Walked without recursion, so a hostile line is a finding, never a crash.
 */
export function unreadableValue(root: unknown): string | null {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) return 'a number out of range (read as infinite)';
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_DEPTH) return `values nested more than ${MAX_DEPTH} deep`;
    for (const x of Object.values(v)) stack.push([x, depth + 1]);
  }
  return null;
}

/** The end of a journal that a new entry chains to: its last entry's number and hash. */
export interface JournalTip {
  readonly seq: number;
  readonly hash: string;
}

/** The entry that records `work` after `tip` (null: the first entry of a new journal). */
export function nextEntry(tip: JournalTip | null, work: JournalWork): JournalEntry {
  // never write an entry that verifyJournal would not read back
  for (const k of ['inputs', 'outputs'] as const) {
    const why = unreadableValue(work[k]);
    if (why !== null) throw new Error(`journal "${k}" holds ${why}`);
  }
  const body = {
    journal: JOURNAL_FORMAT,
    seq: tip ? tip.seq + 1 : 1,
    prev: tip ? tip.hash : GENESIS_HASH,
    kind: work.kind,
    at: work.at,
    app: work.app,
    generator: work.generator,
    inputs: work.inputs,
    outputs: work.outputs,
  } as const;
  const entry = { ...body, hash: entryHash(body) };
  const bytes = utf8LengthOver(canonicalJson(entry), MAX_ENTRY_LINE_BYTES);
  if (bytes !== null)
    throw new Error(`a journal entry of ${bytes} bytes is over the ${MAX_ENTRY_LINE_BYTES} an entry may take`);
  return entry;
}

/** The line of an entry, newline included: what is appended to the file. */
export function entryLine(e: JournalEntry): string {
  return `${canonicalJson(e)}\n`;
}
