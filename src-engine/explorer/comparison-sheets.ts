/**
 * A comparison of prize tables as plain spreadsheet rows, for an XLSX or CSV
 * export: one sheet of key figures with each column's change against the first table, one sheet
 * of the distributions (lots and probability of every amount). Figures follow the convention of
 * every file the product writes ({@link SheetTable}): rates as ratios (0.7, shown as 70,000 % by
 * the XLSX format), shares of the RTP with 2 decimals of a percentage, probabilities with 6, euros,
 * whole counts, each stored as it is shown; so that a spreadsheet can compute with them and
 * combine them with the table's own export.
 */
import type { Lang } from '../format/numbers';
import { getRules } from '../rules/load';
import { shareOf } from './comparison';
import type { ComparisonView } from './comparison';
import type { SheetCell, SheetFormat, SheetTable } from '../sheets/sheet-table';

const WORDS = {
  fr: {
    figures: 'Comparaison',
    distribution: 'Distribution',
    figure: 'Chiffre',
    change: 'Écart',
    game: 'Jeu',
    stake: 'Mise (€)',
    units: 'Unités par bloc',
    rtp: 'TRJ',
    hit: 'Taux de gain',
    oneIn: '1 unité gagnante sur',
    sd: 'Écart type d’une unité (mises)',
    vi: (c: number) => `Indice de volatilité à ${c} % (z·σ)`,
    top: 'Plus gros lot (€)',
    topLots: 'Lots du plus gros lot',
    liability: 'Lots à payer par bloc (€)',
    band: 'Fourchette légale',
    inside: 'dans la fourchette',
    outside: 'hors de la fourchette',
    share: (a: string) => `Part du TRJ — ${a}`,
    amount: 'Montant (€)',
    lots: 'lots',
    probability: 'probabilité',
  },
  en: {
    figures: 'Comparison',
    distribution: 'Distribution',
    figure: 'Figure',
    change: 'Change',
    game: 'Game',
    stake: 'Stake (€)',
    units: 'Units per block',
    rtp: 'RTP',
    hit: 'Hit rate',
    oneIn: '1 winning unit in',
    sd: 'Standard deviation of a unit (stakes)',
    vi: (c: number) => `Volatility index at ${c}% (z·σ)`,
    top: 'Top prize (€)',
    topLots: 'Lots of the top prize',
    liability: 'Prize liability per block (€)',
    band: 'Legal band',
    inside: 'inside the band',
    outside: 'outside the band',
    share: (a: string) => `Share of RTP — ${a}`,
    amount: 'Amount (€)',
    lots: 'lots',
    probability: 'probability',
  },
} as const;

/** Euros of an amount in cents, as a number with two decimals at most. */
const eur = (cents: number): number => cents / 100;
/** An amount as a sheet label: « 7500 » / « 0.5 » in the sheet's language. */
const amountLabel = (cents: number, lang: Lang): string => {
  const s = String(eur(cents));
  return lang === 'fr' ? `${s.replace('.', ',')} €` : `€${s}`;
};

/**
 * The comparison as sheets of rows: « Comparaison » / « Comparison » (a figure per row, each table's
 * value followed, from the second table on, by its change against the first) and « Distribution »
 * (per amount, each table's lots and probability; an amount a table lacks is empty).
 */
export function comparisonSheets(view: ComparisonView, lang: Lang): SheetTable[] {
  const w = WORDS[lang];
  const cols = view.columns;
  const header: string[] = [w.figure];
  cols.forEach((c, i) => {
    header.push(c.name);
    if (i > 0) header.push(`${w.change} — ${c.name}`);
  });
  /** A row of one figure: value per column, and from column 2 its change. */
  const row = (label: string, value: (i: number) => SheetCell, change: (i: number) => SheetCell): SheetCell[] => {
    const r: SheetCell[] = [label];
    cols.forEach((_, i) => {
      r.push(value(i));
      if (i > 0) r.push(change(i));
    });
    return r;
  };
  const d = (i: number) => view.deltas[i]!;
  const same = (x: SheetCell) => () => x;
  const gameName = getRules(view.game).name;
  const rows: SheetCell[][] = [
    row(w.game, same(gameName), same('')),
    row(w.stake, same(eur(view.stakeCents)), same('')),
    row(
      w.units,
      (i) => cols[i]!.blockUnits,
      (i) => cols[i]!.blockUnits - cols[0]!.blockUnits,
    ),
    row(
      w.rtp,
      (i) => cols[i]!.rtp,
      (i) => d(i).rtp,
    ),
    row(
      w.hit,
      (i) => cols[i]!.hitRate,
      (i) => d(i).hitRate,
    ),
    row(
      w.oneIn,
      (i) => (Number.isFinite(cols[i]!.oneIn) ? cols[i]!.oneIn : ''),
      (i) =>
        Number.isFinite(cols[i]!.oneIn) && Number.isFinite(cols[0]!.oneIn) ? cols[i]!.oneIn - cols[0]!.oneIn : '',
    ),
    row(
      w.sd,
      (i) => cols[i]!.sdStakes,
      (i) => d(i).sdStakes,
    ),
    row(
      w.vi(Math.round(view.confidence * 100)),
      (i) => cols[i]!.vi,
      (i) => d(i).vi,
    ),
    row(
      w.top,
      (i) => eur(cols[i]!.topPrizeCents),
      (i) => eur(d(i).topPrizeCents),
    ),
    row(
      w.topLots,
      (i) => cols[i]!.topPrizeLots,
      (i) => d(i).topPrizeLots,
    ),
    row(
      w.liability,
      (i) => eur(cols[i]!.liabilityCents),
      (i) => eur(d(i).liabilityCents),
    ),
    row(
      w.band,
      (i) => {
        const c = cols[i]!;
        // a label, not a figure: the band in percent as the decree words it
        const p = (r: number) => Math.round(r * 100 * 1e9) / 1e9;
        return `${c.insideBand ? w.inside : w.outside} ${p(c.band.minRtp)}–${p(c.band.maxRtp)} % (${c.band[lang]})`;
      },
      same(''),
    ),
    ...view.amounts.map((a, k) =>
      row(
        w.share(amountLabel(a, lang)),
        (i) => shareOf(cols[i]!, a),
        (i) => d(i).rtpShare[k]!,
      ),
    ),
  ];
  // the rows above, in order: game, stake, units, RTP, hit rate, 1 in, sd, VI, top prize, its lots,
  // liability, band, then one RTP share per amount
  const rowFormats: SheetFormat[] = [
    'text',
    'euros',
    'integer',
    'rate',
    'rate',
    'decimal',
    'decimal',
    'decimal',
    'euros',
    'integer',
    'euros',
    'text',
    ...view.amounts.map(() => 'share' as const),
  ];
  const distHeader: string[] = [w.amount];
  for (const c of cols) distHeader.push(`${c.name} — ${w.lots}`, `${c.name} — ${w.probability}`);
  const distRows = view.amounts.map((a) => {
    const r: SheetCell[] = [eur(a)];
    for (const c of cols) {
      const l = c.levels.find((x) => x.prizeCents === a);
      r.push(l ? l.lots : '', l ? l.probability : '');
    }
    return r;
  });
  return [
    { name: w.figures, columns: header, rows, rowFormats },
    {
      name: w.distribution,
      columns: distHeader,
      rows: distRows,
      formats: ['euros', ...cols.flatMap(() => ['integer', 'probability'] as const)],
    },
  ];
}
