/**
 * `export`: streams a whole block to JSONL or CSV (README "Export schema"), unit by unit in index
 * order, never holding it in memory; the file appears only once complete.
 */
import { parseArgs } from 'node:util';
import { extname } from 'node:path';
import {
  csvColumns,
  csvRow,
  csvText,
  iterateUnits,
  jsonlHeader,
  jsonlUnit,
  officialBlock,
  parseGame,
  parseSeed,
  parseStake,
  refOf,
} from '../../src-engine/index';
import { UsageError } from '../errors';
import { AtomicWriter } from '../atomic-file';

export const EXPORT_USAGE = 'export --game mine-d-or|les-3-gongs --stake 0.5|1|2 --seed S --out FILE.jsonl|FILE.csv';

const CHUNK = 10_000;

export async function exportCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { game: { type: 'string' }, stake: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  for (const k of ['game', 'stake', 'seed', 'out'] as const) {
    if (values[k] === undefined) throw new UsageError(`--${k} is required: ${EXPORT_USAGE}`);
  }
  const ext = extname(values.out!).toLowerCase();
  if (ext !== '.jsonl' && ext !== '.csv') throw new UsageError(`--out "${values.out}" must end in .jsonl or .csv`);
  const spec = officialBlock(parseGame(values.game), parseStake(values.stake), parseSeed(values.seed));
  const units = spec.table.blockUnits;
  const out = new AtomicWriter(values.out!);
  const t0 = performance.now();
  try {
    if (ext === '.csv') await out.write(csvText([], csvColumns(spec.game)));
    else await out.write(`${jsonlHeader(spec)}\n`);
    for (let from = 0; from < units; from += CHUNK) {
      const to = Math.min(units, from + CHUNK);
      const lines: string[] = [];
      const rows: (string | number)[][] = [];
      iterateUnits(spec, from, to, (i, prize, view) => {
        if (ext === '.csv') rows.push(csvRow(i, refOf(spec, i), prize, view));
        else lines.push(jsonlUnit(i, refOf(spec, i), prize, view));
      });
      await out.write(ext === '.csv' ? csvText(rows, null) : `${lines.join('\n')}\n`);
      if (process.stderr.isTTY) process.stderr.write(`\r${Math.round((to / units) * 100)} %`);
    }
    await out.commit();
  } catch (e) {
    await out.abort();
    throw e;
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  process.stdout.write(`Wrote ${units} units to ${values.out} in ${((performance.now() - t0) / 1000).toFixed(2)} s\n`);
  return 0;
}
