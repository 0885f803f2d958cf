import { describe, expect, it } from 'vitest';
import { citedIn, findCitations, resolveCitations, splitCitations } from './citations';

const items = (text: string) => findCitations(text).map((c) => [c.text, c.items]);

describe('findCitations', () => {
  it('reads a list of articles and decisions after « art. »', () => {
    expect(items('three yin yang (art. 4.3.2, 4.4, G1) open it')).toEqual([
      [
        'art. 4.3.2, 4.4, G1',
        [
          { kind: 'article', from: '4.3.2', to: '4.3.2' },
          { kind: 'article', from: '4.4', to: '4.4' },
          { kind: 'decision', code: 'G1' },
        ],
      ],
    ]);
  });

  it('reads ranges of articles and of decisions', () => {
    expect(items('(art. 4.4–4.6, M4)')[0]![1]).toEqual([
      { kind: 'article', from: '4.4', to: '4.6' },
      { kind: 'decision', code: 'M4' },
    ]);
    expect(items('RULES (M1–M3, R4)')[0]![1]).toEqual([
      { kind: 'decision', code: 'M1' },
      { kind: 'decision', code: 'M2' },
      { kind: 'decision', code: 'M3' },
      { kind: 'decision', code: 'R4' },
    ]);
  });

  it('reads « / » lists, French elisions and a sentence’s full stop', () => {
    expect(items("Lecture de l'art. 3 (M6). Voir art. 4.7 / 4.8.").map((x) => x[0])).toEqual([
      'art. 3',
      'M6',
      'art. 4.7 / 4.8',
    ]);
  });

  it('finds decisions standing alone, never inside a word or a reference', () => {
    expect(items('equals the assigned lot (R4); V2S, MINE-100-3KX9P2A-0ZF4-V1-R4, XM1, M14').map((x) => x[0])).toEqual([
      'R4',
    ]);
  });

  it('cuts a text into runs that join back to it', () => {
    const text = 'a (art. 2) b R1 c';
    const parts = splitCitations(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.citation).map((p) => p.text)).toEqual(['art. 2', 'R1']);
  });
});

describe('resolveCitations', () => {
  it('resolves against the game’s own document', () => {
    const r = citedIn('mine-d-or', ['gain (art. 4.4, 4.5)', 'lot (art. 4.7)']);
    expect(r.documents).toHaveLength(1);
    expect(r.documents[0]!.passages.map((p) => p.id)).toEqual(['4.4', '4.5', '4.7']);
    expect(r.unknown).toEqual([]);
  });

  it('names what the document does not have (art. 4.3.1 is not Mine d’or’s)', () => {
    expect(citedIn('mine-d-or', ['art. 4.3.1']).unknown).toEqual(['art. 4.3.1']);
    expect(citedIn('les-3-gongs', ['art. 4.3.1']).unknown).toEqual([]);
  });

  it('without a game, gives both documents', () => {
    const r = resolveCitations(null, findCitations('(art. 2)'));
    expect(r.documents.map((d) => d.document.game)).toEqual(['mine-d-or', 'les-3-gongs']);
  });

  it('gives each decision once, in the order first cited, and names an unknown one', () => {
    const r = citedIn(null, ['G5, R4', 'R4 and G5', `art. 3, M${7}`]);
    expect(r.decisions.map((d) => d.code)).toEqual(['G5', 'R4']);
    expect(r.unknown).toEqual([`M${7}`]);
  });

  it("leaves out the other game's decisions of a range (M1–M6 in a Les 3 Gongs report)", () => {
    const r = citedIn('les-3-gongs', ['decisions (M1–M6, G1–G5, R1–R5)']);
    expect(r.decisions.map((d) => d.code)).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'R1', 'R2', 'R3', 'R4', 'R5']);
    expect(r.unknown).toEqual([]);
  });
});
