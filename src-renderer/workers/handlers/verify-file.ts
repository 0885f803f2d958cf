/**
 * The screen's check of an export file spread over the pool, as `verify` spreads it on the command
 * line (src-cli/verify-on-pool.ts): one worker reads the file once in order (header read, unit
 * lines cut into ranges of whole lines), another hashes it (`hashBlob`), the others read each range themselves from the file
 * (`Blob.slice`: no byte of it crosses the UI thread) and compare its lines with the block's
 * (`matchLineRange`), and the verdict is the verifier's after the header and every range's levels in
 * order: the one reading the file line by line gives.
 */
import { ExportVerifier, matchLineRange } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

/** A header line longer than this is not one of ours: the file is read line by line. */
const MAX_HEADER_BYTES = 1024 * 1024;

const LF = 10;

/** The header line's text when the file starts as our JSONL does (`{`, one byte-order mark at most), else null. */
function headerText(bytes: Uint8Array, nl: number): string | null {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bytes[bom ? 3 : 0] !== 0x7b) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(bom ? 3 : 0, nl + 1));
  } catch {
    return null;
  }
}

export const scanExport: Handler<'scanExport'> = async (input, progress) => {
  const reader = input.file.stream().getReader();
  let head: Uint8Array | null = new Uint8Array(0);
  let firstIndex = 0;
  /** File offsets: the start of the range being cut, the end of the last whole line read. */
  let rangeStart = 0;
  let lineEnd = 0;
  let lines = 0;
  let bytes = 0;
  const cut = () => {
    progress({ kind: 'range', start: rangeStart, end: lineEnd, firstIndex, lines });
    firstIndex += lines;
    lines = 0;
    rangeStart = lineEnd;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const at = bytes;
      bytes += value.length;
      let from = 0;
      if (head) {
        // the header first, from the file's first bytes (kept until its line end, bounded)
        const data: Uint8Array = head.length > 0 ? concat(head, value) : value;
        const nl = data.indexOf(LF);
        if (nl < 0) {
          if (data.length > MAX_HEADER_BYTES) return { fast: false };
          head = data;
          continue;
        }
        const header = headerText(data, nl);
        if (header === null) return { fast: false };
        const v = new ExportVerifier({ regenerate: input.regenerate });
        v.feed(header);
        const ahead = v.linesAhead;
        if (!ahead) return { fast: false };
        progress({
          kind: 'header',
          header,
          spec: ahead.spec,
          ...(ahead.weights ? { weights: ahead.weights } : {}),
          nextIndex: ahead.nextIndex,
        });
        firstIndex = ahead.nextIndex;
        // `data` starts at the file's first byte; the unit lines at the header's line end
        rangeStart = lineEnd = nl + 1;
        from = nl + 1 - (data.length - value.length);
        head = null;
      }
      for (let i = value.indexOf(LF, from); i >= 0; i = value.indexOf(LF, i + 1)) {
        lines++;
        lineEnd = at + i + 1;
      }
      if (lineEnd - rangeStart >= input.rangeBytes) cut();
    }
  } finally {
    reader.releaseLock();
  }
  // no header line, or a last line without its line end: read line by line, which says so
  if (head || lineEnd < bytes) return { fast: false };
  if (lineEnd > rangeStart) cut();
  return { fast: true, bytes };
};

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export const verifyBlobRange: Handler<'verifyBlobRange'> = async (input) => {
  const bytes = new Uint8Array(await input.file.slice(input.start, input.end).arrayBuffer());
  const m = matchLineRange(input.spec, input.weights, bytes);
  // the range's first line must hold the unit the scan counted to: else it is read line by line
  return m && m.firstIndex === input.firstIndex ? m.levels : null;
};

export const verifyFinish: Handler<'verifyFinish'> = (input) => {
  const v = new ExportVerifier({ regenerate: input.regenerate });
  v.feed(input.header);
  v.conformingLines(input.levels);
  return v.finish();
};
