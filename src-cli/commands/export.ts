/**
 * `export`: streams a whole block to JSONL or CSV (docs/reference/file-formats.md), unit by unit in index
 * order, never holding it in memory; the file appears only once complete (atomic-file.ts).
 */
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { csvColumns, csvText, formatDecimal, isM6Strict, jsonlHeader, blockExportWork } from '@engine';
import type { BlockSpec, PresentationWeights, Scenario } from '@engine';
import { UsageError } from '../errors';
import { AtomicWriter } from '../atomic-file';
import { parseFlags, parseLang } from '../args';
import { count } from '../text-table';
import { BLOCK_RUN_OPTIONS, parseBlockRun } from '../block-args';
import { defineCommand, usageLine } from '../command-spec';
import { FORCE, JOURNAL, LANG } from '../common-options';
import { checkJournalFirst, commitJournaled, journaledLine } from '../journal-file';
import { version } from '../../package.json';
import { threadPool } from '../pool';
import { writeUnitLines } from '../export-range';

const {
  game,
  stake,
  table,
  seed,
  'generator-version': generatorVersion,
  'm6-strict': m6Strict,
  presentation,
  workers,
} = BLOCK_RUN_OPTIONS;

export const EXPORT = defineCommand({
  name: 'export',
  does: 'streams a whole block to a JSONL or CSV file',
  options: {
    game,
    stake,
    table,
    seed: { ...seed, required: true, help: 'the block’s seed (R1)' },
    'generator-version': generatorVersion,
    'm6-strict': m6Strict,
    presentation,
    workers,
    out: {
      type: 'string',
      value: 'FILE.jsonl|FILE.csv',
      required: true,
      help: 'the file to write, its format by its name',
    },
    ...FORCE,
    ...LANG,
    ...JOURNAL,
  },
  forms: [
    {
      oneOf: [
        ['game', 'stake'],
        ['table', '?stake'],
      ],
    },
  ],
});

/**
 * The JSONL header; a scenario block's also names its table (name, block size and levels); a block
 * of other presentation weights states them (`presentation_weights`, M4, G2).
 */
export function exportHeader(spec: BlockSpec, scenario: Scenario | null, weights?: PresentationWeights): string {
  if (!scenario) return jsonlHeader(spec, weights);
  const table = {
    name: scenario.name,
    block_units: spec.table.blockUnits,
    levels: spec.table.levels.map((l) => ({ prize_cents: l.prizeCents, lots: l.lots })),
  };
  return `${jsonlHeader(spec, weights).slice(0, -1)},"table":${JSON.stringify(table)}}`;
}

export async function exportCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, EXPORT);
  const lang = parseLang(values.lang);
  const ext = extname(values.out).toLowerCase();
  if (ext !== '.jsonl' && ext !== '.csv')
    throw new UsageError(
      `--out "${values.out}" must end in .jsonl or .csv`,
      `--out "${values.out}" doit finir par .jsonl ou .csv`,
    );
  const run = await parseBlockRun(values, usageLine(EXPORT), 1);
  const { weights } = run;
  // a CSV file has no header line to state the weights in (R2): its units would pass for the official block's
  if (weights && ext === '.csv')
    throw new UsageError(
      `--out "${values.out}": a CSV export cannot state the presentation weights of --presentation "${values.presentation}" (M4, G2): export to .jsonl, whose header states them`,
    );
  const spec = run.specFor(run.seed);
  const units = spec.table.blockUnits;
  const journal = await checkJournalFirst(values.journal, [
    { flag: 'table', path: values.table },
    { flag: 'presentation', path: values.presentation },
  ]);
  const out = await AtomicWriter.open(values.out, {
    force: values.force,
    inputs: [
      { flag: 'table', path: values.table },
      { flag: 'presentation', path: values.presentation },
      { flag: 'journal', path: values.journal },
    ],
  });
  const t0 = performance.now();
  // the SHA-256 and size of what is written, for the journal
  const hash = createHash('sha256');
  let bytes = 0;
  const write = (chunk: string | Uint8Array): Promise<void> => {
    hash.update(chunk);
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    return out.write(chunk);
  };
  // each chunk's lines made on the workers, written here in order
  const pool = threadPool(run.workers);
  try {
    if (ext === '.csv') await write(csvText([], csvColumns(spec.game)));
    else await write(`${exportHeader(spec, run.scenario, weights)}\n`);
    await writeUnitLines(
      pool,
      {
        spec,
        ...(weights ? { weights } : {}),
        scenario: run.scenario !== null,
        format: ext === '.csv' ? 'csv' : 'jsonl',
      },
      write,
      (to) => {
        if (process.stderr.isTTY) process.stderr.write(`\r${Math.round((to / units) * 100)} %`);
      },
    );
  } catch (e) {
    await out.abort();
    throw e;
  } finally {
    await pool.close();
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  // the block exported, as one entry of the compliance journal, appended before the file is put
  // under its name: both are made, or neither
  const entry = await commitJournaled(
    out,
    journal,
    blockExportWork(
      {
        ...spec,
        table: run.scenario ? run.scenario.name : spec.table.source,
        m6Strict: isM6Strict(spec),
        customWeights: weights !== undefined,
      },
      version,
      new Date(),
      { file: values.out, format: ext === '.csv' ? 'csv' : 'jsonl', units, bytes, sha256: hash.digest('hex') },
    ),
  );
  const s = formatDecimal((performance.now() - t0) / 1000, lang, 2);
  const journalLine = entry ? journaledLine(entry, values.journal!, lang) : '';
  process.stdout.write(
    (lang === 'fr'
      ? `${count(units, 'fr')} unités écrites dans ${values.out} en ${s} s\n`
      : `Wrote ${units} units to ${values.out} in ${s} s\n`) + journalLine,
  );
  return 0;
}
