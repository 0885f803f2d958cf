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
