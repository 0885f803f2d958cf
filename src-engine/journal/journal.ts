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
import { enInt, frInt, localized } from '../i18n/localized-text';
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

/** How deep `inputs` and `outputs` may nest: the journal's own work records nest two or three deep. */
const MAX_DEPTH = 32;

/**
 * Why a parsed value has no one canonical text, or null: a number JSON.parse read as ±Infinity
 * (`1e400`), or nesting past {@link MAX_DEPTH} (which would exhaust the stack of {@link canonicalJson}).
 * Walked without recursion, so a hostile line is a finding, never a crash.
 */
function unreadableValue(root: unknown): string | null {
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
  for (const k of ['inputs', 'outputs']) {
    if (typeof o[k] !== 'object' || o[k] === null || Array.isArray(o[k])) return `"${k}" is not an object`;
    const why = unreadableValue(o[k]);
    if (why !== null) return `"${k}" holds ${why}`;
  }
  return o as unknown as JournalEntry;
}

function finding(line: number, seq: number | null, problem: JournalProblem, en: string, fr: string): JournalFinding {
  return { line, seq, problem, text: localized(`line ${line}: ${en}`, `ligne ${line} : ${fr}`) };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The longest line an entry may take, in UTF-8 bytes. The largest entry the app writes is an audit
 * report's: measured at 670 bytes for one block and 68 more a block, so about 7.4 KB for 100 blocks
 * and 11.5 KB with a file name of 4 096 characters. A longer line is refused before it is decoded
 * or parsed: parsing and re-hashing a line takes many times its size (a 48 MB line peaked at 600 MB).
 */
export const MAX_ENTRY_LINE_BYTES = 1024 * 1024;

/** A line longer than {@link MAX_ENTRY_LINE_BYTES}, left unread: its size, and the number its end writes. */
interface LongLine {
  readonly bytes: number;
  readonly seq: number | null;
}

/** One line as read: its text, null when it is not UTF-8, or a line too long to read. */
type Line = string | null | LongLine;

/**
 * The entry number a line's end writes: an entry's canonical JSON ends with its last key, `seq`
 * (`…,"seq":12}`). Read from the last bytes alone, so a long line is named without being parsed.
 */
function seqAtEnd(tail: string): number | null {
  const m = /"seq":([1-9]\d{0,15})\}$/.exec(tail);
  return m && Number.isSafeInteger(Number(m[1])) ? Number(m[1]) : null;
}

/** The UTF-8 length of a text, counted only as far as `max` (no copy of the text). */
function utf8LengthOver(s: string, max: number): number | null {
  if (s.length * 3 <= max) return null;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3;
  }
  return n > max ? n : null;
}

/** A text's lines, those longer than {@link MAX_ENTRY_LINE_BYTES} left unread. */
function splitTextLines(text: string): Line[] {
  return text.split('\n').map((line) => {
    const bytes = utf8LengthOver(line, MAX_ENTRY_LINE_BYTES);
    return bytes === null ? line : { bytes, seq: seqAtEnd(line.slice(-32)) };
  });
}

/**
 * A journal's bytes as lines, each decoded on its own and strictly: a line that is not UTF-8 is
 * null (a finding of its own), never read with replacement characters, which would let two
 * different files verify as the same journal; a byte-order mark is kept, so that it is named.
 */
function splitUtf8Lines(bytes: Uint8Array): Line[] {
  const out: Line[] = [];
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(0x0a, from);
    const piece = bytes.subarray(from, at === -1 ? bytes.length : at);
    if (piece.length > MAX_ENTRY_LINE_BYTES)
      out.push({ bytes: piece.length, seq: seqAtEnd(new TextDecoder().decode(piece.subarray(-32))) });
    else
      try {
        out.push(UTF8.decode(piece));
      } catch {
        out.push(null);
      }
    if (at === -1) return out;
    from = at + 1;
  }
}

/** What is wrong with a line before it is parsed, in both languages, or null. */
function lineShape(line: Line, after: JournalTip | null): { en: string; fr: string } | null {
  if (typeof line === 'object' && line !== null) {
    const which =
      line.seq !== null
        ? { en: `entry ${line.seq}`, fr: `l'entrée ${line.seq}` }
        : after
          ? { en: `the entry after entry ${after.seq}`, fr: `l'entrée qui suit l'entrée ${after.seq}` }
          : { en: 'the first entry', fr: 'la première entrée' };
    return {
      en: `${which.en} is ${enInt(line.bytes)} bytes long; an entry is at most ${enInt(MAX_ENTRY_LINE_BYTES)} bytes (1 MiB): not read`,
      fr: `${which.fr} fait ${frInt(line.bytes)} octets ; une entrée fait au plus ${frInt(MAX_ENTRY_LINE_BYTES)} octets (1 Mio) : non lue`,
    };
  }
  if (line === null)
    return { en: 'not UTF-8 text (altered or damaged)', fr: "ce n'est pas du texte UTF-8 (altérée ou abîmée)" };
  if (line.startsWith('\uFEFF'))
    return {
      en: "starts with a byte order mark (BOM): a journal line is its entry's JSON alone",
      fr: "commence par une marque d'ordre des octets (BOM) : une ligne du journal est le JSON de son entrée seul",
    };
  if (line.endsWith('\r'))
    return {
      en: 'ends with a carriage return (CRLF line ends): a journal line ends with a line feed only',
      fr: 'se termine par un retour chariot (fins de ligne CRLF) : une ligne du journal finit par un saut de ligne seul',
    };
  return null;
}

/**
 * Checks a whole journal, entry by entry: each line's form and hash, each entry's number and its
 * link to the entry before. Every problem is reported, not only the first; an entry that does not
 * read still lets the next ones be checked against the last one that did. Give a file's bytes
 * rather than its text: each line is then decoded strictly, and one that is not UTF-8 is named.
 */
export function verifyJournal(text: string | Uint8Array, reading: JournalReading = {}): JournalVerdict {
  const findings: JournalFinding[] = [];
  const rows: JournalRow[] = [];
  if (text.length === 0) return { ok: true, lines: 0, entries: 0, findings, firstBroken: null, tip: null, rows };
  const raw = typeof text === 'string' ? splitTextLines(text) : splitUtf8Lines(text);
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
    const shape = lineShape(line, tip);
    if (shape !== null) {
      findings.push(
        finding(n, typeof line === 'object' && line !== null ? line.seq : null, 'unreadable', shape.en, shape.fr),
      );
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line as string);
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
    // an entry out of order or repeated does not move the tip back: the entries after it are still
    // checked against the highest entry read, so an entry moved up is not also reported as removed
    if (e.seq >= expectedSeq) tip = { seq: e.seq, hash: e.hash };
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
