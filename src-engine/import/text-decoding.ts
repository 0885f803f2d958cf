/**
 * The one decoder of the bytes of a text file the user gives (an export, a CSV table), used by
 * the command line and the screens alike so that a file has one reading everywhere. Exactly one
 * byte-order mark is dropped (a second one is data, and the file's reader refuses it); UTF-8 and
 * UTF-16 (by its byte-order mark, or by its zero bytes) are read. Bytes that are not UTF-8 are
 * either read as Windows-1252 (small tables, {@link decodeTextBytes}) or refused naming the
 * encoding (exports, {@link TextBytesDecoder}: a verdict reads one encoding only).
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

/** The refusal of bytes that are not UTF-8, at `offset`. */
function notUtf8(offset: number): InputError {
  return new InputError(
    `the file is not UTF-8 text (a byte that UTF-8 cannot start at about byte ${offset}): it looks like Windows-1252 or Latin-1; save it as UTF-8 (or UTF-16) and try again`,
    `le fichier n'est pas du texte UTF-8 (un octet invalide en UTF-8 vers l'octet ${offset}) : il semble codé en Windows-1252 ou Latin-1 ; enregistrez-le en UTF-8 (ou UTF-16) et réessayez`,
  );
}

/**
 * Decodes a stream piece by piece (exports: any size in bounded memory). The encoding is taken
 * from the first piece; bytes that do not decode throw one {@link InputError} naming it.
 */
export class TextBytesDecoder {
  private decoder: Decoder | null = null;
  private offset = 0;
  /** The encoding read (known after the first piece). */
  encoding: TextEncodingName = 'UTF-8';

  /** The text of the next piece. */
  write(bytes: Uint8Array): string {
    if (this.decoder === null) {
      this.encoding = sniffEncoding(bytes);
      this.decoder = decoderFor(this.encoding);
    }
    try {
      const text = this.decoder.decode(bytes, { stream: true });
      this.offset += bytes.byteLength;
      return text;
    } catch {
      throw notUtf8(this.offset);
    }
  }

  /** The end of the text (a character cut at the end of the file is refused). */
  end(): string {
    try {
      return this.decoder?.decode() ?? '';
    } catch {
      throw notUtf8(this.offset);
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
    if (encoding !== 'UTF-8') throw notUtf8(0);
    return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
  }
}
