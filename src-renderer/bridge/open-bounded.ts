/**
 * Opens a small file through the bridge's streamed read, refusing it by its size before a byte
 * is read (issue 10: a 100 MB "scenario" is refused at once, on desktop and in the browser).
 */
import type { FileFilter, InstantLabApi } from '../../src-main/bridge/contract';

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
