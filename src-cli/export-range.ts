/**
 * The lines of units [from, to) of a block as `export` writes them (JSONL or CSV rows), as UTF-8
 * bytes: made on a worker thread (`exportLines`) so that a block's lines are made on every core
 * while the main thread only hashes and writes them, in order ({@link writeUnitLines}).
 */
import { RefWriter, csvRow, csvText, iterateUnits, jsonlUnit } from '@engine';
import type { BlockSpec, PresentationWeights } from '@engine';
import type { JobPool } from '@shared/jobs/pool';
import type { Handler, JobMap } from '@shared/jobs/protocol';

/**
 * The label of a unit of a scenario block: references (R3) name official blocks only, so a
 * table's unit is labelled as the replay screen labels it.
 */
export const scenarioUnitLabel = (seed: number, index: number): string => `SCENARIO-${seed}-${index}`;

/** Units [from, to) as lines of the export, each ended by a line end. */
export function exportLinesText(
  spec: BlockSpec,
  weights: PresentationWeights | undefined,
  scenario: boolean,
  format: 'jsonl' | 'csv',
  from: number,
  to: number,
): string {
  // an official block's references by its fast writer: the same text as refOf, its fixed parts made once
  const refs = scenario ? null : new RefWriter(spec);
  const ref = refs ? (i: number) => refs.ref(i) : (i: number) => scenarioUnitLabel(spec.seed, i);
  const lines: string[] = [];
  const rows: (string | number)[][] = [];
  iterateUnits(
    spec,
    from,
    to,
    (i, prize, view) => {
      if (format === 'csv') rows.push(csvRow(i, ref(i), prize, view));
      else lines.push(jsonlUnit(i, ref(i), prize, view));
    },
    weights,
  );
  return format === 'csv' ? csvText(rows, null) : `${lines.join('\n')}\n`;
}

const encoder = new TextEncoder();

export const exportLines: Handler<'exportLines'> = (input) =>
  Promise.resolve(
    encoder.encode(exportLinesText(input.spec, input.weights, input.scenario, input.format, input.from, input.to)),
  );

/** Units a job makes the lines of (about 2 MB of Mine d'or JSONL). */
export const EXPORT_CHUNK = 10_000;

/**
 * Writes every unit line of `spec` in index order, each chunk's lines made on the pool's workers:
 * at most two chunks a worker ahead of the writing, so memory stays a few chunks whatever the block.
 * `onChunk`: the units written so far.
 */
export async function writeUnitLines(
  pool: JobPool,
  job: Omit<JobMap['exportLines']['input'], 'from' | 'to'>,
  write: (bytes: Uint8Array) => Promise<void>,
  onChunk?: (units: number) => void,
): Promise<void> {
  const units = job.spec.table.blockUnits;
  const ahead: { to: number; bytes: Promise<Uint8Array> }[] = [];
  const writeOldest = async () => {
    const { to, bytes } = ahead.shift()!;
    await write(await bytes);
    onChunk?.(to);
  };
  try {
    for (let from = 0; from < units; from += EXPORT_CHUNK) {
      const to = Math.min(units, from + EXPORT_CHUNK);
      ahead.push({ to, bytes: pool.run('exportLines', { ...job, from, to }) });
      if (ahead.length >= 2 * pool.size) await writeOldest();
    }
    while (ahead.length > 0) await writeOldest();
  } finally {
    // a write that failed leaves no job's rejection unheard
    await Promise.allSettled(ahead.map((a) => a.bytes));
  }
}
