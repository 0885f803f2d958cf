/**
 * Opens a small file through the bridge's streamed read, refusing it by its size before a byte
 * is read (a 100 MB "scenario" is refused at once, on desktop and in the browser).
 */
import type { FileFilter } from '../../src-main/bridge/contract';
import type { InstantLabApi } from '../../src-main/bridge/api';

/** The file's text, or its size when it is over the limit; null when the dialog was cancelled. */
export type BoundedFile = { name: string; text: string } | { name: string; size: number; tooLarge: true } | null;

export async function openBounded(
  bridge: InstantLabApi,
  filters: FileFilter[],
  maxBytes: number,
): Promise<BoundedFile> {
  const f = await bridge.beginOpen({ filters });
  if (f === null) return null;
  if (f.size > maxBytes) {
    await bridge.closeOpen(f.handle);
    return { name: f.name, size: f.size, tooLarge: true };
  }
  let text = '';
  for (let c = await bridge.readOpen(f.handle); c !== null; c = await bridge.readOpen(f.handle)) {
    text += c;
    // the file grew since it was opened: still bounded
    if (text.length > maxBytes) {
      await bridge.closeOpen(f.handle);
      return { name: f.name, size: text.length, tooLarge: true };
    }
  }
  return { name: f.name, text };
}

/** A spreadsheet's content: CSV as text, anything else (XLSX) as bytes; or its size when over the limit. */
export type BoundedSheet =
  | { name: string; text: string }
  | { name: string; bytes: Uint8Array }
  | { name: string; size: number; tooLarge: true }
  | null;

/**
 * Opens a spreadsheet (XLSX or CSV), refusing it by its size before a byte is read; read as bytes
 * (an XLSX is a zip archive; a CSV's encoding is the engine's to read).
 */
export async function openBoundedSheet(
  bridge: InstantLabApi,
  filters: FileFilter[],
  maxBytes: number,
): Promise<BoundedSheet> {
  const f = await bridge.beginOpen({ filters });
  if (f === null) return null;
  if (f.size > maxBytes) {
    await bridge.closeOpen(f.handle);
    return { name: f.name, size: f.size, tooLarge: true };
  }
  // a CSV file too: its bytes, decoded by the engine (UTF-8, UTF-16, Windows-1252), as an XLSX's
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let c = await bridge.readOpenBytes(f.handle); c !== null; c = await bridge.readOpenBytes(f.handle)) {
    parts.push(c);
    size += c.byteLength;
    // the file grew since it was opened: still bounded
    if (size > maxBytes) {
      await bridge.closeOpen(f.handle);
      return { name: f.name, size, tooLarge: true };
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { name: f.name, bytes };
}
