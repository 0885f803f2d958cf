import { describe, expect, it } from 'vitest';
import type { JournalVerdict } from '@engine';
import { formatCount } from '@engine';
import { i18n, setLocale } from '../../i18n';
import { journalVerdictText } from './verdict-text';

const verdict = (ok: boolean, lines: number, entries: number, problems: number, excerpt = false): JournalVerdict =>
  ({
    ok,
    lines,
    entries,
    findings: Array.from({ length: problems }, () => ({})),
    excerpt: excerpt ? { blocks: null } : null,
  }) as unknown as JournalVerdict;

describe('the journal verdict, counted with its plurals', () => {
  for (const [lang, says] of [
    ['fr', ['Chaîne intacte, 1 entrée.', 'Chaîne rompue : 1 problème sur 4 lignes ; entrées vérifiées : 3.']],
    ['en', ['Chain intact, 1 entry.', 'Chain broken: 1 problem over 4 lines; entries that verify: 3.']],
  ] as const)
    it(`says « 1 entrée », « 1 problème », never « problème(s) » (${lang})`, () => {
      setLocale(lang);
      const t = (i18n.global as unknown as { t: Parameters<typeof journalVerdictText>[0] }).t;
      const count = (n: number) => formatCount(n, lang);
      expect(journalVerdictText(t, verdict(true, 1, 1, 0), count)).toBe(says[0]);
      expect(journalVerdictText(t, verdict(false, 4, 3, 1), count)).toBe(says[1]);
      // counts in the screen's number format
      expect(journalVerdictText(t, verdict(true, 1000, 1000, 0), count)).toBe(
        lang === 'fr' ? 'Chaîne intacte, 1\u202f000 entrées.' : 'Chain intact, 1,000 entries.',
      );
    });

  it('names an excerpt as one: its gaps are not in it, never « Chaîne rompue »; an altered entry is still said', () => {
    setLocale('fr');
    const t = (i18n.global as unknown as { t: Parameters<typeof journalVerdictText>[0] }).t;
    const fr = (n: number) => formatCount(n, 'fr');
    expect(journalVerdictText(t, verdict(true, 5, 4, 0, true), fr)).toBe(
      'Extrait de journal : 4 entrées, chacune intacte ; les entrées absentes entre elles ne sont pas dans l’extrait.',
    );
    expect(journalVerdictText(t, verdict(false, 5, 3, 1, true), fr)).toBe(
      'Extrait de journal altéré : 1 problème sur 5 lignes ; entrées vérifiées : 3.',
    );
    setLocale('en');
    expect(journalVerdictText(t, verdict(true, 2, 1, 0, true), (n) => formatCount(n, 'en'))).toBe(
      'Journal excerpt: 1 entry, intact; the entries missing before it are not in the excerpt.',
    );
  });
});
