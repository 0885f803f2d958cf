/**
 * `verify`: checks an export file (README "Export schema") without the app, for scheduled jobs.
 * Every unit is re-derived from what it shows (R4) and compared with the block regenerated from its
 * header's seed (R1); a complete block is reconciled with the official table (art. 3). A foreign
 * block (no generator of ours, or no seed: README « Foreign blocks ») cannot be regenerated: its
 * placement verdict is part of its conformity (issue 14). The verdict states the file's SHA-256 so
 * that file and verdict stay tied together.
 *
 * Exit 0: conforming; 1: not conforming; 2: not an export, unreadable, or bad usage.
 */
import { createHash } from 'node:crypto';
import { ExportVerifier, InputError, TextBytesDecoder, csvText, formatEuros } from '../../src-engine/index';
import type { VerifyResult } from '../../src-engine/index';
import { UsageError, oneLine, quotedPath } from '../errors';
import { openInputFile } from '../bounded-file';
import { AtomicWriter } from '../atomic-file';
import { parseFlags } from '../args';

export const VERIFY_USAGE = 'verify FILE.jsonl|FILE.csv [--json] [--out discrepancies.csv] [--force]';

/** Exit codes of `verify` (issue 13). */
export const EXIT_CONFORMING = 0;
export const EXIT_NOT_CONFORMING = 1;
export const EXIT_NOT_AN_EXPORT = 2;

/** A file's verdict and the SHA-256 of the bytes that were checked. */
export interface FileVerdict {
  readonly file: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly result: VerifyResult;
}

/**
 * Largest export file read: a whole block of our own takes about 300 MB (JSONL) and 150 MB (CSV),
 * a foreign one with longer lines some more. A larger file is refused by its size before a byte
 * is read.
 */
export const MAX_EXPORT_BYTES = 1024 ** 3;

/** Reads a file once as a stream: hashed and verified together, in bounded memory. */
export async function verifyFile(path: string): Promise<FileVerdict> {
  const { handle } = await openInputFile(
    null,
    path,
    MAX_EXPORT_BYTES,
    (size) =>
      `the file is ${size} bytes: at most ${MAX_EXPORT_BYTES} bytes (1 GiB) are read, an export of a whole block is about 300 MB`,
  );
  const hash = createHash('sha256');
  const verifier = new ExportVerifier();
  // the screen's decoder too: one byte-order mark dropped, UTF-16 read, other bytes refused by name
  const decoder = new TextBytesDecoder();
  let bytes = 0;
  try {
    // the handle's stream reads at most what fstat said plus growth: bounded again below
    for await (const chunk of handle.createReadStream({ end: MAX_EXPORT_BYTES })) {
      const b = chunk as Buffer;
      bytes += b.length;
      hash.update(b);
      verifier.feed(decoder.write(b));
    }
  } catch (err) {
    if (err instanceof InputError) throw new InputError(`${quotedPath(path)}: ${err.message}`);
    throw new InputError(`cannot read ${quotedPath(path)}: ${(err as Error).message}`);
  } finally {
    await handle.close().catch(() => undefined);
  }
  try {
    verifier.feed(decoder.end());
  } catch (err) {
    throw new InputError(`${quotedPath(path)}: ${(err as Error).message}`);
  }
  return { file: path, sha256: hash.digest('hex'), bytes, result: verifier.finish() };
}

/** The exit code of a verdict. */
export function exitCodeOf(r: VerifyResult): number {
  if (r.verdict === 'conforming') return EXIT_CONFORMING;
  return r.verdict === 'not-an-export' ? EXIT_NOT_AN_EXPORT : EXIT_NOT_CONFORMING;
}

/** The columns of `--out discrepancies.csv`. */
export const DISCREPANCY_COLUMNS = ['line', 'index', 'ref', 'field', 'expected', 'found', 'message'] as const;

/** The discrepancies as CSV (one row each, header first). */
export function discrepanciesCsv(r: VerifyResult): string {
  const rows = r.discrepancies.map((d) => [
    d.line ?? '',
    d.index ?? '',
    d.ref ?? '',
    d.field ?? '',
    d.expected ?? '',
    d.found ?? '',
    d.message,
  ]);
  return csvText(rows, [...DISCREPANCY_COLUMNS]);
}

/** The verdict in words, for a terminal. */
export function verdictText(v: FileVerdict): string {
  const r = v.result;
  const out: string[] = [`file: ${quotedPath(v.file)}`, `sha256: ${v.sha256}`, `bytes: ${v.bytes}`];
  if (r.verdict === 'not-an-export') {
    out.push(`verdict: NOT AN EXPORT: ${oneLine(r.notAnExport?.message ?? 'unreadable')}`);
    return `${out.join('\n')}\n`;
  }
  const stake = r.stakeCents === null ? '?' : formatEuros(r.stakeCents, 'en');
  out.push(
    r.foreign
      ? `block: ${r.game} stake ${stake}, FOREIGN (${r.format}, generator ${r.generator ?? 'not named'}; no generator of ours or no seed): nothing can be regenerated, so units are re-derived from what they show (R4) and the placement tests are part of the verdict`
      : `block: ${r.game} stake ${stake} seed ${r.seed} (${r.format}, ${r.generator}${r.customWeights ? ', presentation weights of its header (M4, G2): not the official block of its seed, units not reopened by their references (R2)' : ''})`,
    `units verified: ${r.unitsVerified} of ${r.unitLines} lines (block of ${r.expectedUnits}); regenerated from the seed: ${r.foreign ? 'no (foreign block)' : r.regenerated}`,
    `counts match the official table: ${r.countsMatch === null ? 'not checked (incomplete block)' : r.countsMatch ? 'yes' : 'no'}`,
    `verdict: ${r.verdict === 'conforming' ? 'CONFORMING' : `NOT CONFORMING (${r.discrepancyCount} discrepancies)`}`,
  );
  if (r.placement) {
    // statistical evidence beside the verdict: each test at 1 %, the overall Holm–Bonferroni verdict at 1 %
    const failed = r.placement.tests.filter((t) => !t.ok).map((t) => t.name);
    out.push(
      `placement tests: ${r.placement.ok ? 'pass' : 'FAIL'} (Holm–Bonferroni at 1 %); ${failed.length} of ${r.placement.tests.length} tests fail alone at 1 %${failed.length > 0 ? `: ${failed.join(', ')}` : ''}`,
    );
  }
  for (const d of r.discrepancies) {
    const parts = [oneLine(d.message)];
    if (d.ref !== undefined) parts.push(`unit ${d.ref}`);
    if (d.expected !== undefined) parts.push(`expected ${oneLine(d.expected)}`);
    if (d.found !== undefined) parts.push(`found ${oneLine(d.found)}`);
    out.push(`  - ${parts.join(' | ')}`);
  }
  if (r.discrepancyCount > r.discrepancies.length)
    out.push(
      `  … and ${r.discrepancyCount - r.discrepancies.length} more (only the first ${r.discrepancies.length} are described)`,
    );
  return `${out.join('\n')}\n`;
}

export async function verifyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    { json: { type: 'boolean', default: false }, out: { type: 'string' }, force: { type: 'boolean', default: false } },
    true,
  );
  if (positionals.length !== 1)
    throw new UsageError(`expected one export file, got ${positionals.length}: ${VERIFY_USAGE}`);
  if (values.out !== undefined && !values.out.toLowerCase().endsWith('.csv'))
    throw new UsageError(`--out "${values.out}" must end in .csv`);
  const out = values.out !== undefined ? await AtomicWriter.open(values.out, { force: values.force }) : null;
  let v: FileVerdict;
  try {
    v = await verifyFile(positionals[0]!);
    if (out) {
      await out.write(discrepanciesCsv(v.result));
      await out.commit();
    }
  } catch (e) {
    await out?.abort();
    throw e;
  }
  process.stdout.write(
    values.json
      ? `${JSON.stringify({ file: v.file, sha256: v.sha256, bytes: v.bytes, ...v.result })}\n`
      : verdictText(v),
  );
  return exitCodeOf(v.result);
}
