/**
 * `simulate`: builds whole blocks in worker threads, audits every unit (R4) and prints the
 * reconciliation against the official table (art. 3), RTP, hit rate, verdict and digest.
 */
import {
  formatEuros,
  formatPercent,
  PRESENTATION_COLUMNS,
  getRules,
  officialBlock,
  presentationRows,
  tableFigures,
  weightsToJson,
} from '../../src-engine/index';
import type { BlockResult, PrizeTable, StakeCents } from '../../src-engine/index';
import { BLOCK_RUN_OPTIONS, parseBlockRun } from '../block-args';
import { parseFlags } from '../args';
import { runBlocks } from '../../src-shared/block-run/runner';
import type { BlockRunProgress } from '../../src-shared/block-run/runner';
import { threadPool } from '../pool';
import { count, textTable } from '../text-table';

export const SIMULATE_USAGE =
  'simulate (--game mine-d-or|les-3-gongs --stake 0.5|1|2 | --table FILE.json [--stake …]) [--seed S] [--blocks K] [--workers W] [--generator-version 1|2] [--m6-strict] [--presentation FILE.json] [--json]';

/** The JSON shape the issue fixes for `simulate --json`. */
export function simulateJson(results: readonly BlockResult[]): unknown {
  const first = results[0]!;
  return {
    game: first.game,
    stake_cents: first.stakeCents,
    generator: first.generator,
    ...(first.m6Reading === 'strict' ? { m6_reading: 'strict' } : {}),
    ...(first.weights ? { presentation_weights: weightsToJson(first.game, first.weights) } : {}),
    blocks: results.map((r) => ({
      seed: r.seed,
      units: r.units,
      digest: r.digest,
      levels: r.levels.map((l) => ({ prize_cents: l.prizeCents, official: l.official, simulated: l.simulated })),
      losing: r.losing.simulated,
      paid_cents: r.paidCents,
      rtp: r.rtp,
      audit: { ok: r.audit.ok, mismatches: r.audit.mismatches },
    })),
  };
}

const COLUMN_NAMES: Readonly<Record<string, string>> = {
  winMain: 'main grid',
  winExtra: 'Extra stage',
  winBoth: 'main+Extra',
  winNone: 'no gain',
  aligned: 'aligned',
  notAligned: 'not aligned',
  extra0: '0 EXTRA',
  extra1: '1 EXTRA',
  extra2: '2 EXTRA',
  extra3: '3 EXTRA',
  direct: 'direct',
  bonus: 'Bonus',
  lose: 'lost',
  nearMiss: 'near miss',
};

/** Per level, how its units were presented (art. 4.5–4.6, M3–M5; G2, G3). */
export function presentationText(r: BlockResult): string {
  const cols = PRESENTATION_COLUMNS[r.game];
  const rows = presentationRows(
    r.game,
    r.levels.map((l) => l.prizeCents),
    r.presentationClasses,
    r.presentation,
  );
  return textTable(
    ['Lot', ...cols.map((c) => COLUMN_NAMES[c] ?? c)],
    rows.map((row) => [
      row.level < r.levels.length ? formatEuros(row.prizeCents) : 'losing',
      ...cols.map((c) => count(row.byColumn[c] ?? 0)),
    ]),
  );
}

/**
 * A block as text; `table` is the table the block was built from (the official one by default),
 * whose figures the block's are compared with.
 */
export function blockText(r: BlockResult, seconds: number, table?: PrizeTable): string {
  const rules = getRules(r.game);
  const rows = r.levels.map((l) => [
    formatEuros(l.prizeCents),
    count(l.official),
    count(l.simulated),
    String(l.simulated - l.official),
    formatEuros(l.simulated * l.prizeCents),
  ]);
  rows.push([
    'losing',
    count(r.losing.official),
    count(r.losing.simulated),
    String(r.losing.simulated - r.losing.official),
    '',
  ]);
  const reference = table ?? officialBlock(r.game, r.stakeCents as StakeCents, r.seed).table;
  const official = tableFigures(reference);
  const which = table ? 'table' : 'official';
  const verdict = r.audit.ok
    ? 'PASS: every unit re-derived by the evaluator equals its assigned lot, and every level count equals the table (R4)'
    : `FAIL: ${r.audit.mismatches} unit(s) differ, level counts off at ${r.audit.countMismatches.length} level(s) (R4)`;
  const lines = [
    `Block seed ${r.seed} (${count(r.units)} units, ${rules.name}, ${formatEuros(r.stakeCents)} stake)`,
    textTable(['Lot', table ? 'Table' : 'Official', 'Simulated', 'Diff', 'Paid'], rows),
    `Paid ${formatEuros(r.paidCents)} (${which} ${formatEuros(r.officialPaidCents)})`,
    `RTP ${formatPercent(r.rtp)} (${which} ${formatPercent(official.rtp)}) · hit rate ${formatPercent(r.hitRate)} (1 in ${(1 / r.hitRate).toFixed(4)}) · sd ${r.sdStakes.toFixed(2)} stakes`,
    `Audit: ${verdict}`,
    ...r.audit.firstMismatches.map(
      (m) =>
        `  unit ${m.index}: assigned ${formatEuros(m.assignedCents)}, evaluated ${m.evaluatedCents === null ? 'invalid' : formatEuros(m.evaluatedCents)}: ${m.reason}`,
    ),
    'How each level was shown (M3–M5, G2):',
    presentationText(r),
    `Digest SHA-256: ${r.digest}`,
    `Merkle root:    ${r.merkleRoot}`,
    `Time: ${seconds.toFixed(2)} s`,
  ];
  return lines.join('\n');
}

export async function simulateCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { ...BLOCK_RUN_OPTIONS, json: { type: 'boolean', default: false } });
  const run = await parseBlockRun(values, SIMULATE_USAGE, 1000);
  const { game, stake, seed, blocks, workers } = run;
  const specs = Array.from({ length: blocks }, (_, k) => run.specFor(seed + k));
  const pool = threadPool(workers);
  let results: BlockResult[];
  let t0 = performance.now();
  try {
    await pool.warm(); // time the work, not the start of the threads
    t0 = performance.now();
    // progress on the terminal only (never in --json output or a pipe); Ctrl-C cancels
    const tty = process.stderr.isTTY;
    let shown = -1;
    results = await runBlocks(pool, specs, {
      ...(run.weights ? { weights: run.weights } : {}),
      ...(tty
        ? {
            onProgress: (p: BlockRunProgress) => {
              if (p.blocksDone !== shown) process.stderr.write(`\r${(shown = p.blocksDone)}/${p.blocks} blocks`);
            },
          }
        : {}),
    });
    if (tty) process.stderr.write('\r\x1b[K');
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  if (values.json) {
    process.stdout.write(`${JSON.stringify(simulateJson(results))}\n`);
  } else {
    const units = blocks * specs[0]!.table.blockUnits;
    const tableName = run.scenario ? ` · table "${run.scenario.name}"` : '';
    process.stdout.write(
      `${getRules(game).name} · stake ${formatEuros(stake)}${tableName} · ${results[0]!.generator}${results[0]!.m6Reading === 'strict' ? ' · M6 strict' : ''}${run.weights ? ` · presentation weights of "${values.presentation}" (M4, G2: not the official blocks of their seeds, R2)` : ''} · ${blocks} block(s) · ${workers} worker(s)\n\n`,
    );
    const table = run.scenario ? specs[0]!.table : undefined;
    for (const r of results) process.stdout.write(`${blockText(r, seconds / blocks, table)}\n\n`);
    const ok = results.every((r) => r.audit.ok);
    process.stdout.write(
      `${ok ? 'All blocks pass their audit.' : 'Some blocks FAIL their audit.'} ${count(units)} units in ${seconds.toFixed(2)} s (${count(Math.round(units / seconds))} units/s)\n`,
    );
  }
  return results.every((r) => r.audit.ok) ? 0 : 1;
}
