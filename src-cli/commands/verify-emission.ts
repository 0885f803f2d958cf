/**
 * `verify FOLDER/`, `verify --manifest FILE.json` and `verify --emission NAME FILE…`: an emission
 * judged as one. Every block is verified as `verify` verifies one file; then the checks across
 * blocks, the placement family over the emission's distinct blocks, and one verdict for the whole
 * (`judgeEmission`). One line per block; `--report FILE.html|.json|.csv` writes the report;
 * `--journal FILE` records the emission as one entry, the report put under its name with it.
 *
 * Exit 0: conforming; 1: not conforming (a block, a file the manifest lists, or a check across
 * blocks); 3: conforming, with a finding to examine; 2: bad usage, or nothing to verify.
 */
import {
  emissionBlock,
  emissionJson,
  emissionLines,
  emissionReport,
  emissionVerifiedWork,
  filesEmissionName,
  judgeEmission,
} from '@engine';
import type { EmissionBlockIn, EmissionSource, Said } from '@engine';
import { AtomicWriter } from '../atomic-file';
import type { CliLang } from '../args';
import { UsageError, quotedPath, oneLine } from '../errors';
import { folderExports, readManifest } from '../emission-files';
import { appendJournal, checkJournalFirst, commitJournaled, journaledLine } from '../journal-file';
import { threadPool } from '../pool';
import { version } from '../../package.json';
import { parseFlags, parseLang } from '../args';
import { parsePositive } from '../block-args';
import { availableParallelism } from 'node:os';
import { stat } from 'node:fs/promises';
import {
  EXIT_CONFORMING,
  EXIT_NOT_CONFORMING,
  EXIT_PLACEMENT_FINDING,
  VERIFY,
  verifyCommand,
  verifyFile,
} from './verify';
import { endProgress, progressLine } from './verify-text';

/**
 * `verify`, whole: an emission (a folder, `--manifest`, `--emission` or `--report`) judged as one
 * here, else the files as `verifyCommand` judges them.
 */
export async function verifyOrEmissionCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, VERIFY);
  const emission =
    values.manifest !== undefined ||
    values.emission !== undefined ||
    values.report !== undefined ||
    (await Promise.all(positionals.map(isFolder))).some((d) => d);
  if (!emission) return verifyCommand(argv);
  const lang = parseLang(values.lang);
  if (values.out !== undefined)
    throw new UsageError(
      '--out writes the discrepancies of one file: for an emission, write its report with --report FILE.html|FILE.json|FILE.csv',
      '--out écrit les écarts d’un seul fichier : pour une émission, écrivez son rapport avec --report FICHIER.html|FICHIER.json|FICHIER.csv',
    );
  return verifyEmission({
    positionals,
    manifest: values.manifest,
    emission: values.emission,
    report: values.report,
    journal: values.journal,
    json: values.json,
    force: values.force,
    lang,
    workers: parsePositive(values.workers, 'workers', 64, availableParallelism()),
  });
}

export interface EmissionArgs {
  readonly positionals: readonly string[];
  readonly manifest: string | undefined;
  readonly emission: string | undefined;
  readonly report: string | undefined;
  readonly journal: string | undefined;
  readonly json: boolean;
  readonly force: boolean;
  readonly lang: CliLang;
  readonly workers: number;
}

/** The formats `--report` writes, by the name's ending. */
const REPORT_KINDS = ['html', 'json', 'csv'] as const;

/** The files to verify, where they came from, and what a manifest declares of each. */
async function emissionFiles(a: EmissionArgs): Promise<{
  name: string;
  source: EmissionSource;
  path: string | null;
  files: { file: string; sha256: string | null; seed: number | null }[];
  skipped: { file: string; why: Said }[];
}> {
  if (a.manifest !== undefined) {
    if (a.positionals.length > 0)
      throw new UsageError(
        `--manifest lists the emission's files: give no file beside it (${a.positionals.map(quotedPath).join(', ')})`,
        `--manifest liste les fichiers de l’émission : ne donnez aucun fichier à côté (${a.positionals.map(quotedPath).join(', ')})`,
      );
    const m = await readManifest(a.manifest);
    return {
      name: a.emission ?? m.emission,
      source: 'manifest',
      path: a.manifest,
      files: m.files.map((f) => ({ file: f.file, sha256: f.sha256, seed: f.seed })),
      skipped: [],
    };
  }
  if (a.positionals.length === 0)
    throw new UsageError(
      'expected a folder of exports, export files, or --manifest FILE.json',
      'un dossier d’exports, des fichiers d’export ou --manifest FICHIER.json sont attendus',
    );
  const dirs = await Promise.all(a.positionals.map((p) => isFolder(p)));
  if (dirs.some((d) => d)) {
    if (a.positionals.length > 1)
      throw new UsageError(
        `give one folder, or files, not both: ${a.positionals.map(quotedPath).join(', ')}`,
        `donnez un dossier, ou des fichiers, pas les deux : ${a.positionals.map(quotedPath).join(', ')}`,
      );
    const dir = a.positionals[0]!;
    const { files, skipped } = await folderExports(dir);
    return {
      name: a.emission ?? dir,
      source: 'folder',
      path: dir,
      files: files.map((file) => ({ file, sha256: null, seed: null })),
      skipped,
    };
  }
  return {
    name: a.emission ?? filesEmissionName(a.positionals.length),
    source: 'files',
    path: null,
    files: a.positionals.map((file) => ({ file, sha256: null, seed: null })),
    skipped: [],
  };
}

/** Whether `path` names a folder (following a link given by name, as a user means it). */
async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

export async function verifyEmission(a: EmissionArgs): Promise<number> {
  const kind = a.report === undefined ? null : REPORT_KINDS.find((k) => a.report!.toLowerCase().endsWith(`.${k}`));
  if (a.report !== undefined && !kind)
    throw new UsageError(
      `--report "${a.report}" must end in .html, .json or .csv`,
      `--report "${a.report}" doit finir par .html, .json ou .csv`,
    );
  const list = await emissionFiles(a);
  const inputs = [
    ...list.files.map((f) => ({ flag: '', path: f.file })),
    ...(a.manifest !== undefined ? [{ flag: 'manifest', path: a.manifest }] : []),
  ];
  const journal = await checkJournalFirst(a.journal, inputs);
  const out =
    a.report !== undefined
      ? await AtomicWriter.open(a.report, { force: a.force, inputs: [...inputs, { flag: 'journal', path: a.journal }] })
      : null;
  const blocks: EmissionBlockIn[] = [];
  const missing: { file: string; why: Said }[] = [];
  const pool = threadPool(a.workers);
  const at = new Date();
  try {
    for (const f of list.files) {
      let v;
      try {
        v = await verifyFile(f.file, pool, progressLine(f.file, a.lang), true);
      } catch (err) {
        // a file the manifest lists and that cannot be read is a finding of the emission, not a stop
        if (list.source !== 'manifest' || !(err instanceof UsageError)) throw err;
        endProgress();
        missing.push({ file: f.file, why: { message: oneLine(err.message), fr: oneLine(err.fr) } });
        continue;
      }
      endProgress();
      blocks.push(emissionBlock(f, { sha256: v.sha256, bytes: v.bytes, result: v.result, sketch: v.sketch ?? null }));
    }
  } catch (e) {
    await out?.abort();
    throw e;
  } finally {
    endProgress();
    await pool.close();
  }
  const e = judgeEmission({
    name: list.name,
    source: list.source,
    path: list.path,
    blocks,
    missing,
    skipped: list.skipped,
  });
  const json = emissionJson(e, version, at);
  if (out && kind) await out.write(emissionReport(kind, e, a.lang, version, at));
  const work = emissionVerifiedWork(e, version, at, a.report !== undefined ? { report: a.report } : {});
  // the report and its journal entry: both or neither
  const entry = out
    ? await commitJournaled(out, journal, work)
    : journal === null
      ? null
      : await appendJournal(journal, work);
  const journaled = entry && a.journal !== undefined ? journaledLine(entry, a.journal, a.lang) : '';
  process.stdout.write(
    a.json
      ? `${JSON.stringify({ ...json, ...(entry ? { journal_entry: { file: a.journal, seq: entry.seq, hash: entry.hash } } : {}) })}\n`
      : `${emissionLines(e, a.lang).join('\n')}\n${a.report !== undefined ? (a.lang === 'fr' ? `rapport : ${quotedPath(a.report)}\n` : `report: ${quotedPath(a.report)}\n`) : ''}${journaled}`,
  );
  return e.verdict === 'not-conforming'
    ? EXIT_NOT_CONFORMING
    : e.verdict === 'conforming-with-findings'
      ? EXIT_PLACEMENT_FINDING
      : EXIT_CONFORMING;
}
