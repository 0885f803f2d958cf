import { describe, expect, it } from 'vitest';
import { formatCount, formatEuros } from '@engine';
import { i18n, setLocale } from '../../i18n';
import { entryFields } from './entry-fields';

const global = i18n.global as unknown as {
  t: (key: string, named: Record<string, unknown>) => string;
  te: (key: string) => boolean;
};
const t = global.t;
const te = (k: string): boolean => global.te(k);
const fmt = (lang: 'fr' | 'en') => ({
  euros: (c: number) => formatEuros(c, lang),
  count: (n: number) => formatCount(n, lang),
});
const shown = (lang: 'fr' | 'en', o: Record<string, never> | Record<string, unknown>) => {
  setLocale(lang);
  return entryFields(o as never, t, fmt(lang), te).map((f) => [f.label, f.value, f.tone]);
};

describe('a journal entry read out on the screen', () => {
  it('shows labelled values in the screen’s language, never key=value', () => {
    const inputs = { game: 'mine-d-or', stake_cents: 200, seeds: [2024, 2025], m6_reading: 'default' };
    expect(shown('fr', inputs)).toEqual([
      ['Jeu', "Mine d'or", null],
      ['Mise', '2,00\u00a0€', null],
      ['Graines', '2024, 2025', null],
      ['Lecture de M6', 'par défaut', null],
    ]);
    expect(shown('en', inputs)[1]).toEqual(['Stake', '€2.00', null]);
  });

  it('gives every verdict its words and its tone, so that colour is never the only sign', () => {
    const outputs = { evaluator_pass: true, in_band: false, verdict: 'not-conforming', placement_below_1pct: 1 };
    expect(shown('fr', outputs)).toEqual([
      ['Évaluateur (R4)', 'réussi', 'pass'],
      ['Dans la fourchette légale', 'non', 'fail'],
      ['Verdict', 'NON CONFORME', 'fail'],
      ['Tests sous 1 %', '1', 'warn'],
    ]);
    setLocale('fr');
  });

  it('groups a unit’s index as the Replay screen’s recall does, and writes a seed as typed', () => {
    expect(shown('fr', { seed: 2024, index: 32228 })).toEqual([
      ['Graine', '2024', null],
      ['Indice', '32\u202f228', null],
    ]);
    expect(shown('en', { index: 32228 })).toEqual([['Index', '32,228', null]]);
    setLocale('fr');
  });

  it('shows a key it does not know as it is written', () => {
    expect(shown('fr', { future_key: { a: 1 } })).toEqual([['future_key', '{"a":1}', null]]);
    setLocale('fr');
  });
});
