/**
 * Record buffers of finished ranges, kept for the next range this thread runs: a range writes its
 * canonical records into two buffers of a segment each (up to 1.2 MB for Mine d'or), and a worker
 * runs many short ranges (at least 8 a run), so fresh buffers each time were tens of MB
 * of garbage per run that the process's peak memory carried until a collection. Buffers are taken
 * and given back whole, so ranges that run at once (awaiting their digests) never share one.
 */
const free: Uint8Array<ArrayBuffer>[] = [];
/** At most this many kept: two ranges' worth. */
const KEEP = 4;

/** A buffer of exactly `bytes` bytes, reused if one was given back, else new. Its content is stale. */
export function takeRecordBuffer(bytes: number): Uint8Array<ArrayBuffer> {
  const i = free.findIndex((b) => b.length === bytes);
  return i >= 0 ? free.splice(i, 1)[0]! : new Uint8Array(bytes);
}

/** Gives a buffer back once nothing reads it any more (its segments' digests are done). */
export function giveBackRecordBuffer(buffer: Uint8Array<ArrayBuffer>): void {
  if (free.length < KEEP && !free.includes(buffer)) free.push(buffer);
}
