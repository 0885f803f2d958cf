/**
 * A journal's lines as read before any is parsed: split, decoded strictly, and bounded in length,
 * with what is wrong with a line's shape (too long, not UTF-8, a byte order mark, CRLF).
 */
import { enInt, frInt } from '../i18n/localized-text';

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
export type Line = string | null | LongLine;

/**
 * The entry number a line's end writes: an entry's canonical JSON ends with its last key, `seq`
 * (`…,"seq":12}`). Read from the last bytes alone, so a long line is named without being parsed.
 */
function seqAtEnd(tail: string): number | null {
  const m = /"seq":([1-9]\d{0,15})\}$/.exec(tail);
  return m && Number.isSafeInteger(Number(m[1])) ? Number(m[1]) : null;
}

/** The UTF-8 length of a text, counted only as far as `max` (no copy of the text). */
export function utf8LengthOver(s: string, max: number): number | null {
  if (s.length * 3 <= max) return null;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3;
  }
  return n > max ? n : null;
}

/** A text's lines, those longer than {@link MAX_ENTRY_LINE_BYTES} left unread. */
export function splitTextLines(text: string): Line[] {
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
export function splitUtf8Lines(bytes: Uint8Array): Line[] {
  const out: Line[] = [];
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(0x0a, from);
    const piece = bytes.subarray(from, at === -1 ? bytes.length : at);
    out.push(piece.length > MAX_ENTRY_LINE_BYTES ? longLine(piece.length, piece.subarray(-32)) : decodeLine(piece));
    if (at === -1) return out;
    from = at + 1;
  }
}

/** A line's bytes (at most {@link MAX_ENTRY_LINE_BYTES}) decoded strictly: null when not UTF-8. */
export function decodeLine(piece: Uint8Array): Line {
  try {
    return UTF8.decode(piece);
  } catch {
    return null;
  }
}

/** A line too long to read, given its length and its last bytes (where its entry's number is written). */
export function longLine(bytes: number, tail: Uint8Array): Line {
  return { bytes, seq: seqAtEnd(new TextDecoder().decode(tail.subarray(-32))) };
}

/** How a line not parsed is named: by the number its end writes, else by the entry it follows. */
function named(seq: number | null, after: { readonly seq: number } | null): { en: string; fr: string } {
  if (seq !== null) return { en: `entry ${seq}`, fr: `l'entrée ${seq}` };
  return after
    ? { en: `the entry after entry ${after.seq}`, fr: `l'entrée qui suit l'entrée ${after.seq}` }
    : { en: 'the first entry', fr: 'la première entrée' };
}

/** How the entry of the line `line` is named before it is parsed (see {@link seqAtEnd}). */
export const entryNamed = (line: string, after: { readonly seq: number } | null): { en: string; fr: string } =>
  named(seqAtEnd(line.slice(-32)), after);

/** What is wrong with a line before it is parsed, in both languages, or null. */
export function lineShape(line: Line, after: { readonly seq: number } | null): { en: string; fr: string } | null {
  if (typeof line === 'object' && line !== null) {
    const which = named(line.seq, after);
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
