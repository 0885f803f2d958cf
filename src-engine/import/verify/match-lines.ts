/**
 * A range of an export's unit lines checked on a worker (one file split at line ends): its bytes,
 * whole lines, each compared byte for byte with the line its unit is exported as
 * ({@link ExpectedLines.matchAt}), from the first until one differs. A range every line of which
 * matches adds up to its units' levels; any other is read again, whole file, line by line, so the
 * verdict and its messages are those of one reading in order.
 */
import type { BlockSpec } from '../../block/spec';
import type { PresentationWeights } from '../../games/registry';
import { ExpectedLines } from './expected-lines';

/** Digits of the largest index a first line is read with (a block has at most 10,000,000 units). */
const MAX_INDEX_DIGITS = 8;
const INDEX_KEY = '{"index":';

/**
 * The block's expected lines of this thread's last range: a worker checks one file's ranges in
 * turn, so its next range of the same block goes on with them instead of building them again.
 */
let last: { key: string; lines: ExpectedLines } | null = null;

function expectedLinesOf(spec: BlockSpec, weights: PresentationWeights | undefined): ExpectedLines {
  const key = JSON.stringify([spec, weights ?? null]);
  if (last?.key !== key) last = { key, lines: new ExpectedLines(spec, weights) };
  return last.lines;
}

/** The index written at the start of a unit line (`{"index":N`), or -1 when it is not there. */
function firstLineIndex(b: Uint8Array): number {
  for (let k = 0; k < INDEX_KEY.length; k++) if (b[k] !== INDEX_KEY.charCodeAt(k)) return -1;
  let n = 0;
  let p = INDEX_KEY.length;
  for (; p < b.length && p < INDEX_KEY.length + MAX_INDEX_DIGITS && b[p]! >= 48 && b[p]! <= 57; p++)
    n = n * 10 + b[p]! - 48;
  return p > INDEX_KEY.length ? n : -1;
}

/**
 * The unit lines of `bytes` (whole lines, each ended by LF or CRLF), when every one is the line its
 * unit is exported as, its index following the one before: the first line's unit index and each
 * line's level (the table's index, the losing level after the table's). Null as soon as one is not.
 * The caller checks that the first index follows the range before.
 */
export function matchLineRange(
  spec: BlockSpec,
  weights: PresentationWeights | undefined,
  bytes: Uint8Array,
): { firstIndex: number; levels: Uint8Array } | null {
  const firstIndex = firstLineIndex(bytes);
  if (firstIndex < 0) return null;
  const expected = expectedLinesOf(spec, weights);
  // a unit line is over 64 bytes: room for every line
  const levels = new Uint8Array(Math.ceil(bytes.length / 64) + 1);
  let n = 0;
  let p = 0;
  while (p < bytes.length) {
    const end = n < levels.length ? expected.matchAt(firstIndex + n, bytes, p) : -1;
    if (end < 0) return null;
    if (bytes[end] === 10) p = end + 1;
    else if (bytes[end] === 13 && bytes[end + 1] === 10) p = end + 2;
    else return null;
    levels[n++] = expected.matchedLevel;
  }
  return { firstIndex, levels: levels.slice(0, n) };
}
