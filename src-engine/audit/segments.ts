/**
 * Fixed segments of a block: the unit of work for workers and the leaves of the integrity digest,
 * so that the digest is the same whatever the number of workers (R1).
 */

/** Units per segment. Both official blocks (1,000,000 and 300,000) divide evenly. */
export const SEGMENT_UNITS = 10_000;

/** Units per point of the sales curve: a block is drawn as 1,000 points (or fewer). */
export function curveBucketUnits(units: number): number {
  return Math.max(1, Math.ceil(units / 1000));
}

export function segmentCount(units: number): number {
  return Math.ceil(units / SEGMENT_UNITS);
}

/** Splits [0, units) into `parts` contiguous ranges on segment boundaries. */
export function splitOnSegments(units: number, parts: number): { from: number; to: number }[] {
  const segs = segmentCount(units);
  const n = Math.max(1, Math.min(parts, segs));
  const out: { from: number; to: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = Math.floor((segs * i) / n) * SEGMENT_UNITS;
    const b = Math.min(units, Math.floor((segs * (i + 1)) / n) * SEGMENT_UNITS);
    if (b > a) out.push({ from: a, to: b });
  }
  return out;
}

/**
 * Ranges each worker should get at least, when more than one worker shares a run: workers are fed
 * ranges as they free up, so a worker left idle at the end waits at most one range, 1/8 of its run
 * (speeds differ on a shared machine; 2 whole blocks each could leave one idle for half a block).
 */
export const MIN_RANGES_PER_WORKER = 8;

/**
 * Parts to cut each of `blocks` blocks into: a multiple of workers ÷ gcd(blocks, workers), so
 * that every worker gets the same number of ranges, and at least {@link MIN_RANGES_PER_WORKER}
 * ranges a worker; no more than `segments` (a block's segment count: ranges end on segments, R1).
 * One worker gets whole blocks: cutting gains it nothing.
 */
export function partsPerBlock(blocks: number, workers: number, segments = Number.POSITIVE_INFINITY): number {
  let a = Math.max(1, Math.floor(blocks));
  let b = Math.max(1, Math.floor(workers));
  const n = a;
  const w = b;
  if (w === 1) return 1;
  while (b !== 0) [a, b] = [b, a % b];
  const even = w / a;
  const parts = even * Math.ceil((MIN_RANGES_PER_WORKER * w) / (n * even));
  return Math.max(1, Math.min(parts, Math.floor(segments)));
}

/** A range job of a run: units [from, to) of block `block` (block k of a run has seed + k, R1). */
export interface PlannedRange {
  readonly block: number;
  readonly from: number;
  readonly to: number;
}

/**
 * Cuts `blocks` blocks of `units` units into ranges on segment boundaries (R1: the digest does not
 * depend on the cut), so that every worker gets the same number of ranges, several each
 * ({@link partsPerBlock}): one block on 2 workers gives 16 ranges, where two halves would leave a
 * worker idle whenever the other is slowed, and a worker takes the next range as soon as it is free.
 */
export function planRanges(units: number, blocks: number, workers: number): PlannedRange[] {
  const parts = partsPerBlock(blocks, workers, segmentCount(units));
  const out: PlannedRange[] = [];
  for (let b = 0; b < blocks; b++) for (const r of splitOnSegments(units, parts)) out.push({ block: b, ...r });
  return out;
}
