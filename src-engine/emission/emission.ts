/**
 * An emission judged as one: each block's own verdict, the checks across blocks, the placement
 * family decided over the emission's distinct blocks, and one verdict for the whole.
 *
 * - NOT CONFORMING: a block not conforming or not an export, a file the manifest lists missing or
 *   of other bytes, a block delivered twice, a seed delivered twice, one unit reference in two
 *   blocks, or a seed the manifest declares that the header contradicts;
 * - CONFORMING, with findings to examine: a block's placement (Holm over the distinct blocks at
 *   α/2), or two blocks' winners laid on one another (Holm over the pairs at α/2). The two shares
 *   add up to α = 1 % (Bonferroni between the two families), so a fair emission raises a finding at
 *   most 1 time in 100; each family at the whole 1 % would allow up to 2 in 100;
 * - CONFORMING otherwise.
 */
import { ALPHA } from '../stats/placement-constants';
import type { PlacementFinding } from '../stats/placement-finding';
import { findingsOverSet } from '../stats/placement-finding';
import type { AcrossBlocks, EmissionBlock } from './across-blocks';
import { acrossBlocks, acrossFails } from './across-blocks';

/** Where the emission's list of files came from. */
export type EmissionSource = 'folder' | 'manifest' | 'files';

/** A message in both languages. */
export interface Said {
  readonly message: string;
  readonly fr: string;
}

export interface EmissionBlockIn extends EmissionBlock {
  readonly bytes: number;
  /** What the manifest says against the file (other bytes than it lists); null when nothing. */
  readonly problem: Said | null;
}

export interface EmissionInput {
  /** The manifest's emission name, or the folder, or the files' count. */
  readonly name: string;
  readonly source: EmissionSource;
  /** The folder or manifest read; null for a list of files. */
  readonly path: string | null;
  readonly blocks: readonly EmissionBlockIn[];
  /** Files the manifest lists that could not be read, each with why. */
  readonly missing: readonly { readonly file: string; readonly why: Said }[];
  /** What the folder held besides exports, each with why it was skipped. */
  readonly skipped: readonly { readonly file: string; readonly why: Said }[];
}

export type EmissionVerdict = 'conforming' | 'conforming-with-findings' | 'not-conforming';

export interface JudgedEmission extends EmissionInput {
  /** The chance a fair emission raises a finding, at most: half to placement, half to reuse. */
  readonly alpha: number;
  /** The placement family's share of {@link alpha}. */
  readonly placementAlpha: number;
  readonly across: AcrossBlocks;
  /** Each block's placement finding, decided over the emission's distinct blocks; null when not tested. */
  readonly placement: readonly (PlacementFinding | null)[];
  readonly placementFindings: number;
  readonly verdict: EmissionVerdict;
}

/** Each family's share of an emission's `alpha`: placement over the blocks, winners laid on one another. */
export const familyAlpha = (alpha = ALPHA): number => alpha / 2;

export function judgeEmission(input: EmissionInput, alpha = ALPHA): JudgedEmission {
  const share = familyAlpha(alpha);
  const across = acrossBlocks(input.blocks, share);
  // one family over the distinct blocks: another copy of a block takes its first copy's finding
  const distinct = findingsOverSet(
    input.blocks.map((b, i) => (across.sameBlockAs[i] === null ? b.result.placement : null)),
    share,
  );
  const placement = distinct.map((f, i) => {
    const j = across.sameBlockAs[i];
    return j === null || j === undefined ? f : distinct[j]!;
  });
  const placementFindings = distinct.filter((f) => f?.finding).length;
  const fails =
    input.missing.length > 0 ||
    input.blocks.length === 0 ||
    input.blocks.some((b) => b.result.verdict !== 'conforming' || b.problem !== null) ||
    acrossFails(across);
  const verdict: EmissionVerdict = fails
    ? 'not-conforming'
    : placementFindings > 0 || across.reuse.findings.length > 0
      ? 'conforming-with-findings'
      : 'conforming';
  return { ...input, alpha, placementAlpha: share, across, placement, placementFindings, verdict };
}
