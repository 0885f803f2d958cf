/**
 * An emission judged as one: each block's own verdict, the checks across blocks, the placement
 * family decided over the emission's distinct blocks (Holm at 1 %), and one verdict for the whole.
 *
 * - NOT CONFORMING: a block not conforming or not an export, a file the manifest lists missing or
 *   of other bytes, a block delivered twice, a seed delivered twice, one unit reference in two
 *   blocks, or a seed the manifest declares that the header contradicts;
 * - CONFORMING, with findings to examine: a block's placement, or two blocks' winners laid on one
 *   another, rejected at 1 % over the emission (a fair emission does so at most 1 time in 100);
 * - CONFORMING otherwise.
 */
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
  readonly across: AcrossBlocks;
  /** Each block's placement finding, decided over the emission's distinct blocks; null when not tested. */
  readonly placement: readonly (PlacementFinding | null)[];
  readonly placementFindings: number;
  readonly verdict: EmissionVerdict;
}

export function judgeEmission(input: EmissionInput, alpha = 0.01): JudgedEmission {
  const across = acrossBlocks(input.blocks, alpha);
  // one family over the distinct blocks: another copy of a block takes its first copy's finding
  const distinct = findingsOverSet(
    input.blocks.map((b, i) => (across.sameBlockAs[i] === null ? b.result.placement : null)),
    alpha,
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
  return { ...input, across, placement, placementFindings, verdict };
}
