/**
 * A text split at its citations of the rules, each citation with the brackets and punctuation that
 * touch it (« ( », « ) », « ). », « , »), so that a screen keeps them on one line with it: an
 * opening « ( » left at the end of a line, or a « ). » starting the next, reads as a typo in a
 * verdict's explanation.
 */
import type { Citation, CitedSegment } from '../../../src-engine/index';

/** Plain text, or one citation with what is glued to it on each side. */
export type CitedRun =
  | { readonly text: string; readonly citation?: undefined }
  | { readonly text: string; readonly citation: Citation; readonly before: string; readonly after: string };

/** An opening bracket or quote right before a citation (a French « with its narrow space too). */
const OPENING = /(?:[([“]|«[\u00a0\u202f ]?)$/;
/** A closing bracket or quote right after a citation, and the punctuation that follows it. */
const CLOSING = /^(?:[)\]”]|[\u00a0\u202f ]?»)*(?:[\u00a0\u202f]?[.,;:!?])*/;

/** `segments` (from `splitCitations`) as runs: each citation takes its touching brackets from its neighbours. */
export function citedRuns(segments: readonly CitedSegment[]): CitedRun[] {
  const texts = segments.map((s) => s.text);
  const before: string[] = segments.map(() => '');
  const after: string[] = segments.map(() => '');
  segments.forEach((s, i) => {
    if (!s.citation) return;
    const prev = segments[i - 1];
    if (prev && !prev.citation) {
      const m = OPENING.exec(texts[i - 1]!);
      if (m) {
        before[i] = m[0];
        texts[i - 1] = texts[i - 1]!.slice(0, -m[0].length);
      }
    }
    const next = segments[i + 1];
    if (next && !next.citation) {
      const m = CLOSING.exec(texts[i + 1]!);
      if (m && m[0]) {
        after[i] = m[0];
        texts[i + 1] = texts[i + 1]!.slice(m[0].length);
      }
    }
  });
  const runs: CitedRun[] = [];
  segments.forEach((s, i) => {
    if (s.citation) runs.push({ text: s.text, citation: s.citation, before: before[i]!, after: after[i]! });
    else if (texts[i]) runs.push({ text: texts[i]! });
  });
  return runs;
}
