import { describe, expect, it } from 'vitest';
import { citeParts } from './cite-parts';

/** The parts as the screen lays them out: a citation's unbreakable run in [ ], plain runs as they are. */
const layout = (text: string): string =>
  citeParts(text)
    .map((p) => (p.citation ? `[${p.before}${p.text}${p.after}]` : p.text))
    .join('|');

describe('citations with their brackets, kept on one line', () => {
  it('binds the opening and closing bracket and the punctuation after it to the citation', () => {
    expect(layout('Trois symboles identiques paient (art. 4.4).')).toBe(
      'Trois symboles identiques paient |[(art. 4.4).]',
    );
    expect(layout('Le lot de la grille (art. 4.5) est payé')).toBe('Le lot de la grille |[(art. 4.5)]| est payé');
  });

  it('reads exactly as the text: nothing added, nothing lost', () => {
    for (const text of [
      'Aucun gain : trois symboles différents (art. 4.4, G1), puis rien (R4).',
      '(art. 2) au début, « art. 3.1 » entre guillemets, et G5 seul',
      'Sans citation du tout.',
      '',
    ])
      expect(
        citeParts(text)
          .map((p) => (p.citation ? `${p.before}${p.text}${p.after}` : p.text))
          .join(''),
      ).toBe(text);
  });

  it('leaves a citation without brackets as it is, and a bracket far from a citation in the text', () => {
    expect(layout('selon G1 et (plus loin) rien')).toBe('selon |[G1]| et (plus loin) rien');
  });
});
