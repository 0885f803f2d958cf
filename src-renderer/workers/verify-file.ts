/**
 * The compliance screen's check of an export file on the pool (handlers/verify-file.ts): one worker
 * reads the file in order and cuts its unit lines into ranges, the pool compares each range with
 * the block, read by its worker from the file, another job hashes it, and a last one gives the verdict. The UI thread only
 * passes offsets and levels (1 byte a unit). A file that is not every line as our export writes it
 * gives null: the caller reads it line by line (`verifyImport`), which names every discrepancy.
 */
import type { VerifyResult } from '@engine';
import type { JobPool } from '@shared/jobs/pool';
import { CancelledError } from '@shared/jobs/pool';
import type { ScanProgress } from '@shared/jobs/protocol';

/** Bytes of whole lines a worker reads and compares at a time (about 20,000 Mine d'or units). */
const RANGE_BYTES = 4 * 1024 * 1024;

type Header = Extract<ScanProgress, { kind: 'header' }>;

/**
 * The verdict of `file` and its SHA-256, or null to read it line by line; `onProgress` gets the
 * share of its bytes compared. Throws {@link CancelledError} when `signal` aborts.
 */
export async function verifyFileOnPool(
  pool: JobPool,
  file: Blob,
  regenerate: boolean,
  signal: AbortSignal,
  onProgress: (share: number) => void,
  rangeBytes = RANGE_BYTES,
): Promise<(VerifyResult & { readonly sha256: string }) | null> {
  // the jobs of this check: aborted with the user's cancel, or as soon as one range does not match
  const mine = new AbortController();
  const stop = () => mine.abort();
  signal.addEventListener('abort', stop, { once: true });
  let header: Header | null = null;
  const ranges: Promise<Uint8Array | null>[] = [];
  let compared = 0;
  let hashing: Promise<string> | null = null;
  try {
    const scanned = await pool.run(
      'scanExport',
      { file, rangeBytes, regenerate },
      (p) => {
        if (p.kind === 'header') {
          header = p;
          return;
        }
        if (!header) return;
        const { spec, weights } = header;
        const range = pool.run(
          'verifyBlobRange',
          { file, start: p.start, end: p.end, spec, ...(weights ? { weights } : {}), firstIndex: p.firstIndex },
          undefined,
          mine.signal,
        );
        range.then(
          () => onProgress(Math.min(1, (compared += p.end - p.start) / Math.max(1, file.size))),
          () => undefined,
        );
        ranges.push(range);
      },
      mine.signal,
    );
    const h = header as Header | null;
    if (!scanned.fast || !h) return null;
    // queued after the ranges: hashed while the last ones are compared
    hashing = pool.run('hashBlob', { file }, undefined, mine.signal);
    const levels: Uint8Array[] = [];
    for (const range of ranges) {
      const l = await range;
      if (!l) return null;
      levels.push(l);
    }
    const result = await pool.run(
      'verifyFinish',
      { header: h.header, levels: concat(levels), regenerate },
      undefined,
      mine.signal,
    );
    return { ...result, sha256: await hashing };
  } catch (e) {
    if (signal.aborted) throw new CancelledError();
    throw e;
  } finally {
    signal.removeEventListener('abort', stop);
    // ranges still running when one did not match, or on an error, end unread
    mine.abort();
    for (const r of ranges) r.catch(() => undefined);
    hashing?.catch(() => undefined);
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
