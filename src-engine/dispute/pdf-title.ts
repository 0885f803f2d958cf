/**
 * The title a case's PDF gives itself (`/Title` of its document information, as pdf-lib writes it:
 * a hex string, UTF-16BE after its byte-order mark). It says which unit a PDF shows when it is not
 * the one its case makes — only to say so: the check itself compares the PDF rebuilt, byte for byte.
 */

/** How far into the PDF the title is looked for: pdf-lib writes the information dictionary first. */
const TITLE_WITHIN_BYTES = 64 * 1024;
/** A title longer than this is not read (a case's is its heading and a unit reference). */
const MAX_TITLE_HEX = 1024;

/** The PDF's title, or null when it holds none that reads as pdf-lib writes one. */
export function pdfTitle(pdf: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(pdf.subarray(0, TITLE_WITHIN_BYTES));
  const m = new RegExp(`/Title\\s*<([0-9A-Fa-f\\s]{1,${MAX_TITLE_HEX}})>`).exec(head);
  if (!m) return null;
  const hex = m[1]!.replace(/\s+/g, '');
  const bytes = Uint8Array.from(hex.match(/..?/g) ?? [], (b) => parseInt(b.padEnd(2, '0'), 16));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('latin1').decode(bytes);
}
