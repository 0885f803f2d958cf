/**
 * `verify`: checks an export file (docs/reference/file-formats.md) without the app, for scheduled jobs.
 * Every unit is re-derived from what it shows (R4) and compared with the block regenerated from its
 * header's seed (R1); a complete block is reconciled with the official table (art. 3). A foreign
 * block (no generator of ours, or no seed: README « Foreign blocks ») cannot be regenerated, only
 * re-derived. The verdict states the file's SHA-256 so that file and verdict stay tied together.
 *
 * Where the winners sit is a finding to examine, never a reconciliation failure: a fair block is
 * rejected at 1 % one time in a hundred. Several files are judged together: Holm over their blocks
 * keeps the chance of any false finding in the whole set at 1 % (`findingsOverSet`).
 *
 * Exit 0: conforming, no finding; 1: not conforming (a lot or a count wrong); 2: not an export,
 * unreadable, or bad usage; 3: conforming, with a placement finding to examine. Over several
 * files, the first of 2, 1, 3 that any file has, else 0.
 */
import { createHash } from 'node:crypto';
import {
  ExportVerifier,
  InputError,
  TextBytesDecoder,
  csvText,
  findingsOverSet,
  formatEuros,
  exportVerifiedWork,
  sameBlockKey,
  winnerSketch,
} from '@engine';
import type { PlacementFinding, VerifyResult } from '@engine';
import { isSingular, plural } from '@engine';
import { UsageError, quotedPath } from '../errors';
import { openInputFile } from '../bounded-file';
import { AtomicWriter } from '../atomic-file';
import { parseFlags, parseLang } from '../args';
import type { CliLang } from '../args';
import { availableParallelism } from 'node:os';
import { threadPool } from '../pool';
import { BLOCK_RUN_OPTIONS, parsePositive } from '../block-args';
import { defineCommand, usageLine } from '../command-spec';
import { FORCE, JOURNAL, JSON_OUTPUT, LANG } from '../common-options';
import { appendJournal, checkJournalFirst, commitJournaled, journaledLine } from '../journal-file';
import { version } from '../../package.json';
import type { JobPool } from '@shared/jobs/pool';
import { verifyOnPool } from '../verify-on-pool';
import type { VerifyProgress } from '../verify-on-pool';
import { endProgress, progressLine, verdictText } from './verify-text';
import type { FileVerdict } from './verify-text';

export const VERIFY = defineCommand({
  name: 'verify',
  does: 'checks export files, ours or foreign, against the rules; a folder or a manifest as one emission',
  positionals: true,
  options: {
    workers: BLOCK_RUN_OPTIONS.workers,
    ...JSON_OUTPUT,
    ...LANG,
    out: {
      type: 'string',
      value: 'discrepancies.csv',
      help: 'writes the discrepancies of the one file checked, a line each',
    },
    ...FORCE,
    ...JOURNAL,
    manifest: {
      type: 'string',
      value: 'EMISSION.json',
      help: "a supplier's manifest (instant-lab-emission/1): the emission's files, their SHA-256 and seeds",
    },
    emission: { type: 'string', value: 'NAME', help: 'the files given are one emission, of this name' },
    report: {
      type: 'string',
      value: 'FILE.html|FILE.json|FILE.csv',
      help: "writes the emission's report, its format by its name",
    },
  },
  forms: [
    {
      lead: 'FILE.jsonl|FILE.csv [MORE.jsonl …]',
      options: ['workers', 'json', 'lang', 'out', 'force', 'journal', 'emission', 'report'],
    },
    { lead: 'FOLDER/', options: ['emission', 'report', 'workers', 'json', 'lang', 'force', 'journal'] },
    {
      needs: ['manifest'],
      options: ['manifest', 'emission', 'report', 'workers', 'json', 'lang', 'force', 'journal'],
    },
  ],
});

/** Exit codes of `verify`. */
export const EXIT_CONFORMING = 0;
export const EXIT_NOT_CONFORMING = 1;
export const EXIT_NOT_AN_EXPORT = 2;
export const EXIT_PLACEMENT_FINDING = 3;

/**
 * Largest export file read: a whole block of our own takes about 300 MB (JSONL) and 150 MB (CSV),
 * a foreign one with longer lines some more. A larger file is refused by its size before a byte
 * is read.
 */
export const MAX_EXPORT_BYTES = 1024 ** 3;

const openExport = (path: string) =>
  openInputFile(
    null,
    path,
    MAX_EXPORT_BYTES,
    (size) =>
      `the file is ${size} bytes: at most ${MAX_EXPORT_BYTES} bytes (1 GiB) are read, an export of a whole block is about 300 MB`,
  );

/** An error of reading `path`, in both languages. */
const cannotRead = (path: string, err: unknown): InputError =>
  new InputError(
    `cannot read ${quotedPath(path)}: ${(err as Error).message}`,
    `impossible de lire ${quotedPath(path)} : ${(err as Error).message}`,
  );

/** An error about the contents of `path`, in both languages (the French text of an InputError kept). */
const ofFile = (path: string, err: unknown): InputError =>
  new InputError(
    `${quotedPath(path)}: ${(err as Error).message}`,
    `${quotedPath(path)} : ${err instanceof InputError ? err.fr : (err as Error).message}`,
  );

/**
 * Reads a file once as a stream: hashed and verified together, in bounded memory. Given the pool,
 * its unit lines are compared on the workers ({@link verifyOnPool}); a file that is not every line
 * as exported is then read again here, line by line, which names each discrepancy.
 */
export async function verifyFile(
  path: string,
  pool?: JobPool,
  onProgress?: VerifyProgress,
  withSketch = false,
): Promise<FileVerdict> {
  // the levels (1 byte a unit) are dropped here: an emission keeps its blocks' sketches only
  const sketchOf = (levels: Uint8Array | null) => (withSketch ? { sketch: levels ? winnerSketch(levels) : null } : {});
  if (pool) {
    const { handle } = await openExport(path);
    try {
      const fast = await verifyOnPool(handle, path, MAX_EXPORT_BYTES, pool, onProgress);
      if (fast)
        return { file: path, sha256: fast.sha256, bytes: fast.bytes, result: fast.result, ...sketchOf(fast.levels) };
    } catch (err) {
      throw cannotRead(path, err);
    } finally {
      await handle.close().catch(() => undefined);
    }
  }
  // read again, line by line, from a handle of its own (a stream given up leaves its handle unusable)
  const { handle } = await openExport(path);
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
    if (err instanceof InputError) throw ofFile(path, err);
    throw cannotRead(path, err);
  } finally {
    await handle.close().catch(() => undefined);
  }
  try {
    verifier.feed(decoder.end());
  } catch (err) {
    throw ofFile(path, err);
  }
  const result = verifier.finish();
  return { file: path, sha256: hash.digest('hex'), bytes, result, ...sketchOf(verifier.placedLevels) };
}

/** The exit code of a verdict and its placement finding (if any). */
export function exitCodeOf(r: VerifyResult, finding: PlacementFinding | null = null): number {
  if (r.verdict === 'conforming') return finding?.finding ? EXIT_PLACEMENT_FINDING : EXIT_CONFORMING;
  return r.verdict === 'not-an-export' ? EXIT_NOT_AN_EXPORT : EXIT_NOT_CONFORMING;
}

/** The exit code of several files: the first of 2, 1, 3 that any has, else 0. */
export function exitCodeOfSet(codes: readonly number[]): number {
  for (const c of [EXIT_NOT_AN_EXPORT, EXIT_NOT_CONFORMING, EXIT_PLACEMENT_FINDING]) if (codes.includes(c)) return c;
  return EXIT_CONFORMING;
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

/** What makes two files one block to a set's Holm family ({@link sameBlockKey}). */
const blockKey = (v: FileVerdict): string => sameBlockKey(v.sha256, v.result);

/** The line naming `v` as another copy of the block of `first`: other bytes, the same block. */
function sameBlockLine(v: FileVerdict, first: FileVerdict, lang: CliLang): string {
  const r = v.result;
  const fr = lang === 'fr';
  const what = [
    r.game,
    r.stakeCents === null ? null : formatEuros(r.stakeCents, lang).replace(/[\u00a0\u202f]/g, ' '),
    r.generator,
    r.seed === null ? null : `${fr ? 'graine' : 'seed'} ${r.seed}`,
  ]
    .filter((p) => p !== null)
    .join(' ');
  const levels = r.levelsSha256!.slice(0, 16);
  return fr
    ? `${quotedPath(v.file)} : le même bloc que ${quotedPath(first.file)} (${what} ; niveaux des unités SHA-256 ${levels}…) en d’autres octets : un seul bloc, compté une fois dans l’ensemble\n`
    : `${quotedPath(v.file)}: the same block as ${quotedPath(first.file)} (${what}; units' levels SHA-256 ${levels}…) in other bytes: one block, counted once in the set\n`;
}

/** The JSON of one file's verdict, with its placement finding (decided over the set). */
const verdictJson = (v: FileVerdict, finding: PlacementFinding | null): Record<string, unknown> => ({
  file: v.file,
  sha256: v.sha256,
  bytes: v.bytes,
  ...v.result,
  placement_finding: finding,
});

export async function verifyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, VERIFY);
  // one language for every line, errors included: English unless asked
  const lang = parseLang(values.lang);
  const workers = parsePositive(values.workers, 'workers', 64, availableParallelism());
  if (positionals.length === 0)
    throw new UsageError(
      `expected an export file: ${usageLine(VERIFY)}`,
      `un fichier d’export est attendu : ${usageLine(VERIFY)}`,
    );
  if (values.out !== undefined && positionals.length > 1)
    throw new UsageError(
      `--out writes the discrepancies of one file: give one file, or leave --out out`,
      `--out écrit les écarts d’un seul fichier : donnez un fichier, ou retirez --out`,
    );
  if (values.out !== undefined && !values.out.toLowerCase().endsWith('.csv'))
    throw new UsageError(`--out "${values.out}" must end in .csv`, `--out "${values.out}" doit finir par .csv`);
  const journal = await checkJournalFirst(
    values.journal,
    positionals.map((path) => ({ flag: '', path })),
  );
  const out =
    values.out !== undefined
      ? await AtomicWriter.open(values.out, {
          force: values.force,
          inputs: [...positionals.map((path) => ({ flag: '', path })), { flag: 'journal', path: values.journal }],
        })
      : null;
  const verdicts: FileVerdict[] = [];
  const pool = threadPool(workers);
  try {
    for (const file of positionals) verdicts.push(await verifyFile(file, pool, progressLine(file, lang)));
    endProgress();
    // put under its name with its journal entry, below
    if (out) await out.write(discrepanciesCsv(verdicts[0]!.result));
  } catch (e) {
    await out?.abort();
    throw e;
  } finally {
    endProgress();
    await pool.close();
  }
  // a set is a set of distinct blocks: a file given twice (the same bytes), or another copy of the
  // same block (other line ends, other key order: the same header and the same levels), counts once
  const sameAs = verdicts.map((v, i) => verdicts.findIndex((w, j) => j < i && blockKey(w) === blockKey(v)));
  // one family over every block of the set: a fair set of 20 blocks raises a false finding ≤ 1 % of the time
  const distinct = findingsOverSet(verdicts.map((v, i) => (sameAs[i]! < 0 ? v.result.placement : null)));
  const findings = distinct.map((f, i) => (sameAs[i]! < 0 ? f : distinct[sameAs[i]!]!));
  const codes = verdicts.map((v, i) => exitCodeOf(v.result, findings[i]!));
  // each export verified, as one entry of the compliance journal: the file, its size and SHA-256, the verdict
  const journalLines: string[] = [];
  const entries: ({ seq: number; hash: string } | null)[] = [];
  for (const [i, v] of verdicts.entries()) {
    const work = exportVerifiedWork(
      { file: v.file, bytes: v.bytes, sha256: v.sha256, result: v.result },
      findings[i] ?? null,
      version,
      new Date(),
      values.out !== undefined ? { discrepancies_csv: values.out } : {},
    );
    // --out takes one file: its discrepancies are put under their name with its entry, both or neither
    const entry = out
      ? await commitJournaled(out, journal, work)
      : journal === null
        ? null
        : await appendJournal(journal, work);
    entries.push(entry);
    if (entry) journalLines.push(journaledLine(entry, values.journal!, lang));
  }
  const journaled = (i: number) => {
    const e = entries[i];
    return e ? { journal_entry: { file: values.journal, seq: e.seq, hash: e.hash } } : {};
  };
  if (verdicts.length === 1) {
    const v = verdicts[0]!;
    process.stdout.write(
      values.json
        ? `${JSON.stringify({ ...verdictJson(v, findings[0]!), ...journaled(0) })}\n`
        : `${verdictText(v, findings[0]!, lang)}${journalLines.join('')}`,
    );
    return codes[0]!;
  }
  const tested = distinct.filter((f) => f !== null).length;
  const found = distinct.filter((f) => f?.finding).length;
  const twice = sameAs.flatMap((j, i) => (j < 0 ? [] : [[i, j] as const]));
  const twiceText = twice
    .map(([i, j]) =>
      verdicts[i]!.sha256 !== verdicts[j]!.sha256
        ? sameBlockLine(verdicts[i]!, verdicts[j]!, lang)
        : lang === 'fr'
          ? `${quotedPath(verdicts[i]!.file)} : les mêmes octets que ${quotedPath(verdicts[j]!.file)} (SHA-256 ${verdicts[i]!.sha256.slice(0, 16)}…) : un seul bloc, compté une fois dans l’ensemble\n`
          : `${quotedPath(verdicts[i]!.file)}: the same bytes as ${quotedPath(verdicts[j]!.file)} (SHA-256 ${verdicts[i]!.sha256.slice(0, 16)}…): one block, counted once in the set\n`,
    )
    .join('');
  const summary =
    lang === 'fr'
      ? `ensemble : ${verdicts.length} fichiers, ${tested} ${plural(tested, 'fr', 'bloc', 'blocs')} au placement testé ; Holm sur ${isSingular(tested, 'fr') ? 'ce' : 'ces'} ${tested} ${plural(tested, 'fr', 'bloc', 'blocs')} à 1 % (la probabilité d’un constat à tort dans tout l’ensemble reste ≤ 1 %) : ${found} ${plural(found, 'fr', 'constat', 'constats')} à examiner`
      : `set: ${verdicts.length} files, ${tested} ${plural(tested, 'en', 'block', 'blocks')} with placement tested; Holm over ${isSingular(tested, 'en') ? 'this' : 'these'} ${tested} ${plural(tested, 'en', 'block', 'blocks')} at 1% (the chance of any false finding in the whole set stays ≤ 1%): ${found} ${plural(found, 'en', 'finding', 'findings')} to examine`;
  if (values.json)
    process.stdout.write(
      `${JSON.stringify({
        files: verdicts.map((v, i) => ({ ...verdictJson(v, findings[i]!), ...journaled(i) })),
        set: {
          files: verdicts.length,
          same_bytes_as: sameAs.map((j, i) =>
            j < 0 || verdicts[j]!.sha256 !== verdicts[i]!.sha256 ? null : verdicts[j]!.file,
          ),
          same_block_as: sameAs.map((j) => (j < 0 ? null : verdicts[j]!.file)),
          blocks_tested: tested,
          alpha: 0.01,
          method: 'holm-over-blocks',
          findings: found,
        },
      })}\n`,
    );
  else
    process.stdout.write(
      `${verdicts.map((v, i) => verdictText(v, findings[i]!, lang)).join('\n')}\n${twiceText}${summary}\n${journalLines.join('')}`,
    );
  return exitCodeOfSet(codes);
}
