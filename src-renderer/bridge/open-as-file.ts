/**
 * Opens a file of any size through the bridge's streamed read as a `File`, so
 * the desktop path hands the export verifier the same thing as the browser's file input: the
 * worker then streams it (`File.stream()`). Chunks are joined into the Blob as they come, never
 * into one string.
 */
import type { FileFilter } from '../../src-main/bridge/contract';
import type { InstantLabApi } from '../../src-main/bridge/api';

/** The chosen file as a `File`, or null when the dialog was cancelled. */
export async function openAsFile(bridge: InstantLabApi, filters: FileFilter[]): Promise<File | null> {
  const f = await bridge.beginOpen({ filters });
  if (f === null) return null;
  let blob = new Blob([]);
  try {
    // the bytes as they are: the worker decodes them as the command line does (one reading)
    for (let c = await bridge.readOpenBytes(f.handle); c !== null; c = await bridge.readOpenBytes(f.handle)) {
      blob = new Blob([blob, c as Uint8Array<ArrayBuffer>]); // a Blob of Blobs refers to its parts: no copy of what was read
    }
  } catch (e) {
    await bridge.closeOpen(f.handle).catch(() => undefined);
    throw e;
  }
  return new File([blob], f.name);
}
