/**
 * The checks an emission gets beyond each block's own: a block delivered twice (under two names, or
 * in other bytes), a seed delivered twice (on two different blocks), one unit reference in two
 * blocks (two different blocks whose references name one block), a seed the supplier's manifest
 * declares that the block's header contradicts, and two blocks whose winners sit at the same,
 * shifted or mirrored positions more than chance allows ({@link reuseOverEmission}).
 *
 * The first four make the emission not conforming; the last is a finding to examine, like a
 * block's placement: a fair emission raises it with probability at most `alpha` (the emission's
 * share for it, given by `judgeEmission`).
 */
import type { VerifyResult } from '../import/verify/types';
import type { ReuseOverEmission } from './permutation-reuse';
import { reuseOverEmission } from './permutation-reuse';
import type { WinnerSketch } from './winner-sketch';

/** One block of the emission as verified. */
export interface EmissionBlock {
  readonly file: string;
  readonly sha256: string;
  readonly result: VerifyResult;
  /** The seed the supplier's manifest declares for this file; null when none does. */
  readonly declaredSeed: number | null;
  /** Where its winners sit; null when it was not a complete block whose counts equal the table. */
  readonly sketch: WinnerSketch | null;
}

export interface AcrossBlocks {
  /** For each block, the earlier block it is another copy of (index), or null. */
  readonly sameBlockAs: readonly (number | null)[];
  /** For each block, whether that copy has the very same bytes. */
  readonly sameBytes: readonly boolean[];
  /** Different blocks that share a seed: the seed and the blocks (indexes). */
  readonly seedsTwice: readonly { readonly seed: number; readonly blocks: readonly number[] }[];
  /** Different blocks whose unit references name one block (game, stake, generator, seed). */
  readonly refsTwice: readonly { readonly names: string; readonly blocks: readonly number[] }[];
  /** A block whose header's seed is not the one its manifest line declares. */
  readonly seedMismatches: readonly { readonly block: number; readonly declared: number; readonly header: number }[];
  /** Winners laid on one another, pair by pair, with Holm over the pairs. */
  readonly reuse: ReuseOverEmission;
  /** Distinct blocks whose winners could not be laid (incomplete, counts not equal to the table). */
  readonly notLaid: number;
}

/**
 * What makes two files one block: the game, stake, generator and seed of the header and the levels
 * of every unit in index order; the file's bytes when the levels were not read whole.
 */
export function sameBlockKey(sha256: string, r: VerifyResult): string {
  return r.levelsSha256 === null
    ? `bytes ${sha256}`
    : JSON.stringify([r.game, r.stakeCents, r.generator, r.seed, r.foreign, r.customWeights, r.levelsSha256]);
}

/** The block a file's unit references name, when they were checked against one (R3). */
function referencesName(r: VerifyResult): string | null {
  if (r.verdict === 'not-an-export' || r.checks.kind === 'foreign' || r.checks.kind === 'none') return null;
  const seed = r.checks.seed ?? r.seed;
  const generator = r.checks.generator ?? r.generator;
  return seed === null ? null : `${r.game} ${r.stakeCents} ${generator} ${seed}`;
}

/** Groups of two or more distinct blocks sharing a key. */
function twice<K>(keys: readonly (K | null)[], distinct: readonly boolean[]): { key: K; blocks: number[] }[] {
  const by = new Map<K, number[]>();
  keys.forEach((k, i) => {
    if (k === null || !distinct[i]) return;
    by.set(k, [...(by.get(k) ?? []), i]);
  });
  return [...by.entries()].filter(([, b]) => b.length > 1).map(([key, blocks]) => ({ key, blocks }));
}

/** The checks across the blocks of an emission, in the order the files were given. */
export function acrossBlocks(blocks: readonly EmissionBlock[], alpha = 0.01): AcrossBlocks {
  const keys = blocks.map((b) => sameBlockKey(b.sha256, b.result));
  const sameBlockAs = keys.map((k, i) => {
    const j = keys.indexOf(k);
    return j < i ? j : null;
  });
  const distinct = sameBlockAs.map((j) => j === null);
  const sameBytes = sameBlockAs.map((j, i) => j !== null && blocks[j]!.sha256 === blocks[i]!.sha256);
  const seeds = blocks.map((b) => b.declaredSeed ?? b.result.seed);
  const seedMismatches = blocks.flatMap((b, i) =>
    b.declaredSeed !== null && b.result.seed !== null && b.declaredSeed !== b.result.seed
      ? [{ block: i, declared: b.declaredSeed, header: b.result.seed }]
      : [],
  );
  const laid = blocks.map((b, i) =>
    distinct[i] && b.sketch && b.result.game !== null
      ? { group: `${b.result.game} ${b.result.stakeCents}`, sketch: b.sketch }
      : null,
  );
  return {
    sameBlockAs,
    sameBytes,
    seedsTwice: twice(seeds, distinct).map((g) => ({ seed: g.key, blocks: g.blocks })),
    refsTwice: twice(
      blocks.map((b) => referencesName(b.result)),
      distinct,
    ).map((g) => ({
      names: g.key,
      blocks: g.blocks,
    })),
    seedMismatches,
    reuse: reuseOverEmission(laid, alpha),
    notLaid: blocks.filter((b, i) => distinct[i] && b.result.verdict !== 'not-an-export' && !laid[i]).length,
  };
}

/** Whether the checks across blocks make the emission not conforming (a reuse finding does not). */
export function acrossFails(a: AcrossBlocks): boolean {
  return (
    a.sameBlockAs.some((j) => j !== null) ||
    a.seedsTwice.length > 0 ||
    a.refsTwice.length > 0 ||
    a.seedMismatches.length > 0
  );
}
