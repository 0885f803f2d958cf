/**
 * The fonts of a case's PDF and what they can print. The PDF embeds a Unicode font (a subset of
 * it: only the glyphs drawn) so that the player's claim and the tester's conclusion are printed as
 * written, « ≥ », « → », « 王先生 » included; a character the font has no glyph for is refused
 * before anything is built or signed, never printed as another one. The engine reads no file: its
 * callers hand in the font's bytes (the command line from node_modules, the screen's worker as a
 * bundled asset) as one {@link CaseFontSet}.
 */
import type { Font, Subset } from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

/** The TrueType bytes of the faces a case's PDF is drawn with. */
export interface CaseFontSet {
  /** Every text of the case, the claim and the conclusion included. */
  readonly regular: Uint8Array;
  /** The headings and marks (the app's own words only). */
  readonly bold: Uint8Array;
}

/**
 * Where the faces are, as package paths (Noto Sans SC of the `@expo-google-fonts/noto-sans-sc`
 * package: one family with Latin, Greek and Cyrillic letters, French punctuation, arrows, math
 * signs and Chinese characters). The renderer imports the same two files as assets.
 */
export const CASE_FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const satisfies Record<keyof CaseFontSet, string>;

/** A face is at most this large (Noto Sans SC is about 10.6 MB). */
export const MAX_CASE_FONT_BYTES = 32 * 1024 * 1024;

/** The name of the font the PDF says it uses, for messages. */
export const CASE_FONT_NAME = 'Noto Sans SC';

/**
 * fontkit, loaded the first time a case needs it: its tables cost about 85 ms of CPU to load, which
 * every worker and command would otherwise pay at start although only a case's PDF reads a font.
 */
const fontkit = () => import('fontkit');
type Create = Awaited<ReturnType<typeof fontkit>>['create'];

/** The fontkit reading of each face's bytes, parsed once per set of bytes. */
const parsed = new WeakMap<Uint8Array, Font>();

function readFont(create: Create, bytes: Uint8Array): Font {
  let f = parsed.get(bytes);
  if (!f) {
    // fontkit reads any Uint8Array; its types ask for Node's Buffer
    const read = create(bytes as Parameters<Create>[0]);
    if ('fonts' in read) throw new RangeError("a font of the case's PDF is a collection, not one face");
    f = read;
    parsed.set(bytes, f);
  }
  return f;
}

/** The font of `bytes` (TrueType or OpenType, one face), read once. */
export async function fontOf(bytes: Uint8Array): Promise<Font> {
  return readFont((await fontkit()).create, bytes);
}

type PdfFontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * fontkit as pdf-lib asks for it. pdf-lib's own fork (`@pdf-lib/fontkit`) writes broken TrueType
 * subsets (its `loca` offsets halved: glyphs of Noto Sans SC print blank or garbled, while the text
 * still copies out), fixed long ago in fontkit itself, whose subset is encoded in one piece: pdf-lib
 * reads it as a stream of one chunk.
 */
export async function pdfFontkit(): Promise<PdfFontkit> {
  const { create } = await fontkit();
  return {
    create: (bytes: Uint8Array) => {
      const font = readFont(create, bytes);
      return new Proxy(font, {
        get(target, prop) {
          if (prop === 'createSubset') return () => streamedSubset(target.createSubset());
          const v: unknown = Reflect.get(target, prop, target);
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
    },
  } as unknown as PdfFontkit;
}

function streamedSubset(subset: Subset) {
  return {
    includeGlyph: (glyph: Parameters<Subset['includeGlyph']>[0]) => subset.includeGlyph(glyph),
    encodeStream: () => {
      const on: Record<string, (v?: unknown) => void> = {};
      const stream = {
        on(event: string, f: (v?: unknown) => void) {
          on[event] = f;
          return stream;
        },
      };
      queueMicrotask(() => {
        try {
          on.data?.(subset.encode());
          on.end?.();
        } catch (e) {
          on.error?.(e);
        }
      });
      return stream;
    },
  };
}

/**
 * Spaces the font has no glyph for, printed as the space of the same kind it has: a space is
 * blank ink whichever it is (a narrow no-break space before « : » prints as a no-break space).
 * A tab prints as four spaces. Nothing else is ever printed as another character.
 */
const SPACE_AS: Readonly<Record<string, string>> = {
  '\t': '    ',
  '\u2000': '\u2002',
  '\u2001': '\u2003',
  '\u2004': ' ',
  '\u2005': ' ',
  '\u2006': ' ',
  '\u2007': '\u00a0',
  '\u2008': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': '\u00a0',
  '\u205f': ' ',
};

/** `text` as it is drawn with `font`: the spaces it lacks as the space it has, every other character as it is. */
export function printedText(text: string, font: Font): string {
  let out = '';
  for (const ch of text) {
    const as = SPACE_AS[ch];
    out += as !== undefined && !font.hasGlyphForCodePoint(ch.codePointAt(0)!) ? as : ch;
  }
  return out;
}

/** The line breaks, which end a line instead of being drawn. */
const isLineBreak = (ch: string): boolean => ch === '\n';

/** The characters of `text` that `fonts` cannot print, each once, in the order they first appear. */
export function unprintableChars(text: string, fonts: readonly Font[]): string[] {
  const bad = new Set<string>();
  for (const ch of text) {
    if (isLineBreak(ch) || bad.has(ch)) continue;
    const c = ch.codePointAt(0)!;
    const ok =
      SPACE_AS[ch] !== undefined || (!isControl(c) && !isSurrogate(c) && fonts.every((f) => f.hasGlyphForCodePoint(c)));
    if (!ok) bad.add(ch);
  }
  return [...bad];
}

const isControl = (c: number): boolean => c < 0x20 || (c >= 0x7f && c <= 0x9f);
const isSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdfff;
/** Invisible characters (joiners, marks of direction, variation selectors, byte-order mark): named, not shown. */
const isInvisible = (c: number): boolean =>
  (c >= 0x200b && c <= 0x200f) ||
  (c >= 0x2028 && c <= 0x202e) ||
  (c >= 0x2060 && c <= 0x206f) ||
  (c >= 0xfe00 && c <= 0xfe0f) ||
  c === 0xfeff ||
  (c >= 0xe0000 && c <= 0xe01ef);

/** One character as a message names it: « U+1F600 😀 », or its code and what it is when it has no shape. */
export function namedChar(ch: string): { en: string; fr: string } {
  const c = ch.codePointAt(0)!;
  const code = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  if (isControl(c)) return { en: `${code} (a control character)`, fr: `${code} (un caractère de contrôle)` };
  if (isSurrogate(c))
    return {
      en: `${code} (half of a surrogate pair, alone)`,
      fr: `${code} (une moitié de paire de substitution, seule)`,
    };
  if (isInvisible(c)) return { en: `${code} (an invisible character)`, fr: `${code} (un caractère invisible)` };
  return { en: `${code} « ${ch} »`, fr: `${code} « ${ch} »` };
}
