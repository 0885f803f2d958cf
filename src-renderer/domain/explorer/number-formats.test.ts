/**
 * Every number field of the payout explorer reads back every form the app itself prints a number
 * in (« 20 000 » was refused): counts and amounts as the screens, the editor and the
 * files write them, with a space, a no-break or a narrow no-break space between digit groups, in
 * French and in English.
 */
import { describe, expect, it } from 'vitest';
import { formatCount, formatEuros, formatPercent, frInt } from '@engine';
import type { Lang } from '@engine';
import { readCount } from './count-input';
import { readOptimiseInput } from './optimise-input';
import type { OptimiseInput } from './optimise-input';
import { centsToText, readAmount, readLots, readUnits } from './table-input';

const SPACES = [' ', '\u00a0', '\u202f'];
const regroup = (text: string): string[] => SPACES.map((sp) => text.replace(/[ \u00a0\u202f]/g, sp));

/** Every way the app prints the count `n` in `lang`. */
function printedCounts(n: number, lang: Lang): string[] {
  const forms = [String(n), formatCount(n, lang), ...regroup(frInt(n))];
  return [...new Set(forms.flatMap((f) => (/[ \u00a0\u202f]/.test(f) ? regroup(f) : [f])))];
}

/** Every way the app prints the amount `c` (cents) in `lang`, with and without its euro sign. */
function printedAmounts(c: number, lang: Lang): string[] {
  const forms = [formatEuros(c, lang), centsToText(c, lang), `${centsToText(c, lang)} €`];
  return [...new Set(forms.flatMap(regroup))];
}

const label = { fr: 'Champ', en: 'Field' };

describe.each(['fr', 'en'] as const)('numbers as the app prints them, in %s', (lang) => {
  it.each([1, 7, 1000, 20_000, 80_000, 1_000_000])('the count %d, in lots, units and counts', (n) => {
    for (const text of printedCounts(n, lang)) {
      expect([text, readLots(text, lang)]).toEqual([text, n]);
      expect([text, readUnits(text, lang)]).toEqual([text, n]);
      expect([text, readCount(text, 0, 10_000_000, label, lang)]).toEqual([text, { ok: true, value: n }]);
    }
  });

  it.each([50, 200, 2000, 1_500_000, 2_000_000])('the amount of %d cents, in the editor and the optimiser', (c) => {
    for (const text of printedAmounts(c, lang)) expect([text, readAmount(text, lang)]).toEqual([text, c]);
  });

  it('every field of the optimiser, filled with what the app prints', () => {
    const f: OptimiseInput = {
      game: 'mine-d-or',
      stakeCents: 100,
      rtpMode: 'target',
      rtp: formatPercent(0.7, lang),
      rtpTolerance: lang === 'fr' ? '0,01' : '0.01',
      rtpMin: '',
      rtpMax: '',
      hitRate: formatPercent(0.22, lang, 1),
      hitTolerance: lang === 'fr' ? '0,5' : '0.5',
      topPrize: formatEuros(1_500_000, lang),
      topCount: formatCount(1, lang),
      blockUnits: formatCount(1_000_000, lang),
      extraAmounts: `${formatEuros(2500, lang)} ; ${formatEuros(125_000, lang)}`,
      excluded: [],
      bounds: {
        2000: { min: formatCount(19_000, lang), max: formatCount(20_000, lang).replace(/[\u00a0\u202f]/g, ' ') },
      },
      startFrom: { kind: 'official' },
      keepEdits: false,
      lang,
    };
    const r = readOptimiseInput(f);
    if (!r.ok) throw new Error(r.problems.map((p) => p[lang]).join('; '));
    expect(r.request.rtp).toEqual({ target: 0.7, tolerance: 0.0001 });
    expect(r.request.hitRate).toEqual({ target: 0.22, tolerance: 0.005 });
    expect(r.request.topPrize).toEqual({ prizeCents: 1_500_000, lots: 1 });
    expect(r.request.blockUnits).toBe(1_000_000);
    expect(r.request.amountsCents).toEqual(expect.arrayContaining([2500, 125_000]));
    expect(r.request.levelBounds).toEqual([{ prizeCents: 2000, min: 19_000, max: 20_000 }]);
  });
});
