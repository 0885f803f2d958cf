/**
 * A text cut into plain runs and citations of the rules, each citation with the bracket that opens
 * it and the one that closes it (« (art. 4.4) », « (G1). »), so the screen keeps them on one line:
 * no « ( » left alone at the end of a line, no « ) » alone at the start of the next.
 */
import { splitCitations } from '@engine';
import type { Citation } from '@engine';

export interface CitePart {
  readonly before: string;
  readonly text: string;
  readonly citation: Citation;
  readonly after: string;
}
export interface PlainPart {
  readonly text: string;
  readonly citation?: undefined;
}

const OPENING = /[(«]\s?$/;
const CLOSING = /^(\s?[)»])?[.,;:]?/;

export function citeParts(text: string): (CitePart | PlainPart)[] {
  const raw = splitCitations(text).map((p) => ({ ...p }));
  const out: (CitePart | PlainPart)[] = [];
  for (let i = 0; i < raw.length; i++) {
    const p = raw[i]!;
    if (!p.citation) {
      if (p.text !== '') out.push({ text: p.text });
      continue;
    }
    let before = '';
    const prev = out.at(-1);
    const open = prev && !prev.citation ? OPENING.exec(prev.text) : null;
    if (prev && open) {
      before = open[0];
      const rest = prev.text.slice(0, open.index);
      if (rest === '') out.pop();
      else out[out.length - 1] = { text: rest };
    }
    let after = '';
    const next = raw[i + 1];
    if (next && !next.citation) {
      after = CLOSING.exec(next.text)![0];
      next.text = next.text.slice(after.length);
    }
    out.push({ before, text: p.text, citation: p.citation, after });
  }
  return out;
}
