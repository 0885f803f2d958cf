/**
 * `verify` of one file over the block runner's pool. This thread reads the file once, in order, and
 * hashes it; it cuts the unit lines into ranges at line ends and sends each worker only a range's
 * offsets: the worker reads those bytes from the file itself and compares each line with the line
 * its unit is exported as (`verifyFileRange`), and only the range's first index and levels come
 * back. So this thread's work is reading and SHA-256, no copy, split or count of lines, and the
 * workers share everything else. When every line of the file is such a line, each range following
 * the one before, the ranges' levels are recorded in order and the verdict is the one reading the
 * file line by line gives. At the first range that is not (or bytes that are not UTF-8, a file
 * without a final line end, a file changed while read), null: the caller reads the file line by
 * line, which names every discrepancy as before.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { ExportVerifier, PLACEMENT_PARTS } from '@engine';
import type { VerifyResult } from '@engine';
import type { JobPool } from '@shared/jobs/pool';
import { MAX_RANGE_BYTES } from './verify-range';

/** Bytes read and hashed at a time; a range is what lies up to the last line end of one read. */
export const RANGE_BYTES = 4 * 1024 * 1024;

/** Units verified so far and bytes read of the file's total. */
export type VerifyProgress = (p: { units: number; bytes: number; totalBytes: number }) => void;

type RangeResult = { firstIndex: number; levels: Uint8Array } | null;

/** The header line of `b` (its first line) when it can open a file checked on the pool, else null. */
function headerOf(b: Buffer, nl: number): string | null {
  // UTF-8, one byte-order mark at most (the line-by-line reading judges any other)
  const bom = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
  if (b[bom ? 3 : 0] !== 0x7b) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(bom ? 3 : 0, nl + 1));
  } catch {
    return null;
  }
}

/**
 * What the pool's reading found: the verdict, the file's SHA-256 and size, and its units' levels when
 * the placement tests read them; null to read it line by line.
 */
export async function verifyOnPool(
  handle: FileHandle,
  path: string,
  maxBytes: number,
  pool: JobPool,
  onProgress?: VerifyProgress,
): Promise<{ sha256: string; bytes: number; result: VerifyResult; levels: Uint8Array | null } | null> {
  const before = await handle.stat();
  const totalBytes = before.size;
  const hash = createHash('sha256');
  const verifier = new ExportVerifier();
  let ahead: ExportVerifier['linesAhead'] = null;
  let nextIndex = 0;
  let units = 0;
  let settledBytes = 0;
  let failed = false;
  // ranges in file order; at most two a worker in flight (each a few hundred bytes of messages)
  const inFlight: { end: number; result: Promise<RangeResult> }[] = [];
  const settleOldest = async (): Promise<void> => {
    const { end, result } = inFlight.shift()!;
    const r = await result;
    if (failed || !r || r.firstIndex !== nextIndex) failed = true;
    else {
      verifier.conformingLines(r.levels);
      nextIndex += r.levels.length;
      units += r.levels.length;
      settledBytes = end;
      onProgress?.({ units, bytes: settledBytes, totalBytes });
    }
  };
  // two buffers in turn: the next read runs while this thread hashes the last one
  const buffers = [Buffer.allocUnsafe(RANGE_BYTES), Buffer.allocUnsafe(RANGE_BYTES)];
  const readAt = (k: number, at: number) =>
    at > maxBytes
      ? Promise.resolve({ bytesRead: 0 })
      : handle.read(buffers[k % 2]!, 0, Math.min(RANGE_BYTES, maxBytes + 1 - at), at);
  let pos = 0;
  let rangeStart = -1;
  let next = readAt(0, 0);
  try {
    for (let k = 0; ; k++) {
      const { bytesRead } = await next;
      if (bytesRead === 0) break;
      const b = buffers[k % 2]!.subarray(0, bytesRead);
      const at = pos;
      pos += bytesRead;
      next = readAt(k + 1, pos);
      hash.update(b);
      if (!ahead) {
        // the header lies in the first read, or the file is read line by line
        const nl = b.indexOf(10);
        const header = nl < 0 ? null : headerOf(b, nl);
        if (header === null) return null;
        verifier.feed(header);
        ahead = verifier.linesAhead;
        if (!ahead) return null;
        nextIndex = ahead.nextIndex;
        rangeStart = nl + 1;
      }
      const last = b.lastIndexOf(10);
      const cut = at + last + 1;
      if (last >= 0 && cut > rangeStart) {
        const start = rangeStart;
        const result = pool
          .run('verifyFileRange', {
            spec: ahead.spec,
            ...(ahead.weights ? { weights: ahead.weights } : {}),
            path,
            file: { dev: before.dev, ino: before.ino },
            start,
            end: cut,
          })
          // a worker that cannot read the range leaves the file to the line-by-line reading
          .catch(() => null);
        inFlight.push({ end: cut, result });
        rangeStart = cut;
      } else if (pos - rangeStart > MAX_RANGE_BYTES) return null;
      while (inFlight.length >= 2 * pool.size && !failed) await settleOldest();
      if (failed) return null;
    }
    while (inFlight.length > 0) await settleOldest();
  } finally {
    // nothing left running on the handle or the pool when the caller closes them
    await next.catch(() => undefined);
    await Promise.all(inFlight.map((r) => r.result));
  }
  // a last line without a line end, a line the workers did not find equal, or a file changed
  // while it was read (the workers read it again): read line by line
  const after = await handle.stat();
  if (failed || !ahead || rangeStart !== pos || after.size !== before.size || after.mtimeMs !== before.mtimeMs)
    return null;
  // the placement tests, in parts on the workers, all at once: no serial tail on one thread
  const levels = verifier.wholeBlockLevels;
  const tests = levels
    ? (
        await Promise.all(
          Array.from({ length: PLACEMENT_PARTS }, (_, part) =>
            // a copy each: the pool moves the buffers it sends, and the verdict reads these levels
            pool.run('placementTestPart', { levels: levels.slice(), table: ahead.spec.table, part }),
          ),
        )
      ).flat()
    : undefined;
  const result = verifier.finish(tests);
  return { sha256: hash.digest('hex'), bytes: pos, result, levels: verifier.placedLevels };
}
