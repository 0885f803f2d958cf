/**
 * Worker handler and pure search: units of a block by prize level (placement only, R2:
 * `indicesOfLevel`) and by presentation (each candidate opened alone with `openUnit`).
 */
import { blockKey, indicesOfLevel, levelsOfRange, openUnit } from '@engine';
import type { BlockSpec } from '@engine';
import { hasPresentation } from '@engine';
import type { Presentation } from '@engine';
import type { FindUnitsInput, FindUnitsOutput, Handler } from '@shared/jobs/protocol';

const cache = new Map<string, Int32Array>();

/** Indices of one level, kept for the last few blocks searched (the losing level is large), by block identity. */
function levelIndices(spec: BlockSpec, level: number): Int32Array {
  const key = `${blockKey(spec)}|level ${level}`;
  let v = cache.get(key);
  if (!v) {
    v = indicesOfLevel(spec, level);
    if (cache.size >= 8) cache.clear();
    cache.set(key, v);
  }
  return v;
}

/** First position in a sorted array whose value is ≥ `from`. */
function lowerBound(a: Int32Array, from: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Candidate indices ≥ `from`, in ascending order, from the placement alone. */
function* candidates(spec: BlockSpec, level: FindUnitsInput['level'], from: number): Generator<number> {
  const units = spec.table.blockUnits;
  if (typeof level === 'number') {
    const all = levelIndices(spec, level);
    for (let k = lowerBound(all, from); k < all.length; k++) yield all[k]!;
    return;
  }
  const losing = spec.table.levels.length;
  for (let a = from; a < units; a += 4096) {
    const b = Math.min(units, a + 4096);
    const levels = level === 'win' ? levelsOfRange(spec, a, b) : null;
    for (let i = a; i < b; i++) if (!levels || levels[i - a] !== losing) yield i;
  }
}

/** Searches a block; pure apart from the level cache. */
export function findUnits(input: FindUnitsInput, progress?: (scanned: number) => void): FindUnitsOutput {
  const { spec, level, from, limit, maxScan } = input;
  const presentation = input.presentation as Presentation;
  const indices: number[] = [];
  let scanned = 0;
  for (const i of candidates(spec, level, Math.max(0, from))) {
    if (indices.length >= limit || (presentation !== 'any' && scanned >= maxScan)) return { indices, next: i, scanned };
    if (presentation !== 'any') {
      scanned++;
      if (scanned % 5000 === 0) progress?.(scanned);
      if (!hasPresentation(openUnit(spec, i), presentation)) continue;
    }
    indices.push(i);
  }
  return { indices, next: null, scanned };
}

export const findUnitsHandler: Handler<'findUnits'> = (input, progress) => findUnits(input, progress);
