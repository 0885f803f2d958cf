/**
 * The pieces of a journal's check that name what is wrong: whether a parsed line is an entry, and
 * the findings of a line or of a jump in numbers, in both languages.
 */
import { localized } from '../i18n/localized-text';
import { JOURNAL_FORMAT, JOURNAL_KINDS, unreadableValue } from './entry';
import type { JournalEntry } from './entry';
import type { Line } from './lines';
import type { JournalFinding, JournalProblem } from './finding';

const HEX64 = /^[0-9a-f]{64}$/;
/** The entry a parsed line holds, or why it holds none. */
export function asEntry(v: unknown): JournalEntry | string {
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
export function unreadWhy(line: Line, parsed: 'json' | 'entry' | 'shape' | null): { en: string; fr: string } {
  if (parsed === 'json') return { en: 'not JSON', fr: 'pas du JSON' };
  if (parsed === 'entry') return { en: 'not an entry', fr: 'pas une entrée' };
  if (parsed === 'shape') return { en: 'too large to parse', fr: 'trop grande pour être analysée' };
  if (line === null) return { en: 'not UTF-8', fr: 'pas en UTF-8' };
  if (typeof line === 'object') return { en: 'over 1 MiB', fr: 'plus de 1 Mio' };
  if (line.startsWith('\uFEFF')) return { en: 'a byte order mark', fr: "une marque d'ordre des octets" };
  return { en: 'a CRLF line end', fr: 'une fin de ligne CRLF' };
}

/** The lines since the last entry read that hold no readable entry: the first ten named, all counted. */
export interface Unread {
  readonly listed: { line: number; en: string; fr: string }[];
  count: number;
}

/**
 * What a jump in numbers from `from` to the entry `seq` says, given the lines between that could
 * not be read: with none, the entries were removed; with some, those may be the entries, altered
 * past reading, so only as many as the lines cannot account for are said removed.
 */
export function jumpFinding(n: number, from: number, seq: number, unread: Unread): JournalFinding {
  const gap = seq - from;
  const range = {
    en: gap === 1 ? `entry ${from}` : `entries ${from}–${seq - 1}`,
    fr: gap === 1 ? `l'entrée ${from}` : `les entrées ${from} à ${seq - 1}`,
  };
  if (unread.count === 0)
    return finding(
      n,
      seq,
      'missing',
      `${range.en} ${gap === 1 ? 'is' : 'are'} missing before entry ${seq}: removed`,
      gap === 1
        ? `${range.fr} manque avant l'entrée ${seq} : supprimée`
        : `${range.fr} manquent avant l'entrée ${seq} : supprimées`,
    );
  const more = unread.count - unread.listed.length;
  const lines = {
    en: unread.listed.map((u) => `line ${u.line}: ${u.en}`).join(', ') + (more > 0 ? ` and ${more} more` : ''),
    fr: unread.listed.map((u) => `ligne ${u.line} : ${u.fr}`).join(', ') + (more > 0 ? ` et ${more} de plus` : ''),
  };
  if (unread.count >= gap)
    return finding(
      n,
      seq,
      'after-unread',
      `${range.en} could not be read (${lines.en}); entry ${seq} follows ${gap === 1 ? 'it' : 'them'}`,
      gap === 1
        ? `${range.fr} n'a pas pu être lue (${lines.fr}) ; l'entrée ${seq} la suit`
        : `${range.fr} n'ont pas pu être lues (${lines.fr}) ; l'entrée ${seq} les suit`,
    );
  const removed = gap - unread.count;
  return finding(
    n,
    seq,
    'missing',
    `${range.en} are missing before entry ${seq}: ${unread.count === 1 ? 'one line' : `${unread.count} lines`} could not be read (${lines.en}), so at least ${removed} ${removed === 1 ? 'was' : 'were'} removed`,
    `${range.fr} manquent avant l'entrée ${seq} : ${unread.count === 1 ? 'une ligne' : `${unread.count} lignes`} n'${unread.count === 1 ? 'a' : 'ont'} pas pu être lue${unread.count === 1 ? '' : 's'} (${lines.fr}), donc au moins ${removed} ${removed === 1 ? 'a été supprimée' : 'ont été supprimées'}`,
  );
}

export function finding(
  line: number,
  seq: number | null,
  problem: JournalProblem,
  en: string,
  fr: string,
): JournalFinding {
  return { line, seq, problem, text: localized(`line ${line}: ${en}`, `ligne ${line} : ${fr}`) };
}
