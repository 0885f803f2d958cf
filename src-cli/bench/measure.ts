/**
 * `bench`'s measurement: generate + audit throughput of one game on a pool of worker threads, with
 * peak memory and where the wall time went; and where one block's time goes on this thread
 * (placement, generation, evaluation, records, hashing). Speed is measured here, never in tests.
 */
import { createHash } from 'node:crypto';
import { officialBlock, stageSeconds } from '@engine';
import type { GameId, StageSeconds } from '@engine';
import { runBlocks } from '@shared/block-run/runner';
import { threadPool } from '../pool';
import { threadCpu } from '../thread-cpu';

export interface BenchResult {
  game: GameId;
  workers: number;
  units_per_second: number;
  peak_rss_mb: number;
  runs_units_per_second: number[];
  /** Units per second of CPU time of the whole process (all threads): what a shared machine disturbs least. */
  units_per_cpu_second: number;
  /** Where the wall time went, summed over the timed runs (Linux; null elsewhere). */
  scaling: Scaling | null;
}

/**
 * The evidence for two-worker scaling: each worker's share of the wall time spent in jobs, on a
 * core, and waiting for one (other load), and the main thread's CPU time (dispatch and merging).
 */
export interface Scaling {
  /** Per worker: time inside jobs ÷ wall time of the runs. */
  readonly worker_busy_share: number[];
  /** Per worker: its thread's CPU time in jobs ÷ wall time. */
  readonly worker_cpu_share: number[];
  /** Per worker: time its thread waited for a core in jobs ÷ wall time (the machine's other load). */
  readonly worker_wait_share: number[];
  /** Units per CPU-second of the worker threads alone. */
  readonly units_per_worker_cpu_second: number;
  /** The main thread's CPU time ÷ wall time. */
  readonly main_cpu_share: number;
}

/** The middle value (the upper one of an even count). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// About a second of work per run and per worker (the blocks are multiplied by the workers): short
// runs measure start-up and the last range's tail, not throughput.
export const BLOCKS: Record<GameId, number> = { 'mine-d-or': 4, 'les-3-gongs': 30 };
/** Warm-up blocks per worker: V8's background compiling is over by then (about a second of work). */
const WARM_BLOCKS: Record<GameId, number> = { 'mine-d-or': 4, 'les-3-gongs': 6 };

/** Called after each timed run with its speed and block digests (the C reference runs there). */
export type AfterRun = (
  run: number,
  seeds: readonly number[],
  speed: { readonly wall: number; readonly cpu: number },
  digests: readonly string[],
) => void | Promise<void>;

/** How many blocks a run and a warm-up take per worker: the bench's own unless a test asks for less. */
export interface RunSize {
  readonly blocks: number;
  readonly warm: number;
}

/** Times `runs` runs of `game` on `workers` threads after a warm-up; the median speed is reported. */
export async function measure(
  game: GameId,
  workers: number,
  runs: number,
  afterRun?: AfterRun,
  size: RunSize = { blocks: BLOCKS[game], warm: WARM_BLOCKS[game] },
): Promise<BenchResult> {
  const pool = threadPool(workers);
  // rss() alone: the full memoryUsage() walks the heap, work this thread should not add to the run
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const speeds: number[] = [];
  const cpuSpeeds: number[] = [];
  let wallMs = 0;
  let mainNs: number | null = 0;
  let units = 0;
  try {
    // Warm-up: WARM_BLOCKS blocks per worker, until V8 has stopped compiling. Each worker thread
    // compiles the engine for itself on background threads during its first blocks (≈ 0.1 CPU-s
    // for Les 3 Gongs, 0.25 for Mine d'or): one worker leaves them a free core, two do not, so an
    // unfinished warm-up shows as poor scaling that steady work does not have.
    await Promise.all(
      Array.from({ length: workers }, async (_, k) => {
        for (let b = 0; b < size.warm; b++) {
          const warm = officialBlock(game, 50, 999 - b * workers - k);
          await pool.run('range', { spec: warm, from: 0, to: warm.table.blockUnits });
        }
      }),
    );
    pool.resetStats();
    for (let run = 0; run < runs; run++) {
      const specs = Array.from({ length: size.blocks * workers }, (_, k) => officialBlock(game, 50, 1000 * run + k));
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const m0 = threadCpu();
      const blocks = await runBlocks(pool, specs);
      const m1 = threadCpu();
      const ms = performance.now() - t0;
      const s = ms / 1000;
      const cpu = process.cpuUsage(c0);
      const runUnits = specs.length * specs[0]!.table.blockUnits;
      wallMs += ms;
      units += runUnits;
      mainNs = mainNs !== null && m0 && m1 ? mainNs + m1.runNs - m0.runNs : null;
      speeds.push(runUnits / s);
      cpuSpeeds.push(runUnits / ((cpu.user + cpu.system) / 1e6));
      await afterRun?.(
        run,
        specs.map((x) => x.seed),
        { wall: speeds.at(-1)!, cpu: cpuSpeeds.at(-1)! },
        blocks.map((b) => b.digest),
      );
    }
  } finally {
    clearInterval(timer);
    await pool.close();
  }
  const stats = pool.workerStats();
  const wallNs = wallMs * 1e6;
  const workerNs = stats.reduce<number | null>((a, w) => (a === null || w.runNs === null ? null : a + w.runNs), 0);
  const scaling: Scaling | null =
    mainNs === null || workerNs === null
      ? null
      : {
          worker_busy_share: stats.map((w) => (w.busyMs * 1e6) / wallNs),
          worker_cpu_share: stats.map((w) => w.runNs! / wallNs),
          worker_wait_share: stats.map((w) => w.waitNs! / wallNs),
          units_per_worker_cpu_second: Math.round(units / (workerNs / 1e9)),
          main_cpu_share: mainNs / wallNs,
        };
  peak = Math.max(peak, process.memoryUsage.rss());
  const sorted = [...speeds].sort((a, b) => a - b);
  return {
    game,
    workers,
    units_per_second: Math.round(sorted[Math.floor(sorted.length / 2)]!),
    peak_rss_mb: Math.round(peak / 1024 / 1024),
    runs_units_per_second: speeds.map(Math.round),
    units_per_cpu_second: Math.round(median(cpuSpeeds)),
    scaling,
  };
}

/** Node's SHA-256, as the command line's workers hash segments. */
const nodeSha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

/** Where one block's time goes, as shares of the total. */
export interface TimeShares {
  readonly game: GameId;
  readonly placement: number;
  readonly generation: number;
  readonly evaluation: number;
  readonly records: number;
  readonly hashing: number;
}

/** Stage times of one block on this thread: a warm-up block, then each pass five times, the fastest kept. */
function stages(game: GameId): StageSeconds {
  stageSeconds(officialBlock(game, 50, 999), () => performance.now(), nodeSha256);
  return stageSeconds(officialBlock(game, 50, 0), () => performance.now(), nodeSha256, 5);
}

/** Where one block's time goes in each game, as shares of the block's time. */
export function timeShares(): TimeShares[] {
  return (['mine-d-or', 'les-3-gongs'] as const).map((game) => {
    const t = stages(game);
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
}
