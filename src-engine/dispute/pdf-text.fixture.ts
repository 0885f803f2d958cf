/**
 * The text of a PDF made with pdf-lib, read back for tests: each page's content streams inflated,
 * every string shown (`<…> Tj`) mapped to Unicode through its font's ToUnicode CMap, the way a
 * reader copies text out of the page. One string per line drawn.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import type { PDFObject } from 'pdf-lib';

const latin1 = (b: Uint8Array): string => Array.from(b, (c) => String.fromCharCode(c)).join('');
const utf16 = (hex: string): string => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** glyph code → text, from a ToUnicode CMap's `bfchar` entries (what pdf-lib writes). */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(code!.toLowerCase(), utf16(text!));
  return map;
}

const streamText = (o: PDFObject | undefined): string =>
  o instanceof PDFRawStream ? latin1(decodePDFRawStream(o).decode()) : '';

/** The lines of text of each page, in the order they are drawn. */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const dict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of dict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      fonts.set(name.decodeText(), toUnicode(streamText(font.lookup(PDFName.of('ToUnicode')))));
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents ?? undefined];
    const lines: string[] = [];
    let font = new Map<string, string>();
    for (const s of streams)
      for (const m of streamText(s).matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (m[1] !== undefined) font = fonts.get(m[1]) ?? new Map();
        else lines.push((m[2]!.toLowerCase().match(/.{4}/g) ?? []).map((c) => font.get(c) ?? '\ufffd').join(''));
      }
    return lines;
  });
}
