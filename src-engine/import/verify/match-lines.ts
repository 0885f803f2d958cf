/**
 * A range of an export's unit lines checked on a worker (one file split by line ranges):
 * its bytes, whole lines of UTF-8, each compared with the line its unit is exported as
 * ({@link ExpectedLines}), from the first until one differs. A range every line of which matches
 * adds up to its units' levels; any other is read again, whole file, line by line, so the verdict
 * and its messages are those of one reading in order.
 */
import type { BlockSpec } from '../../block/spec';
import type { PresentationWeights } from '../../games/registry';
import { ExpectedLines } from './expected-lines';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The level of each unit line of `bytes` (whole lines, each ended by LF or CRLF; unit `firstIndex`
 * first: the table's index, the losing level after the table's) when every line is the line its
 * unit is exported as; null as soon as one is not, or the bytes are not UTF-8.
 */
export function matchLines(
  spec: BlockSpec,
  weights: PresentationWeights | undefined,
  firstIndex: number,
  bytes: Uint8Array,
): Uint8Array | null {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return null;
  }
  const expected = new ExpectedLines(spec, weights);
  // a unit line is over 64 characters: room for every line
  const levels = new Uint8Array(Math.ceil(text.length / 64) + 1);
  let n = 0;
  let from = 0;
  while (from < text.length) {
    const nl = text.indexOf('\n', from);
    if (nl < 0) return null;
    const end = nl > from && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    const u = n < levels.length ? expected.match(firstIndex + n, text.slice(from, end)) : null;
    if (!u) return null;
    levels[n++] = u.level;
    from = nl + 1;
  }
  return levels.slice(0, n);
}
