/**
 * The compliance journal: one JSON line per piece of compliance work (a report built, an export
 * verified, a bundle built, a block exported, replay evidence saved), each holding the SHA-256 of
 * the entry before it, so that an entry removed, altered or torn is found and named.
 *
 * A line is read one way only: it must be exactly the canonical JSON of its entry (keys sorted, no
 * spaces), so a duplicate key, a reordered field or an edited space is a changed line; its `hash`
 * is the SHA-256 of that canonical JSON without the `hash` field, and its `prev` the `hash` of
 * the entry before (64 zeros for the first). `seq` counts from 1.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';

export const JOURNAL_FORMAT = 'instant-lab-journal/1';
/** The `prev` of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry records. */
export type JournalKind =
  | 'audit-report'
  | 'export-verified'
  | 'evidence-bundle'
  | 'block-export'
  | 'replay-evidence'
  | 'dispute-case'
  // the app found its journal's last entry torn at start, kept the torn bytes aside and went on (journal/repair.ts)
  | 'journal-repair';
export const JOURNAL_KINDS: readonly JournalKind[] = [
  'audit-report',
  'export-verified',
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

/** The end of a journal that a new entry chains to: its last entry's number and hash. */
export interface JournalTip {
  readonly seq: number;
  readonly hash: string;
}

/** The entry that records `work` after `tip` (null: the first entry of a new journal). */
export function nextEntry(tip: JournalTip | null, work: JournalWork): JournalEntry {
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
  return { ...body, hash: entryHash(body) };
}

/** The line of an entry, newline included: what is appended to the file. */
export function entryLine(e: JournalEntry): string {
  return `${canonicalJson(e)}\n`;
}

/** What is wrong with one line of a journal. */
export type JournalProblem =
  | 'torn' // the last line has no newline: a write was cut off
  | 'unreadable' // not JSON, or not an entry's shape
  | 'not-canonical' // JSON, but not the one text of its entry (a duplicate key, an edit)
  | 'altered' // its hash is not the hash of its content
  | 'missing' // entries are missing before it (its number jumps)
  | 'broken-link'; // its `prev` is not the hash of the entry before it

export interface JournalFinding {
  /** The line, from 1. */
  readonly line: number;
  /** The entry's number as written, when readable. */
  readonly seq: number | null;
  readonly problem: JournalProblem;
  readonly text: LocalizedText;
}

/** An entry as read from its line, whether it checks or not (what a screen lists). */
export interface JournalRow {
  readonly line: number;
  readonly entry: JournalEntry;
  /** True when a finding names this line (altered, out of order, broken link…). */
  readonly broken: boolean;
}

export interface JournalVerdict {
  readonly ok: boolean;
  /** Lines read (a torn last line included). */
  readonly lines: number;
  /** Entries that read and check on their own. */
  readonly entries: number;
  /** Every problem, line by line, in order. */
  readonly findings: readonly JournalFinding[];
  /** The first broken entry: what `journal verify` names. */
  readonly firstBroken: JournalFinding | null;
  /** The last entry read (what a new entry would chain to), or null for an empty journal. */
  readonly tip: JournalTip | null;
  /** Every line that reads as an entry, in order. */
  readonly rows: readonly JournalRow[];
}

/** How {@link verifyJournal} reads its text. */
export interface JournalReading {
  /**
   * An excerpt (the entries of a journal that an evidence bundle holds): entries may be missing
   * between two of them, so a jump in numbers is no finding; every entry must still give its hash,
   * numbers must rise, and an entry that follows the one before it must chain to it.
   */
  readonly excerpt?: boolean;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The entry a parsed line holds, or why it holds none. */
function asEntry(v: unknown): JournalEntry | string {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'not an object';
  const o = v as Record<string, unknown>;
  const keys = ['app', 'at', 'generator', 'hash', 'inputs', 'journal', 'kind', 'outputs', 'prev', 'seq'];
  const extra = Object.keys(o).filter((k) => !keys.includes(k));
  if (extra.length > 0) return `unknown field "${extra[0]!}"`;
  for (const k of keys) if (!(k in o)) return `no field "${k}"`;
  if (o.journal !== JOURNAL_FORMAT) return `"journal" is not "${JOURNAL_FORMAT}"`;
  if (!Number.isSafeInteger(o.seq) || (o.seq as number) < 1) return '"seq" is not a whole number from 1';
  if (typeof o.prev !== 'string' || !HEX64.test(o.prev)) return '"prev" is not a SHA-256 in hex';
  if (typeof o.hash !== 'string' || !HEX64.test(o.hash)) return '"hash" is not a SHA-256 in hex';
  if (!(JOURNAL_KINDS as readonly unknown[]).includes(o.kind))
    return `"kind" is not one of ${JOURNAL_KINDS.join(', ')}`;
  if (typeof o.at !== 'string' || Number.isNaN(Date.parse(o.at))) return '"at" is not a date and time';
  if (typeof o.app !== 'string') return '"app" is not text';
  if (o.generator !== null && typeof o.generator !== 'string') return '"generator" is not text or null';
  for (const k of ['inputs', 'outputs'])
    if (typeof o[k] !== 'object' || o[k] === null || Array.isArray(o[k])) return `"${k}" is not an object`;
  return o as unknown as JournalEntry;
}

function finding(line: number, seq: number | null, problem: JournalProblem, en: string, fr: string): JournalFinding {
  return { line, seq, problem, text: localized(`line ${line}: ${en}`, `ligne ${line} : ${fr}`) };
}

/**
 * Checks a whole journal, entry by entry: each line's form and hash, each entry's number and its
 * link to the entry before. Every problem is reported, not only the first; an entry that does not
 * read still lets the next ones be checked against the last one that did.
 */
export function verifyJournal(text: string, reading: JournalReading = {}): JournalVerdict {
  const findings: JournalFinding[] = [];
  const rows: JournalRow[] = [];
  if (text === '') return { ok: true, lines: 0, entries: 0, findings, firstBroken: null, tip: null, rows };
  const raw = text.split('\n');
  const torn = raw.at(-1) !== '';
  const lines = torn ? raw : raw.slice(0, -1);
  let tip: JournalTip | null = null;
  let entries = 0;
  lines.forEach((line, i) => {
    const n = i + 1;
    if (torn && i === lines.length - 1) {
      findings.push(
        finding(
          n,
          null,
          'torn',
          'the last entry is torn (no end of line: a write was cut off); it is not part of the journal',
          'la dernière entrée est coupée (pas de fin de ligne : une écriture a été interrompue) ; elle ne fait pas partie du journal',
        ),
      );
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      findings.push(finding(n, null, 'unreadable', 'not a JSON line', "ce n'est pas une ligne JSON"));
      return;
    }
    const e = asEntry(parsed);
    if (typeof e === 'string') {
      findings.push(finding(n, null, 'unreadable', `not a journal entry: ${e}`, `pas une entrée du journal : ${e}`));
      return;
    }
    const found = findings.length;
    const seqText = `entry ${e.seq}`;
    const seqFr = `entrée ${e.seq}`;
    if (canonicalJson(e) !== line)
      findings.push(
        finding(
          n,
          e.seq,
          'not-canonical',
          `${seqText} is not written the one way an entry is written (a duplicate key, an edit): altered`,
          `${seqFr} n'est pas écrite de l'unique façon dont une entrée s'écrit (clé en double, modification) : altérée`,
        ),
      );
    else {
      const { hash, ...body } = e;
      if (entryHash(body) !== hash)
        findings.push(
          finding(
            n,
            e.seq,
            'altered',
            `${seqText}'s content does not give its hash: altered`,
            `le contenu de l'${seqFr} ne donne pas son empreinte : altérée`,
          ),
        );
    }
    const expectedSeq = tip ? tip.seq + 1 : 1;
    if (e.seq > expectedSeq && reading.excerpt !== true)
      findings.push(
        finding(
          n,
          e.seq,
          'missing',
          e.seq === expectedSeq + 1
            ? `entry ${expectedSeq} is missing before ${seqText}: removed`
            : `entries ${expectedSeq}–${e.seq - 1} are missing before ${seqText}: removed`,
          e.seq === expectedSeq + 1
            ? `l'entrée ${expectedSeq} manque avant l'${seqFr} : supprimée`
            : `les entrées ${expectedSeq} à ${e.seq - 1} manquent avant l'${seqFr} : supprimées`,
        ),
      );
    else if (e.seq < expectedSeq)
      findings.push(
        finding(
          n,
          e.seq,
          'broken-link',
          `${seqText} comes after entry ${expectedSeq - 1}: out of order or repeated`,
          `l'${seqFr} vient après l'entrée ${expectedSeq - 1} : désordre ou doublon`,
        ),
      );
    const prev = tip ? tip.hash : GENESIS_HASH;
    if (e.prev !== prev && e.seq === expectedSeq)
      findings.push(
        finding(
          n,
          e.seq,
          'broken-link',
          `${seqText} does not chain to the entry before it (its "prev" is not that entry's hash)`,
          `l'${seqFr} ne s'enchaîne pas à l'entrée précédente (son « prev » n'est pas l'empreinte de celle-ci)`,
        ),
      );
    const broken = findings.length > found;
    if (!broken) entries++;
    rows.push({ line: n, entry: e, broken });
    tip = { seq: e.seq, hash: e.hash };
  });
  return {
    ok: findings.length === 0,
    lines: lines.length,
    entries,
    findings,
    firstBroken: findings[0] ?? null,
    tip,
    rows,
  };
}
