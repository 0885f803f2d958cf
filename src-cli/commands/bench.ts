/**
 * `bench`: generate + audit throughput per game, on one worker thread and on all, with peak
 * memory; three runs each, the median reported (speed is measured here, never in tests). Also where
 * one block's time goes (placement, generation, evaluation, records, hashing), and the plain C
 * reference of a Mine d'or block beside the engine when gcc exists.
 */
import { availableParallelism } from 'node:os';
import { parseFlags } from '../args';
import { CReference, MachineScaling } from '../bench/c-beside';
import { measure, stages } from '../bench/measure';
import type { BenchResult } from '../bench/measure';
import { count, textTable } from '../text-table';

/** The command's usage line. */
export const BENCH_USAGE = 'bench [--json]';

export async function benchCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { json: { type: 'boolean', default: false } });
  const all = availableParallelism();
  const results: BenchResult[] = [];
  const cRef = new CReference();
  const machine = new MachineScaling(cRef.binaryPath);
  for (const game of ['mine-d-or', 'les-3-gongs'] as const) {
    for (const w of all > 1 ? [1, all] : [1])
      results.push(
        await measure(game, w, 3, game === 'mine-d-or' && w === 1 ? cRef.afterRun : machine.afterRun(game, w)),
      );
  }
  const c = cRef.result() ?? cRef.skipped ?? 'not run';
  const stageRows = (['mine-d-or', 'les-3-gongs'] as const).map((game) => ({ game, ...stages(game) }));
  const shares = stageRows.map(({ game, ...t }) => {
    const total = t.placement + t.generation + t.evaluation + t.records + t.hashing;
    return {
      game,
      placement: t.placement / total,
      generation: t.generation / total,
      evaluation: t.evaluation / total,
      records: t.records / total,
      hashing: t.hashing / total,
    };
  });
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({
        results: results.map(({ game, workers, units_per_second, units_per_cpu_second, peak_rss_mb, scaling }) => ({
          game,
          workers,
          units_per_second,
          units_per_cpu_second,
          peak_rss_mb,
          scaling,
        })),
        time_shares: shares,
        c_reference: typeof c === 'string' ? null : c,
        machine_scaling: Object.fromEntries((['mine-d-or', 'les-3-gongs'] as const).map((g) => [g, machine.ratio(g)])),
      })}\n`,
    );
    return 0;
  }
  process.stdout.write(
    `${textTable(
      ['Game', 'Workers', 'Units/s (median of 3)', 'Runs', 'Units per CPU-second', 'Peak RSS'],
      results.map((r) => [
        r.game,
        String(r.workers),
        count(r.units_per_second),
        r.runs_units_per_second.map((x) => count(x)).join(' / '),
        count(r.units_per_cpu_second),
        `${r.peak_rss_mb} MB`,
      ]),
    )}\n`,
  );
  for (const game of ['mine-d-or', 'les-3-gongs'] as const) {
    const one = results.find((r) => r.game === game && r.workers === 1)!;
    const many = results.find((r) => r.game === game && r.workers === all);
    if (many && many !== one) {
      const ratio = many.units_per_second / one.units_per_second;
      const c = machine.ratio(game);
      process.stdout.write(
        `${game}: ${all} workers = ${ratio.toFixed(2)}× one worker` +
          (c === null
            ? '\n'
            : `; plain C, ${all} processes at once right after each run, gave ${c.toFixed(2)}× one:` +
              ` the engine's ratio is ${(ratio / c).toFixed(2)} of the machine's\n`),
      );
    }
  }
  const pct = (x: number): string => `${(100 * x).toFixed(0)} %`;
  const scaled = results.filter((r) => r.scaling !== null);
  if (scaled.length > 0) {
    const each = (xs: readonly number[]): string => xs.map(pct).join(' / ');
    process.stdout.write(
      `\nWhere the wall time went (all timed runs; per worker: in jobs / on a core / waiting for a core):\n${textTable(
        ['Game', 'Workers', 'In jobs', 'On a core', 'Waiting', 'Main thread on a core', 'Units per worker CPU-second'],
        scaled.map((r) => {
          const x = r.scaling!;
          return [
            r.game,
            String(r.workers),
            each(x.worker_busy_share),
            each(x.worker_cpu_share),
            each(x.worker_wait_share),
            pct(x.main_cpu_share),
            count(x.units_per_worker_cpu_second),
          ];
        }),
      )}\n`,
    );
  }
  process.stdout.write(
    `\nWhere one block's time goes (one thread, fastest of 5 passes each):\n${textTable(
      ['Game', 'Placement', 'Generation', 'Evaluation', 'Records', 'Hashing'],
      shares.map((r) => [
        r.game,
        pct(r.placement),
        pct(r.generation),
        pct(r.evaluation),
        pct(r.records),
        pct(r.hashing),
      ]),
    )}\n`,
  );
  if (typeof c === 'string') {
    process.stdout.write(`\nC reference: ${c}\n`);
    return 0;
  }
  process.stdout.write(
    `\nC reference (scripts/c-reference, gcc -O2, one thread, Mine d'or at 0.50 €, the same blocks right after` +
      ` each one-worker run; medians of 3):\n` +
      `  with the digest    ${count(c.units_per_second)} units/s; engine on one worker = ${c.engine_ratio.toFixed(2)}× C\n` +
      `  without the digest ${count(c.units_per_second_no_digest)} units/s; engine on one worker = ${c.engine_ratio_no_digest.toFixed(2)}× C\n` +
      `  per CPU-second     ${count(c.units_per_cpu_second)} units with the digest; engine = ${c.engine_cpu_ratio.toFixed(2)}× C\n` +
      `  records and SHA-256 take ${pct(c.digest_share)} of the C program's time; ` +
      `its digests ${c.digests_match ? 'equal' : 'DIFFER FROM'} the engine's for the same seeds (R1)\n`,
  );
  return c.digests_match ? 0 : 1;
}
