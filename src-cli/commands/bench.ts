/**
 * `bench`: generate + audit throughput per game, on one worker thread and on all, with peak
 * memory; three runs each, the median reported (speed is measured here, never in tests). Also where
 * one block's time goes (placement, generation, evaluation, records, hashing), and the plain C
 * reference of a Mine d'or block beside the engine when gcc exists.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { parseFlags, parseLang } from '../args';
import type { CliLang } from '../args';
import { formatDecimal, officialBlock, stageSeconds } from '@engine';
import type { GameId, StageSeconds } from '@engine';
import { cReferenceScaling, compileCReference, runCReference } from '../c-reference';
import { runBlocks } from '@shared/block-run/runner';
import { threadPool } from '../pool';
import { threadCpu } from '../thread-cpu';
import { count, textTable } from '../text-table';

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

export interface CReferenceResult {
  readonly units_per_second: number;
  readonly units_per_second_no_digest: number;
  /** Share of the C program's time spent on records and their SHA-256. */
  readonly digest_share: number;
  /** Engine on one worker ÷ C with the digest (the same work). */
  readonly engine_ratio: number;
  /** Engine on one worker ÷ C without the digest. */
  readonly engine_ratio_no_digest: number;
  /** The C program's CPU-time speed with the digest, and the engine's ÷ it (less disturbed by other load). */
  readonly units_per_cpu_second: number;
  readonly engine_cpu_ratio: number;
  /** The C program's block digests equal the engine's for the same seeds (R1). */
  readonly digests_match: boolean;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// About a second of work per run and per worker (the blocks are multiplied by the workers): short
// runs measure start-up and the last range's tail, not throughput.
const BLOCKS: Record<GameId, number> = { 'mine-d-or': 4, 'les-3-gongs': 30 };
/** Warm-up blocks per worker: V8's background compiling is over by then (about a second of work). */
const WARM_BLOCKS: Record<GameId, number> = { 'mine-d-or': 4, 'les-3-gongs': 6 };

/** Called after each timed run with its speed and block digests (the C reference runs there). */
type AfterRun = (
  run: number,
  seeds: readonly number[],
  speed: { readonly wall: number; readonly cpu: number },
  digests: readonly string[],
) => void | Promise<void>;

async function measure(game: GameId, workers: number, runs: number, afterRun?: AfterRun): Promise<BenchResult> {
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
        for (let b = 0; b < WARM_BLOCKS[game]; b++) {
          const warm = officialBlock(game, 50, 999 - b * workers - k);
          await pool.run('range', { spec: warm, from: 0, to: warm.table.blockUnits });
        }
      }),
    );
    pool.resetStats();
    for (let run = 0; run < runs; run++) {
      const specs = Array.from({ length: BLOCKS[game] * workers }, (_, k) => officialBlock(game, 50, 1000 * run + k));
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

/** Stage times of one block on this thread: a warm-up block, then each pass five times, the fastest kept. */
function stages(game: GameId): StageSeconds {
  stageSeconds(officialBlock(game, 50, 999), () => performance.now(), nodeSha256);
  return stageSeconds(officialBlock(game, 50, 0), () => performance.now(), nodeSha256, 5);
}

/**
 * The C reference beside the engine: right after each timed one-worker Mine d'or run, the C program
 * builds the same blocks with the digest and without, so each ratio compares runs of the same
 * moment of a shared machine; the medians are reported.
 */
class CReference {
  private readonly binary: string | null;
  readonly skipped: string | null;
  private readonly withDigest: number[] = [];
  private readonly without: number[] = [];
  private readonly ratios: number[] = [];
  private readonly ratiosNoDigest: number[] = [];
  private readonly cpuWithDigest: number[] = [];
  private readonly cpuRatios: number[] = [];
  private digestsMatch = true;

  constructor() {
    const compiled = compileCReference();
    this.binary = 'binary' in compiled ? compiled.binary : null;
    this.skipped = 'error' in compiled ? compiled.error : null;
  }

  /** The compiled program, or null when it could not be built. */
  get binaryPath(): string | null {
    return this.binary;
  }

  readonly afterRun: AfterRun = (_run, seeds, engine, digests) => {
    if (!this.binary) return;
    const c = runCReference(this.binary, seeds[0]!, seeds.length, true);
    const n = runCReference(this.binary, seeds[0]!, seeds.length, false);
    this.digestsMatch &&= c.audit_ok && JSON.stringify(c.digests) === JSON.stringify(digests);
    this.withDigest.push(c.units_per_second);
    this.without.push(n.units_per_second);
    this.ratios.push(engine.wall / c.units_per_second);
    this.ratiosNoDigest.push(engine.wall / n.units_per_second);
    this.cpuWithDigest.push(c.units_per_cpu_second);
    this.cpuRatios.push(engine.cpu / c.units_per_cpu_second);
  };

  result(): CReferenceResult | null {
    if (this.withDigest.length === 0) return null;
    const w = median(this.withDigest);
    const n = median(this.without);
    return {
      units_per_second: Math.round(w),
      units_per_second_no_digest: Math.round(n),
      digest_share: 1 - w / n,
      engine_ratio: median(this.ratios),
      engine_ratio_no_digest: median(this.ratiosNoDigest),
      units_per_cpu_second: Math.round(median(this.cpuWithDigest)),
      engine_cpu_ratio: median(this.cpuRatios),
      digests_match: this.digestsMatch,
    };
  }
}

/**
 * The machine's own scaling beside the engine's: right after each timed run on several workers, the
 * C program runs as that many processes at once and as one (c-reference.ts); medians per game.
 */
class MachineScaling {
  private readonly ratios = new Map<GameId, number[]>();

  constructor(private readonly binary: string | null) {}

  afterRun(game: GameId, workers: number): AfterRun | undefined {
    const binary = this.binary;
    if (!binary || workers < 2) return undefined;
    return async (_run, seeds) => {
      const r = await cReferenceScaling(binary, seeds[0]!, BLOCKS['mine-d-or'], workers);
      this.ratios.set(game, [...(this.ratios.get(game) ?? []), r.ratio]);
    };
  }

  /** Median of the C ratios measured beside `game`'s runs, or null. */
  ratio(game: GameId): number | null {
    const xs = this.ratios.get(game);
    return xs && xs.length > 0 ? median(xs) : null;
  }
}

/** The command's usage line. */
export const BENCH_USAGE = 'bench [--lang fr|en] [--json]';

export async function benchCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { lang: { type: 'string' }, json: { type: 'boolean', default: false } });
  const lang = parseLang(values.lang);
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
  process.stdout.write(benchText({ results, shares, c, all, ratio: (g) => machine.ratio(g) }, lang));
  return typeof c === 'string' || c.digests_match ? 0 : 1;
}

/** Where one block's time goes, as shares of the total. */
export interface TimeShares {
  readonly game: GameId;
  readonly placement: number;
  readonly generation: number;
  readonly evaluation: number;
  readonly records: number;
  readonly hashing: number;
}

/** What a bench measured, as its text prints it. */
export interface BenchFigures {
  readonly results: readonly BenchResult[];
  readonly shares: readonly TimeShares[];
  /** The C reference's figures, or why it did not run. */
  readonly c: CReferenceResult | string;
  /** Worker threads of the many-worker runs. */
  readonly all: number;
  /** The plain C program's own scaling beside a game's runs, or null. */
  readonly ratio: (game: GameId) => number | null;
}

/** The bench as text, in one language with its own number formats (`--lang`). */
export function benchText(f: BenchFigures, lang: CliLang): string {
  const { results, shares, c, all } = f;
  const fr = lang === 'fr';
  const n = (x: number): string => count(x, lang);
  const times = (x: number): string => `${formatDecimal(x, lang, 2)}×`;
  const pct = (x: number): string => `${formatDecimal(100 * x, lang, 0)}${fr ? ' %' : '%'}`;
  const out: string[] = [];
  out.push(
    `${textTable(
      fr
        ? ['Jeu', 'Workers', 'Unités/s (médiane de 3)', 'Passes', 'Unités par seconde CPU', 'Mémoire max.']
        : ['Game', 'Workers', 'Units/s (median of 3)', 'Runs', 'Units per CPU-second', 'Peak RSS'],
      results.map((r) => [
        r.game,
        n(r.workers),
        n(r.units_per_second),
        r.runs_units_per_second.map(n).join(' / '),
        n(r.units_per_cpu_second),
        `${n(r.peak_rss_mb)} ${fr ? 'Mo' : 'MB'}`,
      ]),
    )}\n`,
  );
  for (const game of ['mine-d-or', 'les-3-gongs'] as const) {
    const one = results.find((r) => r.game === game && r.workers === 1);
    const many = results.find((r) => r.game === game && r.workers === all);
    if (one && many && many !== one) {
      const ratio = many.units_per_second / one.units_per_second;
      const m = f.ratio(game);
      const machine =
        m === null
          ? ''
          : fr
            ? ` ; le C seul, ${n(all)} processus à la fois juste après chaque passe, a donné ${times(m)} un seul :` +
              ` le rapport du moteur vaut ${formatDecimal(ratio / m, lang, 2)} de celui de la machine`
            : `; plain C, ${n(all)} processes at once right after each run, gave ${times(m)} one:` +
              ` the engine's ratio is ${formatDecimal(ratio / m, lang, 2)} of the machine's`;
      out.push(
        fr
          ? `${game} : ${n(all)} workers = ${times(ratio)} un seul worker${machine}\n`
          : `${game}: ${n(all)} workers = ${times(ratio)} one worker${machine}\n`,
      );
    }
  }
  const scaled = results.filter((r) => r.scaling !== null);
  if (scaled.length > 0) {
    const each = (xs: readonly number[]): string => xs.map(pct).join(' / ');
    out.push(
      `\n${
        fr
          ? "Où est allé le temps réel (toutes les passes mesurées ; par worker : en tâche / sur un cœur / en attente d'un cœur) :"
          : 'Where the wall time went (all timed runs; per worker: in jobs / on a core / waiting for a core):'
      }\n${textTable(
        fr
          ? [
              'Jeu',
              'Workers',
              'En tâche',
              'Sur un cœur',
              'En attente',
              'Thread principal sur un cœur',
              'Unités par seconde CPU de worker',
            ]
          : [
              'Game',
              'Workers',
              'In jobs',
              'On a core',
              'Waiting',
              'Main thread on a core',
              'Units per worker CPU-second',
            ],
        scaled.map((r) => {
          const x = r.scaling!;
          return [
            r.game,
            n(r.workers),
            each(x.worker_busy_share),
            each(x.worker_cpu_share),
            each(x.worker_wait_share),
            pct(x.main_cpu_share),
            n(x.units_per_worker_cpu_second),
          ];
        }),
      )}\n`,
    );
  }
  out.push(
    `\n${
      fr
        ? "Où va le temps d'un bloc (un thread, la plus rapide de 5 passes chacune) :"
        : "Where one block's time goes (one thread, fastest of 5 passes each):"
    }\n${textTable(
      fr
        ? ['Jeu', 'Placement', 'Génération', 'Évaluation', 'Enregistrements', 'Hachage']
        : ['Game', 'Placement', 'Generation', 'Evaluation', 'Records', 'Hashing'],
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
    out.push(`\n${fr ? 'Référence C :' : 'C reference:'} ${c}\n`);
    return out.join('');
  }
  out.push(
    fr
      ? `\nRéférence C (scripts/c-reference, gcc -O2, un thread, Mine d'or à 0,50 €, les mêmes blocs juste après` +
          ` chaque passe à un worker ; médianes de 3) :\n` +
          `  avec l'empreinte    ${n(c.units_per_second)} unités/s ; moteur sur un worker = ${times(c.engine_ratio)} le C\n` +
          `  sans l'empreinte    ${n(c.units_per_second_no_digest)} unités/s ; moteur sur un worker = ${times(c.engine_ratio_no_digest)} le C\n` +
          `  par seconde CPU     ${n(c.units_per_cpu_second)} unités avec l'empreinte ; moteur = ${times(c.engine_cpu_ratio)} le C\n` +
          `  les enregistrements et le SHA-256 prennent ${pct(c.digest_share)} du temps du programme C ; ` +
          `ses empreintes ${c.digests_match ? 'égalent' : 'DIFFÈRENT DE'} celles du moteur pour les mêmes graines (R1)\n`
      : `\nC reference (scripts/c-reference, gcc -O2, one thread, Mine d'or at €0.50, the same blocks right after` +
          ` each one-worker run; medians of 3):\n` +
          `  with the digest    ${n(c.units_per_second)} units/s; engine on one worker = ${times(c.engine_ratio)} C\n` +
          `  without the digest ${n(c.units_per_second_no_digest)} units/s; engine on one worker = ${times(c.engine_ratio_no_digest)} C\n` +
          `  per CPU-second     ${n(c.units_per_cpu_second)} units with the digest; engine = ${times(c.engine_cpu_ratio)} C\n` +
          `  records and SHA-256 take ${pct(c.digest_share)} of the C program's time; ` +
          `its digests ${c.digests_match ? 'equal' : 'DIFFER FROM'} the engine's for the same seeds (R1)\n`,
  );
  return out.join('');
}
