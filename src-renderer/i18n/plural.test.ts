import { describe, expect, it } from 'vitest';
import { i18n, setLocale } from './index';
import { frenchPlural } from './plural';

describe('French plurals', () => {
  it('give 0 and 1 the singular, 2 and more the plural; three forms stay none, one, more', () => {
    expect([0, 1, 1.5, 2, 10].map((n) => frenchPlural(n, 2))).toEqual([0, 0, 0, 1, 1]);
    expect([0, 1, 2, 7].map((n) => frenchPlural(n, 3))).toEqual([0, 1, 2, 2]);
  });

  it('write « 0 entrée affichée » on the journal screen, and English « 0 … » as English does', () => {
    const t = (i18n.global as unknown as { t: (key: string, named: Record<string, unknown>, plural: number) => string })
      .t;
    setLocale('fr');
    expect(t('journal.shown', { n: '0', total: '3' }, 0)).toBe(
      '0 entrée affichée sur 3, les plus récentes en premier.',
    );
    expect(t('journal.shown', { n: '2', total: '3' }, 2)).toBe(
      '2 entrées affichées sur 3, les plus récentes en premier.',
    );
    setLocale('en');
    expect(t('history.count', { n: '0' }, 0)).toBe('0 units');
    setLocale('fr');
  });

  it('count a level’s lots as their number asks: « (1 lot) », never « (1 lots) », in both languages', () => {
    const t = (i18n.global as unknown as { t: (key: string, named: Record<string, unknown>, plural: number) => string })
      .t;
    const level = (n: number): string => t('explorer.optimise.editedLevel', { amount: '2,00 €', n: String(n) }, n);
    const total = (n: number): string => t('explorer.lotsTotal', { amount: '2,00 €', n: String(n) }, n);
    setLocale('fr');
    expect([0, 1, 2].map(level)).toEqual(['2,00 € (0 lot)', '2,00 € (1 lot)', '2,00 € (2 lots)']);
    expect([1, 3].map(total)).toEqual(['1 lot · 2,00 €', '3 lots · 2,00 €']);
    setLocale('en');
    expect([0, 1, 2].map(level)).toEqual(['2,00 € (0 lots)', '2,00 € (1 lot)', '2,00 € (2 lots)']);
    expect([1, 3].map(total)).toEqual(['1 prize · 2,00 €', '3 prizes · 2,00 €']);
    setLocale('fr');
  });
});
