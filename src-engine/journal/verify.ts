/**
 * The check of a whole journal (or of an excerpt of one), entry by entry: each line's form and
 * hash, each entry's number and its link to the entry before, every problem named line by line.
 */
import { localized } from '../i18n/localized-text';
import { GENESIS_HASH, JOURNAL_FORMAT, JOURNAL_KINDS, entryHash, canonicalJson, unreadableValue } from './entry';
import type { JournalEntry, JournalTip } from './entry';
import { lineShape, splitTextLines, splitUtf8Lines } from './lines';
import type { Line } from './lines';
import { readExcerptMark } from './excerpt-mark';
import type { ExcerptMark } from './excerpt-mark';
import { checkExcerptInclusion } from './excerpt-inclusion';
import type { ExcerptInclusion, ExcerptLine } from './excerpt-inclusion';
import type { JournalFinding, JournalProblem } from './finding';

export type { JournalFinding } from './finding';

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
  /**
   * Not null when the text is an excerpt (its first line says so, or the reader knows it is one):
   * entries missing between two of its entries were left out, not removed, and are no finding.
   */
  readonly excerpt: ExcerptMark | null;
  /** An excerpt that carries its checkpoint and proofs: what they prove, once checked (else null). */
  readonly inclusion: ExcerptInclusion | null;
}

/** How {@link verifyJournal} reads its text. */
export interface JournalReading {
  /**
   * An excerpt (the entries of a journal that an evidence bundle holds): entries may be missing
   * between two of them, so a jump in numbers is no finding; every entry must still give its hash,
   * numbers must rise, and an entry that follows the one before it must chain to it. A text whose
   * first line is an excerpt's mark ({@link readExcerptMark}) is read so without being told.
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

/** Why a line holds no entry that can be read, in a few words (what a later jump in numbers cites). */
function unreadWhy(line: Line, parsed: 'json' | 'entry' | null): { en: string; fr: string } {
  if (parsed === 'json') return { en: 'not JSON', fr: 'pas du JSON' };
  if (parsed === 'entry') return { en: 'not an entry', fr: 'pas une entrée' };
  if (line === null) return { en: 'not UTF-8', fr: 'pas en UTF-8' };
  if (typeof line === 'object') return { en: 'over 1 MiB', fr: 'plus de 1 Mio' };
  if (line.startsWith('\uFEFF')) return { en: 'a byte order mark', fr: "une marque d'ordre des octets" };
  return { en: 'a CRLF line end', fr: 'une fin de ligne CRLF' };
}

/**
 * What a jump in numbers from `from` to the entry `seq` says, given the lines between that could
 * not be read: with none, the entries were removed; with some, those may be the entries, altered
 * past reading, so only as many as the lines cannot account for are said removed.
 */
function jumpFinding(
  n: number,
  from: number,
  seq: number,
  unread: readonly { line: number; en: string; fr: string }[],
): JournalFinding {
  const gap = seq - from;
  const range = {
    en: gap === 1 ? `entry ${from}` : `entries ${from}–${seq - 1}`,
    fr: gap === 1 ? `l'entrée ${from}` : `les entrées ${from} à ${seq - 1}`,
  };
  if (unread.length === 0)
    return finding(
      n,
      seq,
      'missing',
      `${range.en} ${gap === 1 ? 'is' : 'are'} missing before entry ${seq}: removed`,
      gap === 1
        ? `${range.fr} manque avant l'entrée ${seq} : supprimée`
        : `${range.fr} manquent avant l'entrée ${seq} : supprimées`,
    );
  const lines = {
    en: unread.map((u) => `line ${u.line}: ${u.en}`).join(', '),
    fr: unread.map((u) => `ligne ${u.line} : ${u.fr}`).join(', '),
  };
  if (unread.length >= gap)
    return finding(
      n,
      seq,
      'after-unread',
      `${range.en} could not be read (${lines.en}); entry ${seq} follows ${gap === 1 ? 'it' : 'them'}`,
      gap === 1
        ? `${range.fr} n'a pas pu être lue (${lines.fr}) ; l'entrée ${seq} la suit`
        : `${range.fr} n'ont pas pu être lues (${lines.fr}) ; l'entrée ${seq} les suit`,
    );
  const removed = gap - unread.length;
  return finding(
    n,
    seq,
    'missing',
    `${range.en} are missing before entry ${seq}: ${unread.length === 1 ? 'one line' : `${unread.length} lines`} could not be read (${lines.en}), so at least ${removed} ${removed === 1 ? 'was' : 'were'} removed`,
    `${range.fr} manquent avant l'entrée ${seq} : ${unread.length === 1 ? 'une ligne' : `${unread.length} lignes`} n'${unread.length === 1 ? 'a' : 'ont'} pas pu être lue${unread.length === 1 ? '' : 's'} (${lines.fr}), donc au moins ${removed} ${removed === 1 ? 'a été supprimée' : 'ont été supprimées'}`,
  );
}

function finding(line: number, seq: number | null, problem: JournalProblem, en: string, fr: string): JournalFinding {
  return { line, seq, problem, text: localized(`line ${line}: ${en}`, `ligne ${line} : ${fr}`) };
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
  if (text.length === 0)
    return {
      ok: true,
      lines: 0,
      entries: 0,
      findings,
      firstBroken: null,
      tip: null,
      rows,
      excerpt: reading.excerpt === true ? { blocks: null } : null,
      inclusion: null,
    };
  const raw = typeof text === 'string' ? splitTextLines(text) : splitUtf8Lines(text);
  const torn = raw.at(-1) !== '';
  const lines = torn ? raw : raw.slice(0, -1);
  let tip: JournalTip | null = null;
  let entries = 0;
  // the lines whose inclusion an excerpt's proofs are checked for, in order
  const proved: ExcerptLine[] = [];
  // the lines since the last entry read that hold no entry that can be read: a jump in numbers
  // after them may be their entries, altered past reading, not entries removed
  let unread: { line: number; en: string; fr: string }[] = [];
  const mark = readExcerptMark(lines[0]);
  const excerpt: ExcerptMark | null =
    mark !== null && !('wrong' in mark) ? mark : reading.excerpt === true ? { blocks: null } : null;
  lines.forEach((line, i) => {
    const n = i + 1;
    if (i === 0 && mark !== null) {
      if ('wrong' in mark)
        findings.push(
          finding(
            n,
            null,
            'unreadable',
            `not the first line of a journal excerpt: ${mark.wrong}`,
            `pas la première ligne d'un extrait de journal : ${mark.wrong}`,
          ),
        );
      return;
    }
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
    if (excerpt?.proved)
      proved.push({
        line: n,
        text: typeof line === 'string' ? line : '',
        seq: typeof line === 'string' ? seqOf(line) : null,
      });
    const shape = lineShape(line, tip);
    if (shape !== null) {
      findings.push(
        finding(n, typeof line === 'object' && line !== null ? line.seq : null, 'unreadable', shape.en, shape.fr),
      );
      unread.push({ line: n, ...unreadWhy(line, null) });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line as string);
    } catch {
      findings.push(finding(n, null, 'unreadable', 'not a JSON line', "ce n'est pas une ligne JSON"));
      unread.push({ line: n, ...unreadWhy(line, 'json') });
      return;
    }
    const e = asEntry(parsed);
    if (typeof e === 'string') {
      findings.push(finding(n, null, 'unreadable', `not a journal entry: ${e}`, `pas une entrée du journal : ${e}`));
      unread.push({ line: n, ...unreadWhy(line, 'entry') });
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
    if (e.seq > expectedSeq && excerpt === null) findings.push(jumpFinding(n, expectedSeq, e.seq, unread));
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
    if (e.seq >= expectedSeq) {
      tip = { seq: e.seq, hash: e.hash };
      unread = [];
    }
  });
  let inclusion: ExcerptInclusion | null = null;
  if (excerpt?.proved) {
    const checked = checkExcerptInclusion(excerpt.proved, proved);
    inclusion = checked.inclusion;
    findings.push(...checked.findings);
    findings.sort((a, b) => a.line - b.line);
    // an entry not proved is broken, as an altered one is
    const unproved = new Set(checked.findings.map((f) => f.line));
    for (const [i, r] of rows.entries())
      if (unproved.has(r.line) && !r.broken) {
        rows[i] = { ...r, broken: true };
        entries--;
      }
  }
  return {
    ok: findings.length === 0,
    lines: lines.length,
    entries,
    findings,
    firstBroken: findings[0] ?? null,
    tip,
    rows,
    excerpt,
    inclusion,
  };
}

/** The number an entry's line gives (its `seq`), read for its proof; null when the line is no entry. */
function seqOf(line: string): number | null {
  try {
    const e = asEntry(JSON.parse(line));
    return typeof e === 'string' ? null : e.seq;
  } catch {
    return null;
  }
}
