/**
 * What the export check returns (docs/reference/file-formats.md, foreign-blocks.md): the verdict, each
 * discrepancy by line, and the identity of the block it was judged against.
 */
import type { GameId } from '../../rules/types';
import type { UnitView } from '../../games/unit-view';
import type { PlacementVerdict } from '../../stats/placement-of-levels';

export const MAX_DISCREPANCIES = 100;
/** A line longer than this is reported and skipped, never held in memory. */
export const MAX_LINE_CHARS = 64 * 1024;

export interface Discrepancy {
  /** 1-based line number in the file, or null for the file as a whole. */
  readonly line: number | null;
  readonly index?: number;
  readonly field?: string;
  /** The reference (R3) of the unit the line should hold, when the block is known. */
  readonly ref?: string;
  /** The value the field should hold (as in the file: JSON or CSV text), when known. */
  readonly expected?: string;
  /** When `expected` describes a missing field in words rather than a value: the same words in French. */
  readonly expectedFr?: string;
  /** The value the file holds in that field. */
  readonly found?: string;
  /** The whole message, starting with "line N:" when it concerns a line. */
  readonly message: string;
  /** The same message in French, starting with « ligne N : » when it concerns a line. */
  readonly fr: string;
}

export interface LevelCount {
  /** 0 for losing units. */
  readonly prizeCents: number;
  readonly official: number;
  readonly found: number;
}

/**
 * What a checked file turned out to be: an export of this application that conforms, one that does
 * not (each discrepancy listed), or no export at all (empty, header only, unreadable header, binary,
 * a pretty-printed JSON file…), whose reason is given instead of discrepancies.
 */
export type VerifyVerdict = 'conforming' | 'not-conforming' | 'not-an-export';

export interface VerifyResult {
  readonly ok: boolean;
  readonly verdict: VerifyVerdict;
  /** Why the file is not an export (English and French), when `verdict` is `not-an-export`. */
  readonly notAnExport: { readonly message: string; readonly fr: string } | null;
  readonly format: 'jsonl' | 'csv' | null;
  readonly game: GameId | null;
  readonly stakeCents: number | null;
  readonly seed: number | null;
  readonly generator: string | null;
  /**
   * A block this application did not make (its header names no generator of ours, or no seed):
   * not regenerated, references optional, and its placement verdict is part of its conformity.
   */
  readonly foreign: boolean;
  /**
   * The header states presentation weights other than the defaults (M4, G2,
   * `presentation_weights`): the block is regenerated with them.
   */
  readonly customWeights: boolean;
  /** Lines read, header included, empty last line excluded. */
  readonly lines: number;
  /** Unit lines read (well-formed or not). */
  readonly unitLines: number;
  /** Units whose line was well-formed and whose lot the evaluator re-derived equal to prize_cents. */
  readonly unitsVerified: number;
  readonly expectedUnits: number | null;
  readonly complete: boolean;
  /** Units also compared with the block regenerated from its seed. */
  readonly regenerated: number;
  readonly paidCents: number;
  readonly counts: readonly LevelCount[];
  /** Whether the counts equal the official table; null when the block is incomplete or unknown. */
  readonly countsMatch: boolean | null;
  readonly discrepancyCount: number;
  readonly discrepancies: readonly Discrepancy[];
  /**
   * The placement tests of the block read from the file, with the overall Holm verdict in `ok`;
   * null when the file is not a complete block whose counts equal the table. Statistical evidence
   * beside the verdict for a block of ours (`ok` above does not depend on it); part of the verdict
   * for a foreign block.
   */
  readonly placement: PlacementVerdict | null;
  /**
   * SHA-256 (hex) of the level of every unit in index order, the data the placement tests read;
   * null when they were not run. Two files with the same header and the same levels are one block
   * to a set's Holm family, whatever their bytes (line ends, key order).
   */
  readonly levelsSha256: string | null;
  /** Which checks the file got (regeneration against a generator and seed, or a foreign block's). */
  readonly checks: VerifyChecks;
}

/**
 * Which checks a file got, said in the verdict itself: regenerated against a generator and seed
 * (R1), or a foreign block's rules (R4), counts (art. 3) and placement only.
 * - `regenerated`: a block of ours, every unit compared with the block its header names;
 * - `regenerated-from-references`: a header that names no generator of ours (or no seed) over units
 *   whose references name a block of ours: regenerated against the block they name (R3);
 * - `foreign`: nothing to regenerate from;
 * - `not-regenerated`: a block of ours checked without regeneration (`regenerate: false`);
 * - `none`: no block could be read.
 */
export interface VerifyChecks {
  readonly kind: 'regenerated' | 'regenerated-from-references' | 'foreign' | 'not-regenerated' | 'none';
  /** The generator and seed regenerated against (R1); null when nothing was. */
  readonly generator: string | null;
  readonly seed: number | null;
  /** The same in words, English and French. */
  readonly en: string;
  readonly fr: string;
}

export interface VerifyOptions {
  /** Compare every unit with the block regenerated from its seed (R1). Default true. */
  readonly regenerate?: boolean;
  readonly maxDiscrepancies?: number;
  /**
   * Read every unit line field by field, even one equal to the line regenerated from the seed: the
   * reference reading the byte comparison of `ExpectedLines` is tested against. Default false.
   */
  readonly readEveryLine?: boolean;
}

/** One unit line, read (JSONL or CSV) but not yet checked. */
export interface ParsedUnit {
  readonly index: number;
  readonly ref: string | null;
  readonly prize: number;
  readonly view: UnitView;
}
