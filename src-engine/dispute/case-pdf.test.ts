import { describe, expect, it } from 'vitest';
import { caseTexts } from './build-case';
import { CaseTextError } from './case-files';
import { caseFonts } from './case-fonts.fixture';
import { pdfOf } from './case-pdf.fixture';
import { pdfTextLines } from './pdf-text.fixture';

const CLAIM = '王先生 ≥ → é « »';

describe("a case's PDF prints what was written", () => {
  for (const lang of ['fr', 'en'] as const)
    it(`every character of the claim and conclusion, read back from the PDF's text (${lang})`, async () => {
      const conclusion =
        'Le rejeu montre 3,00\u202f€ ≠ 30\u00a0€ ; l’unité, cœur, Œuvre — « ok » “ok” ≤ 1 ‖ ← ↘ ↙ −1.';
      const pages = await pdfTextLines(await pdfOf('les-3-gongs', CLAIM, conclusion, lang));
      const lines = pages.flat();
      expect(lines).toContain(CLAIM);
      // the narrow no-break space, which the font lacks, prints as a no-break space: nothing else changes
      // the font draws every space with one glyph (its ToUnicode gives one character back for it), and
      // the narrow no-break space it lacks as a no-break space: the spaces read back are plain ones
      const spaced = (t: string): string => t.replace(/[\u00a0\u202f]/g, ' ');
      expect(lines.map(spaced)).toContain(spaced(conclusion));
      expect(lines.join('\n')).not.toContain('\ufffd');
      // the app's own words too: a gain's arrow and the footer
      expect(lines.some((l) => l.includes(' → '))).toBe(true);
      expect(pages[0]!.at(-1)).toMatch(lang === 'fr' ? /· page 1 \/ \d+$/ : /· page 1 of \d+$/);
    });

  it('writes the seed as it names the block, never as a quantity (« graine 2024 », not « 2 024 »)', async () => {
    for (const lang of ['fr', 'en'] as const) {
      const text = (await pdfTextLines(await pdfOf('mine-d-or', 'x', 'y', lang, 2024))).flat().join('\n');
      expect(text).toContain(lang === 'fr' ? 'graine 2024 ·' : 'seed 2024 ·');
    }
  });

  it('a long claim in Chinese, without spaces, is cut into lines and read back whole', async () => {
    const claim = '玩家说他看到了三个阴阳和三十欧元。'.repeat(120);
    const lines = (await pdfTextLines(await pdfOf('mine-d-or', claim, 'Rejoué : rien de tel.', 'fr'))).flat();
    const start = lines.findIndex((l) => claim.startsWith(l) && l.length > 5);
    let joined = '';
    for (let k = start; joined.length < claim.length; k++) joined += lines[k];
    expect(joined).toBe(claim);
  });

  it('is the same bytes for the same case (subset tags drawn from the case, not at random)', async () => {
    const a = await pdfOf('mine-d-or', CLAIM, 'Conclusion.', 'en');
    const b = await pdfOf('mine-d-or', CLAIM, 'Conclusion.', 'en');
    expect(b).toEqual(a);
    const c = await pdfOf('mine-d-or', `${CLAIM}!`, 'Conclusion.', 'en');
    expect(c).not.toEqual(a);
  });
});

describe('text the font cannot print is refused, by code and shape', () => {
  const refusal = async (claim: string, conclusion = 'ok'): Promise<CaseTextError> => {
    try {
      await caseTexts({ claim, conclusion }, caseFonts);
    } catch (e) {
      if (e instanceof CaseTextError) return e;
      throw e;
    }
    throw new Error('not refused');
  };

  it('an emoji: U+1F600 named, in both languages, what is expected said', async () => {
    const e = await refusal('Il a vu 😀 deux fois 😀.');
    expect(e.field).toBe('claim');
    expect(e.message).toBe(
      "the player's claim holds a character the case's PDF cannot print as written: U+1F600 « 😀 ». Its font " +
        '(Noto Sans SC) prints letters (Latin, Greek, Cyrillic), digits, punctuation, arrows, math signs and Chinese ' +
        'characters, not emoji nor control or invisible characters: write it in words',
    );
    expect(e.fr).toMatch(
      /^La réclamation du joueur contient un caractère que le PDF du dossier ne peut pas imprimer tel quel : U\+1F600 « 😀 »\. /,
    );
  });

  it('control characters, a lone surrogate and an invisible joiner are named by their code alone', async () => {
    const e = await refusal('ok', `a\u0007b\ud83dc\u200dd`);
    expect(e.field).toBe('conclusion');
    expect(e.message).toContain(
      "holds 3 characters the case's PDF cannot print as written: U+0007 (a control character), U+D83D (half of a surrogate pair, alone), U+200D (an invisible character).",
    );
    expect(e.fr).toContain('contient 3 caractères');
  });

  it('a line break, a tab and the spaces of French typography are accepted', async () => {
    expect((await caseTexts({ claim: 'a\n\tb\u202f: c\u2009d', conclusion: 'é' }, caseFonts)).claim).toBe(
      'a\n\tb\u202f: c\u2009d',
    );
  });
});
