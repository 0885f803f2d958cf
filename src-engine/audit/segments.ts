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
 * Parts to cut each of `blocks` blocks into so that `workers` workers get the same number of
 * ranges: workers ÷ gcd(blocks, workers). 1 when the blocks share out evenly (20 blocks on 2
 * workers); 2 for 1 or 3 blocks on 2 workers, where whole blocks would leave a worker idle.
 */
export function partsPerBlock(blocks: number, workers: number): number {
  let a = Math.max(1, Math.floor(blocks));
  let b = Math.max(1, Math.floor(workers));
  const w = b;
  while (b !== 0) [a, b] = [b, a % b];
  return w / a;
}
