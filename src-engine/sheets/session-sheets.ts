/**
 * Session results of the payout explorer as spreadsheets: the figures of the sessions panel with
 * their 99 % intervals and exact values (net-result percentiles, no win, first win),
 * the seed, the percentile paths and the return histogram, for the
 * edited table and the official one run on the same draws. XLSX gets one sheet per part; CSV one
 * long table (section, table, item, value, interval, exact) that any tool can filter. Every number
 * is shown as the panel shows it: rates with 3 decimals of a percentage (6 for a rare lot's
 * chance), the mean longest losing run with 2 decimals, the seed ungrouped.
 */
import type { Lang } from '../format/numbers';
import type { FigureWithExact, SessionSummary } from '../explorer/sessions';
import { formatEuros } from '../money/format';
import { cellFormat } from './sheet-table';
import type { SheetCell, SheetFormat, SheetTable } from './sheet-table';

/** A session run: the edited table's summary and the official one's (null when the edited table is official). */
export interface SessionRunSheetInput {
  readonly scenario: SessionSummary;
  readonly official: SessionSummary | null;
}

const L = {
  fr: {
    params: 'Paramètres',
    figures: 'Chiffres',
    paths: 'Parcours',
    hist: 'Histogramme',
    parameter: 'Paramètre',
    value: 'Valeur',
    figure: 'Chiffre',
    table: 'Tableau',
    sim: 'Simulé',
    low: 'IC 99 % bas',
    high: 'IC 99 % haut',
    exact: 'Exact',
    scenario: 'Scénario',
    official: 'Officiel',
    players: 'Sessions',
    seed: 'Graine',
    net: 'Résultat net (€)',
    firstWin: 'Premier gain (unités)',
    percentile: (q: number) => `Résultat net, centile ${q}`,
    largest: 'Plus gros lot gagné sur une unité',
    best: 'Meilleure session',
    noWin: 'Aucun gain (toutes les mises perdues)',
    firstMean: 'Unité du premier gain (moyenne)',
    firstMedian: 'Unité du premier gain (médiane)',
    units: 'Unités par session',
    replacement: 'Avec remise',
    yes: 'oui',
    no: 'non',
    mean: 'Retour moyen (part des mises)',
    ahead: 'Chance de finir gagnant',
    run: 'Plus longue série perdante (moyenne)',
    atLeast: (a: string) => `Au moins un lot de ${a}`,
    bought: 'Unités achetées',
    from: 'Retour dès (part de la mise)',
    share: (t: string) => `Part des sessions — ${t}`,
    section: 'Section',
    item: 'Élément',
  },
  en: {
    params: 'Parameters',
    figures: 'Figures',
    paths: 'Paths',
    hist: 'Histogram',
    parameter: 'Parameter',
    value: 'Value',
    figure: 'Figure',
    table: 'Table',
    sim: 'Simulated',
    low: '99% CI low',
    high: '99% CI high',
    exact: 'Exact',
    scenario: 'Scenario',
    official: 'Official',
    players: 'Sessions',
    seed: 'Seed',
    net: 'Net result (€)',
    firstWin: 'First win (units)',
    percentile: (q: number) => `Net result, percentile ${q}`,
    largest: 'Largest lot won on one unit',
    best: 'Best session',
    noWin: 'No win (every stake lost)',
    firstMean: 'Unit of the first win (mean)',
    firstMedian: 'Unit of the first win (median)',
    units: 'Units per session',
    replacement: 'With replacement',
    yes: 'yes',
    no: 'no',
    mean: 'Mean return (share of stakes)',
    ahead: 'Chance to end ahead',
    run: 'Longest losing run (mean)',
    atLeast: (a: string) => `At least one lot of ${a}`,
    bought: 'Units bought',
    from: 'Return from (share of the stake)',
    share: (t: string) => `Share of sessions — ${t}`,
    section: 'Section',
    item: 'Item',
  },
} as const;

const tablesOf = (r: SessionRunSheetInput, lang: Lang): [string, SessionSummary][] => [
  [L[lang].scenario, r.scenario] as [string, SessionSummary],
  ...(r.official ? [[L[lang].official, r.official] as [string, SessionSummary]] : []),
];

/** A row [figure, table, simulated, low, high, exact], values scaled by `k` (1/100: cents → euros). */
const figureRow = (label: string, table: string, f: FigureWithExact, k = 1): SheetCell[] => [
  label,
  table,
  f.simulated * k,
  f.ci99.low * k,
  f.ci99.high * k,
  f.exact === null ? null : f.exact * k,
];

/** Net-result rows (euros): percentiles with their exact values, the largest lot and the best session (sample maxima: no exact value). */
function netRows(r: SessionRunSheetInput, lang: Lang): SheetCell[][] {
  const t = L[lang];
  return tablesOf(r, lang).flatMap(([name, d]) => [
    ...d.netPercentiles.map((p) => figureRow(t.percentile(Math.round(p.q * 100)), name, p, 1 / 100)),
    [t.largest, name, d.largestLotCents / 100, null, null, null],
    [t.best, name, d.bestNetCents / 100, null, null, null],
  ]);
}

/** First-win rows (units), among sessions with a win; none when no session won. */
function firstWinRows(r: SessionRunSheetInput, lang: Lang): SheetCell[][] {
  const t = L[lang];
  return tablesOf(r, lang).flatMap(([name, d]) => [
    ...(d.firstWinMean ? [figureRow(t.firstMean, name, d.firstWinMean)] : []),
    ...(d.firstWinMedian ? [figureRow(t.firstMedian, name, d.firstWinMedian)] : []),
  ]);
}

/**
 * A rate as the sessions panel shows it: 3 decimals of a percentage, more (6) under 0.1 %, where
 * 3 would show 0,000 % (a rare lot's chance).
 */
const rateFormat = (x: number): SheetFormat => (x > 0 && x < 0.001 ? 'probability' : 'rate');

/** Figure rows: [figure, table, simulated, low, high, exact], and the format of each. */
function figureRows(r: SessionRunSheetInput, lang: Lang): { rows: SheetCell[][]; formats: SheetFormat[] } {
  const t = L[lang];
  const rows: SheetCell[][] = [];
  const formats: SheetFormat[] = [];
  for (const [name, d] of tablesOf(r, lang)) {
    rows.push([t.mean, name, d.meanReturn, d.meanReturnCi99.low, d.meanReturnCi99.high, d.meanReturnExact]);
    rows.push([t.ahead, name, d.pAhead, d.pAheadCi99.low, d.pAheadCi99.high, d.pAheadExact]);
    rows.push(figureRow(t.noWin, name, d.noWin));
    formats.push('rate', rateFormat(d.pAhead), rateFormat(d.noWin.simulated));
    for (const l of d.levels) {
      rows.push([t.atLeast(formatEuros(l.prizeCents, lang)), name, l.simulated, l.ci99.low, l.ci99.high, l.exact]);
      formats.push(rateFormat(l.exact));
    }
  }
  return { rows, formats };
}

/** The XLSX sheets of a session run: parameters, figures, percentile paths, histogram. */
export function sessionSheets(r: SessionRunSheetInput, lang: Lang): SheetTable[] {
  const t = L[lang];
  const d = r.scenario;
  const tables = tablesOf(r, lang);
  const figures = figureRows(r, lang);
  return [
    {
      name: t.params,
      columns: [t.parameter, t.value],
      formats: ['text', 'integer'],
      // the seed is a name, never grouped; the mean longest run with 2 decimals, as on the screen
      rowFormats: ['integer', 'integer', 'id', 'text', ...tables.map(() => 'decimal' as const)],
      rows: [
        [t.players, d.players],
        [t.units, d.units],
        [t.seed, d.seed],
        [t.replacement, d.replacement ? t.yes : t.no],
        ...tables.map(([name, s]): SheetCell[] => [`${t.run} — ${name}`, s.meanLongestLosingRun]),
      ],
    },
    {
      name: t.figures,
      columns: [t.figure, t.table, t.sim, t.low, t.high, t.exact],
      formats: ['text', 'text', 'rate', 'rate', 'rate', 'rate'],
      rowFormats: figures.formats,
      rows: figures.rows,
    },
    {
      name: t.net,
      columns: [t.figure, t.table, t.sim, t.low, t.high, t.exact],
      formats: ['text', 'text', 'euros', 'euros', 'euros', 'euros'],
      rows: netRows(r, lang),
    },
    {
      name: t.firstWin,
      columns: [t.figure, t.table, t.sim, t.low, t.high, t.exact],
      formats: ['text', 'text', 'decimal', 'decimal', 'decimal', 'decimal'],
      rows: firstWinRows(r, lang),
    },
    {
      name: t.paths,
      columns: [t.bought, t.table, 'P10 (€)', 'P50 (€)', 'P90 (€)'],
      formats: ['integer', 'text', 'euros', 'euros', 'euros'],
      rows: tables.flatMap(([name, s]) =>
        s.bands.map((b): SheetCell[] => [b.bought, name, b.p10 / 100, b.p50 / 100, b.p90 / 100]),
      ),
    },
    {
      name: t.hist,
      columns: [t.from, ...tables.map(([name]) => t.share(name))],
      formats: ['share', ...tables.map(() => 'share' as const)],
      rows: d.returnHist.map((h, i): SheetCell[] => [h.from, ...tables.map(([, s]) => s.returnHist[i]?.share ?? null)]),
    },
  ];
}

/**
 * The same run as one long CSV table: section, table, item, value, interval and exact value, each
 * row's numbers written as its sheet shows them (percentages, euros, counts).
 */
export function sessionCsvSheet(r: SessionRunSheetInput, lang: Lang): SheetTable {
  const t = L[lang];
  const rows: SheetCell[][] = [];
  const rowFormats: SheetFormat[] = [];
  const add = (cells: SheetCell[], format: SheetFormat): void => {
    rows.push(cells);
    rowFormats.push(format);
  };
  for (const s of sessionSheets(r, lang)) {
    s.rows.forEach((row, k) => {
      if (s.name === t.params) add([s.name, null, row[0]!, row[1]!, null, null, null], cellFormat(s, k, 1));
      else if (s.columns[0] === t.figure)
        add([s.name, row[1]!, row[0]!, row[2]!, row[3]!, row[4]!, row[5]!], cellFormat(s, k, 2));
      else if (s.name === t.paths)
        for (const [j, q] of ['P10', 'P50', 'P90'].entries())
          add([s.name, row[1]!, `${q} (€) @ ${String(row[0])}`, row[2 + j]!, null, null, null], 'euros');
      else s.columns.slice(1).forEach((c, j) => add([s.name, c, row[0]!, row[1 + j]!, null, null, null], 'share'));
    });
  }
  return {
    name: t.figures,
    columns: [t.section, t.table, t.item, t.value, t.low, t.high, t.exact],
    formats: ['text', 'text', 'text', 'decimal', 'decimal', 'decimal', 'decimal'],
    rowFormats,
    rows,
  };
}
