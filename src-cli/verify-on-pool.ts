/**
 * `verify` of one file over the block runner's pool: the file read once, in order,
 * hashed here; its unit lines sent to the workers in ranges of whole lines, each range compared
 * there with the lines the block's units are exported as (`verifyLines`). When every line of the
 * file is such a line, the ranges' levels are recorded in order and the verdict is the one reading
 * the file line by line gives. At the first range that is not (or bytes that are not UTF-8, a file
 * without a final line end, another encoding), null: the caller reads the file line by line, which
 * names every discrepancy as before.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { ExportVerifier } from '@engine';
import type { VerifyResult } from '@engine';
import type { JobPool } from '@shared/jobs/pool';

/** Bytes of whole lines sent to a worker at a time (about 20,000 Mine d'or units). */
export const RANGE_BYTES = 4 * 1024 * 1024;

/** Units verified so far and bytes read of the file's total. */
export type VerifyProgress = (p: { units: number; bytes: number; totalBytes: number }) => void;

/**
 * What the pool's reading found: the verdict, the file's SHA-256 and size, and its units' levels when
 * the placement tests read them; null to read it line by line.
 */
export async function verifyOnPool(
  handle: FileHandle,
  maxBytes: number,
  pool: JobPool,
  onProgress?: VerifyProgress,
): Promise<{ sha256: string; bytes: number; result: VerifyResult; levels: Uint8Array | null } | null> {
  const totalBytes = (await handle.stat()).size;
  const hash = createHash('sha256');
  const verifier = new ExportVerifier();
  let ahead: ExportVerifier['linesAhead'] = null;
  let carry: Buffer = Buffer.alloc(0);
  let bytes = 0;
  let nextIndex = 0;
  let units = 0;
  let failed = false;
  // ranges in file order; at most two a worker in flight, so memory stays bounded
  const inFlight: Promise<Uint8Array | null>[] = [];
  const settleOldest = async (): Promise<void> => {
    const levels = await inFlight.shift()!;
    if (!levels) failed = true;
    else {
      verifier.conformingLines(levels);
      units += levels.length;
      onProgress?.({ units, bytes, totalBytes });
    }
  };
  for await (const chunk of handle.createReadStream({
    start: 0,
    end: maxBytes,
    highWaterMark: RANGE_BYTES,
    autoClose: false,
  })) {
    const b = chunk as Buffer;
    bytes += b.length;
    hash.update(b);
    let data = carry.length > 0 ? Buffer.concat([carry, b]) : b;
    if (!ahead) {
      // the header: UTF-8, one byte-order mark at most (the line-by-line reading judges any other)
      const nl = data.indexOf(10);
      if (nl < 0) {
        carry = data;
        if (carry.length > 1024 * 1024) return null;
        continue;
      }
      if (data[0] !== 0x7b && !(data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf && data[3] === 0x7b))
        return null;
      let header: string;
      try {
        header = new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(data[0] === 0xef ? 3 : 0, nl + 1));
      } catch {
        return null;
      }
      verifier.feed(header);
      ahead = verifier.linesAhead;
      if (!ahead) return null;
      nextIndex = ahead.nextIndex;
      data = data.subarray(nl + 1);
    }
    const last = data.lastIndexOf(10);
    carry = Buffer.from(data.subarray(last + 1));
    if (last < 0) continue;
    const range = new Uint8Array(data.subarray(0, last + 1));
    let lines = 0;
    for (let i = range.indexOf(10); i >= 0; i = range.indexOf(10, i + 1)) lines++;
    inFlight.push(
      pool.run('verifyLines', {
        spec: ahead.spec,
        ...(ahead.weights ? { weights: ahead.weights } : {}),
        firstIndex: nextIndex,
        bytes: range,
      }),
    );
    nextIndex += lines;
    while (inFlight.length >= 2 * pool.size && !failed) await settleOldest();
    if (failed) break;
  }
  while (inFlight.length > 0) await settleOldest();
  // a last line without a line end, or a line the workers did not find equal: read line by line
  if (failed || carry.length > 0 || !ahead) return null;
  const result = verifier.finish();
  return { sha256: hash.digest('hex'), bytes, result, levels: verifier.placedLevels };
}
