import { describe, expect, it } from 'vitest';
import { splitCitations } from '../../../src-engine/index';
import { citedRuns } from './cited-runs';

const shape = (text: string) =>
  citedRuns(splitCitations(text)).map((r) => (r.citation ? `[${r.before}|${r.text}|${r.after}]` : r.text));

describe('citations with the brackets that touch them', () => {
  it('keeps « ( » and « ). » with the citation, the rest of the text as it was', () => {
    expect(shape('Gongs : Bonus → 3,00 € (art. 4.3.2, 4.4, G1, G5).')).toEqual([
      'Gongs : Bonus → 3,00 € ',
      '[(|art. 4.3.2, 4.4, G1, G5|).]',
    ]);
    expect(shape('aucun gain (art. 4.4, 4.6). Marqué')).toEqual(['aucun gain ', '[(|art. 4.4, 4.6|).]', ' Marqué']);
  });
  it('glues French quotes and punctuation after a closing bracket, and nothing when none touches', () => {
    expect(shape('voir «\u00a0art. 4.5\u00a0», puis')).toEqual(['voir ', '[«\u00a0|art. 4.5|\u00a0»,]', ' puis']);
    expect(shape('vérifié par l’évaluateur (R4) ; fin')).toEqual(['vérifié par l’évaluateur ', '[(|R4|)]', ' ; fin']);
    expect(shape('art. 4.4 paie')).toEqual(['[|art. 4.4|]', ' paie']);
  });
  it('reads every character of the text once, in order', () => {
    const text = 'Grille : 3 × pioche → 1,00 € (art. 4.4) ; quasi-gain (M5), 2 EXTRA (art. 4.6).';
    const runs = citedRuns(splitCitations(text));
    expect(runs.map((r) => (r.citation ? r.before + r.text + r.after : r.text)).join('')).toBe(text);
  });
});
