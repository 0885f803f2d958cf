/**
 * `bench`: generate + audit throughput per game, on one worker thread and on all, with peak
 * memory; three runs each, the median reported (speed is measured here, never in tests).
 */
import { availableParallelism } from 'node:os';
import { parseFlags } from '../args';
import { officialBlock } from '../../src-engine/index';
import type { GameId } from '../../src-engine/index';
import { RangePool } from '../pool';
import { count, textTable } from '../text-table';

interface BenchResult {
  game: GameId;
  workers: number;
  units_per_second: number;
  peak_rss_mb: number;
  runs_units_per_second: number[];
}

// About a second of work per run on one worker: short runs measure start-up noise, not throughput.
const BLOCKS: Record<GameId, number> = { 'mine-d-or': 4, 'les-3-gongs': 30 };

async function measure(game: GameId, workers: number, runs: number): Promise<BenchResult> {
  const pool = new RangePool(workers);
  // rss() alone: the full memoryUsage() walks the heap, work this thread should not add to the run
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const speeds: number[] = [];
  try {
    // warm-up: a whole block per worker, so that JIT and every level's presentations are ready
    await Promise.all(
      Array.from({ length: workers }, (_, k) => {
        const warm = officialBlock(game, 50, 999 + k);
        return pool.run(warm, 0, warm.table.blockUnits);
      }),
    );
    for (let run = 0; run < runs; run++) {
      const specs = Array.from({ length: BLOCKS[game] }, (_, k) => officialBlock(game, 50, 1000 * run + k));
      const t0 = performance.now();
      await pool.runBlocks(specs);
      const s = (performance.now() - t0) / 1000;
      speeds.push((specs.length * specs[0]!.table.blockUnits) / s);
    }
  } finally {
    clearInterval(timer);
    await pool.close();
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  const sorted = [...speeds].sort((a, b) => a - b);
  return {
    game,
    workers,
    units_per_second: Math.round(sorted[Math.floor(sorted.length / 2)]!),
    peak_rss_mb: Math.round(peak / 1024 / 1024),
    runs_units_per_second: speeds.map(Math.round),
  };
}

export async function benchCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { json: { type: 'boolean', default: false } });
  const all = availableParallelism();
  const results: BenchResult[] = [];
  for (const game of ['mine-d-or', 'les-3-gongs'] as const) {
    for (const w of all > 1 ? [1, all] : [1]) results.push(await measure(game, w, 3));
  }
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ results: results.map(({ game, workers, units_per_second, peak_rss_mb }) => ({ game, workers, units_per_second, peak_rss_mb })) })}\n`,
    );
    return 0;
  }
  process.stdout.write(
    `${textTable(
      ['Game', 'Workers', 'Units/s (median of 3)', 'Runs', 'Peak RSS'],
      results.map((r) => [
        r.game,
        String(r.workers),
        count(r.units_per_second),
        r.runs_units_per_second.map(count).join(' / '),
        `${r.peak_rss_mb} MB`,
      ]),
    )}\n`,
  );
  for (const game of ['mine-d-or', 'les-3-gongs'] as const) {
    const one = results.find((r) => r.game === game && r.workers === 1)!;
    const many = results.find((r) => r.game === game && r.workers === all);
    if (many && many !== one)
      process.stdout.write(
        `${game}: ${all} workers = ${(many.units_per_second / one.units_per_second).toFixed(2)}× one worker\n`,
      );
  }
  return 0;
}
