/**
 * The plain C reference beside `bench`'s engine figures (scripts/c-reference, c-reference.ts): the
 * same Mine d'or blocks on one thread, and the machine's own scaling as several C processes.
 */
import type { GameId } from '@engine';
import { cReferenceScaling, compileCReference, runCReference } from '../c-reference';
import { BLOCKS, median } from './measure';
import type { AfterRun } from './measure';

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

/**
 * The C reference beside the engine: right after each timed one-worker Mine d'or run, the C program
 * builds the same blocks with the digest and without, so each ratio compares runs of the same
 * moment of a shared machine; the medians are reported.
 */
export class CReference {
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
export class MachineScaling {
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
