/**
 * The one decoder of the bytes of a text file the user gives (an export, a CSV table), used by
 * the command line and the screens alike so that a file has one reading everywhere. Exactly one
 * byte-order mark is dropped (a second one is data, and the file's reader refuses it); UTF-8 and
 * UTF-16 (by its byte-order mark, or by its zero bytes) are read. Bytes that are not UTF-8 are
 * either read as Windows-1252 (small tables, {@link decodeTextBytes}) or refused naming the
 * encoding (exports, {@link TextBytesDecoder}: a verdict reads one encoding only) — unless they are
 * no text in any encoding (control bytes: an image, an archive), which the export's reader judges
 * as binary data, not an export.
 */
import { InputError } from '../block/input-error';

/** The encodings read. */
export type TextEncodingName = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

/** The encoding a file's first bytes announce, if any (a byte-order mark, or UTF-16's zero bytes). */
export function sniffEncoding(head: Uint8Array): 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' {
  if (head[0] === 0xff && head[1] === 0xfe) return 'UTF-16LE';
  if (head[0] === 0xfe && head[1] === 0xff) return 'UTF-16BE';
  // UTF-16 without a mark: text of Latin letters has a zero in every other byte
  const n = Math.min(head.length, 512) & ~1;
  if (n >= 4) {
    let even = 0;
    let odd = 0;
    for (let i = 0; i < n; i += 2) {
      if (head[i] === 0) even++;
      if (head[i + 1] === 0) odd++;
    }
    if (odd > n / 2 / 2 && even === 0) return 'UTF-16LE';
    if (even > n / 2 / 2 && odd === 0) return 'UTF-16BE';
  }
  return 'UTF-8';
}

/** What this module uses of the platform's `TextDecoder` (a global in Node, browsers and workers). */
interface Decoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

const decoderFor = (e: 'UTF-8' | 'UTF-16LE' | 'UTF-16BE'): Decoder => new TextDecoder(e.toLowerCase(), { fatal: true });

/**
 * Windows-1252's characters at 0x80–0x9F (the rest is Latin-1), written out here: some Node builds
 * decode « windows-1252 » as Latin-1 (0x80 → U+0080 instead of €), browsers do not.
 * @see https://encoding.spec.whatwg.org/index-windows-1252.txt
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 4096) {
    const part = bytes.subarray(i, i + 4096);
    out += String.fromCharCode(
      ...Array.from(part, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)),
    );
  }
  return out;
}

/**
 * Whether bytes hold a C0 control byte that no text holds (all but tab, line feed, vertical tab,
 * form feed and carriage return): with bytes that are not UTF-8, the mark of binary data, not of
 * text in another encoding (Windows-1252 and Latin-1 text has none either).
 */
function holdsControlBytes(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b < 0x20 && (b < 0x09 || b > 0x0d)) return true;
  return false;
}

/** Bytes after a UTF-8 lead byte (0 for a byte no character starts with). */
function utf8Tail(b: number): number {
  if (b >= 0xc2 && b <= 0xdf) return 1;
  if (b >= 0xe0 && b <= 0xef) return 2;
  if (b >= 0xf0 && b <= 0xf4) return 3;
  return 0;
}

/**
 * Where the first byte that is no UTF-8 lies in a piece (continuation bytes at its start end a
 * character begun in the previous piece), and whether a character beyond ASCII came before it.
 */
function utf8Fault(bytes: Uint8Array, continued: boolean): { at: number; beyondAscii: boolean } {
  let i = 0;
  if (continued) while (i < 3 && i < bytes.length && (bytes[i]! & 0xc0) === 0x80) i++;
  let beyondAscii = false;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const n = utf8Tail(b);
    if (n === 0) return { at: i, beyondAscii };
    for (let k = 1; k <= n; k++) {
      // a character cut by the end of the piece waits for the next one
      if (i + k >= bytes.length) return { at: i, beyondAscii };
      if ((bytes[i + k]! & 0xc0) !== 0x80) return { at: i, beyondAscii };
    }
    beyondAscii = true;
    i += n + 1;
  }
  return { at: bytes.length, beyondAscii };
}

/** The refusal of bytes that are not valid in `encoding`, at `offset`. */
function notText(encoding: TextEncodingName, offset: number, utf8Before = false): InputError {
  if (utf8Before)
    return new InputError(
      `the file is UTF-8 text with bytes that are not UTF-8 at byte ${offset} (a damaged file, or text in two encodings): a verdict reads one encoding only; save it whole as UTF-8 and try again`,
      `le fichier est du texte UTF-8 avec des octets qui ne sont pas de l'UTF-8 à l'octet ${offset} (un fichier abîmé, ou du texte en deux codages) : un verdict ne lit qu'un codage ; enregistrez-le en entier en UTF-8 et réessayez`,
    );
  if (encoding !== 'UTF-8')
    return new InputError(
      `the file is not ${encoding} text (bytes that are no ${encoding} character at about byte ${offset}, though the file starts as ${encoding}): save it as UTF-8 and try again`,
      `le fichier n'est pas du texte ${encoding} (des octets qui ne sont aucun caractère ${encoding} vers l'octet ${offset}, alors que le fichier commence en ${encoding}) : enregistrez-le en UTF-8 et réessayez`,
    );
  return new InputError(
    `the file is not UTF-8 text (byte ${offset} is not valid UTF-8): it looks like Windows-1252 or Latin-1; save it as UTF-8 (or UTF-16) and try again`,
    `le fichier n'est pas du texte UTF-8 (l'octet ${offset} n'est pas de l'UTF-8 valide) : il semble codé en Windows-1252 ou Latin-1 ; enregistrez-le en UTF-8 (ou UTF-16) et réessayez`,
  );
}

/**
 * Decodes a stream piece by piece (exports: any size in bounded memory). The encoding is taken
 * from the first piece; bytes that do not decode throw one {@link InputError} naming it. Bytes that
 * are not UTF-8 and hold control bytes are binary data, not text in another encoding: from there
 * on they are decoded with replacement characters, which the export's reader refuses as binary
 * data (« not an export » when no header came before), its one verdict for such a file.
 */
export class TextBytesDecoder {
  private decoder: Decoder | null = null;
  private offset = 0;
  /** The encoding read (known after the first piece). */
  encoding: TextEncodingName = 'UTF-8';
  /** Whether a character beyond ASCII was read: then bytes that are not UTF-8 are damage, not another encoding. */
  private beyondAscii = false;

  /** The text of the next piece. */
  write(bytes: Uint8Array): string {
    if (this.decoder === null) {
      this.encoding = sniffEncoding(bytes);
      this.decoder = decoderFor(this.encoding);
    }
    try {
      const text = this.decoder.decode(bytes, { stream: true });
      this.offset += bytes.byteLength;
      if (!this.beyondAscii) this.beyondAscii = /[^\u0000-\u007f]/.test(text);
      return text;
    } catch {
      if (this.encoding !== 'UTF-8') throw notText(this.encoding, this.offset);
      if (!holdsControlBytes(bytes)) {
        const fault = utf8Fault(bytes, this.offset > 0);
        throw notText('UTF-8', this.offset + fault.at, this.beyondAscii || fault.beyondAscii);
      }
      this.decoder = new TextDecoder('utf-8');
      this.offset += bytes.byteLength;
      return this.decoder.decode(bytes, { stream: true });
    }
  }

  /** The end of the text (a character cut at the end of the file is refused). */
  end(): string {
    try {
      return this.decoder?.decode() ?? '';
    } catch {
      throw notText(this.encoding, this.offset, this.encoding === 'UTF-8' && this.beyondAscii);
    }
  }
}

/** A whole small file's text and the encoding it was read in. */
export interface DecodedText {
  readonly text: string;
  readonly encoding: TextEncodingName;
}

/**
 * Decodes a whole small file (a CSV table): UTF-8 or UTF-16 as {@link TextBytesDecoder}; bytes that
 * are not UTF-8 are read as Windows-1252, the encoding spreadsheet software on Windows saves CSV in.
 */
export function decodeTextBytes(bytes: Uint8Array): DecodedText {
  const encoding = sniffEncoding(bytes);
  try {
    return { text: decoderFor(encoding).decode(bytes), encoding };
  } catch {
    if (encoding !== 'UTF-8') throw notText(encoding, 0);
    return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
  }
}
