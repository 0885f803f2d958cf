import { describe, expect, it } from 'vitest';
import { GAME_IDS, getRules } from '../../index';
import { articlePassages, articleRangePassages, ruleDocument } from './articles';
import { ruleTextBlocks } from './rule-text';

describe.each(GAME_IDS)('%s rule document as data', (game) => {
  const doc = ruleDocument(game);

  it("has the title, place and date of the prize tables' data, and the signature's place", () => {
    const d = getRules(game).document;
    expect({ title: doc.title, place: doc.place, date: doc.date }).toEqual({
      title: d.title,
      place: d.place,
      date: d.date,
    });
    expect(doc.file.endsWith(d.file)).toBe(true);
    expect(doc.passages.at(-1)!.fr).toContain(`Fait à ${doc.place}`);
  });

  it('renders every table with the same rows and columns in French and in the English translation', () => {
    for (const p of doc.passages) {
      const shape = (text: string) =>
        ruleTextBlocks(text)
          .filter((b) => b.kind === 'table')
          .map((b) => (b.kind === 'table' ? [b.head.length, b.rows.length] : []));
      expect(shape(p.en), p.id).toEqual(shape(p.fr));
      // no table of the published text is left unread (kept word for word as a paragraph)
      for (const b of ruleTextBlocks(p.fr))
        if (b.kind === 'paragraph') expect(b.text.startsWith('|'), p.id).toBe(false);
    }
  });

  it('starts each English passage with the same article number as the French', () => {
    for (const p of doc.passages.filter((x) => x.article?.includes('.')))
      expect(p.en.startsWith(`${p.id}. `), p.id).toBe(p.fr.startsWith(`${p.id}. `));
  });
});

describe('articles of a document', () => {
  const mine = ruleDocument('mine-d-or');
  const gongs = ruleDocument('les-3-gongs');

  it('art. 3 of Les 3 Gongs is its heading, 3.1–3.3 and the closing paragraph on the Bonus', () => {
    expect(articlePassages(gongs, '3').map((p) => p.id)).toEqual(['3', '3.1', '3.2', '3.3', '3-closing']);
    expect(articlePassages(gongs, '3').at(-1)!.fr).toMatch(/^Le montant de chaque lot .* étape Bonus\.\n\n$/);
  });

  it('art. 4.3 of Les 3 Gongs holds 4.3.1 and 4.3.2; 4.3.1 alone is itself', () => {
    expect(articlePassages(gongs, '4.3').map((p) => p.id)).toEqual(['4.3', '4.3.1', '4.3.2']);
    expect(articlePassages(gongs, '4.3.1').map((p) => p.id)).toEqual(['4.3.1']);
  });

  it('a range runs from its first article to its last, inclusive', () => {
    expect(articleRangePassages(mine, '4.4', '4.6').map((p) => p.id)).toEqual(['4.4', '4.5', '4.6']);
    expect(articleRangePassages(mine, '3.1', '3.3').map((p) => p.id)).toEqual(['3.1', '3.2', '3.3']);
    expect(articleRangePassages(mine, '4.6', '4.4')).toEqual([]);
  });

  it('an article the document does not have gives nothing (4.3.1 is Les 3 Gongs only)', () => {
    expect(articlePassages(mine, '4.3.1')).toEqual([]);
    expect(articlePassages(mine, '9')).toEqual([]);
  });
});

describe('ruleTextBlocks', () => {
  it('reads the 0.50 € table of Mine d’or with its empty cell in the total row', () => {
    const blocks = ruleTextBlocks(articlePassages(ruleDocument('mine-d-or'), '3.1')[0]!.fr);
    const table = blocks.find((b) => b.kind === 'table');
    expect(table).toMatchObject({ kind: 'table', head: ['NOMBRE DE LOTS', 'MONTANT DU LOT', 'TOTAL'] });
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.rows).toHaveLength(13);
    expect(table.rows[0]).toEqual(['1 lot de', '7\u00a0500 €', '7\u00a0500 €']);
    expect(table.rows[12]).toEqual(['198\u00a0665 lots formant un total de', '', '350\u00a0000 €']);
  });

  it('reads a header whose cells run over several lines (art. 4.4)', () => {
    const p = articlePassages(ruleDocument('mine-d-or'), '4.4')[0]!;
    const table = ruleTextBlocks(p.fr).find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.head).toHaveLength(4);
    expect(table.head[1]).toBe('GAIN EN €\npour une mise de 0,5 €');
    expect(table.rows.map((r) => r[0])).toContain("3 symboles « pépite d'or » identiques");
  });

  it('keeps a table that does not read as one word for word, as a paragraph', () => {
    expect(ruleTextBlocks('| a | b | |---|---| | c |')).toEqual([
      { kind: 'paragraph', text: '| a | b | |---|---| | c |' },
    ]);
    expect(ruleTextBlocks('one\n\ntwo')).toEqual([
      { kind: 'paragraph', text: 'one' },
      { kind: 'paragraph', text: 'two' },
    ]);
  });
});
