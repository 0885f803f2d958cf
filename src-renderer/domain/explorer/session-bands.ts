/**
 * The lines of the cumulative net-result chart of player sessions (the scenario's 10th, 50th and
 * 90th percentiles, and the official table's median) and the table of its numbers: one colour and
 * one dash per line, so that lines and legend swatches are told apart without colour alone
 * (WCAG 1.4.1, 1.4.11: every hue at least 3:1 on white), and every line the chart draws is a
 * column of the table.
 */
import type { ChartDataset } from 'chart.js';

/** One line's style. */
export interface LineStyle {
  readonly colour: string;
  readonly dash: readonly number[];
  readonly width: number;
}

export const BAND_STYLES = {
  p90: { colour: '#0b5cab', dash: [4, 3], width: 2 },
  p50: { colour: '#10243e', dash: [], width: 3 },
  p10: { colour: '#7b3fa0', dash: [10, 4], width: 2 },
  official: { colour: '#8a6100', dash: [2, 3], width: 3 },
} as const satisfies Record<string, LineStyle>;

/** A series of the chart: its name and its values in cents, one per point of `bought`. */
export interface BandSeries {
  readonly label: string;
  readonly cents: readonly number[];
}

export interface BandLines {
  /** Net result per unit bought: the scenario's percentiles and, when compared, the official median. */
  readonly scenario: { readonly p10: BandSeries; readonly p50: BandSeries; readonly p90: BandSeries };
  readonly official: BandSeries | null;
}

const line = (s: BandSeries, style: LineStyle, extra: object = {}): ChartDataset<'line'> => ({
  label: s.label,
  data: s.cents.map((c) => c / 100),
  borderColor: style.colour,
  backgroundColor: `${style.colour}26`,
  borderDash: [...style.dash],
  borderWidth: style.width,
  pointRadius: 0,
  ...extra,
});

/** The chart's datasets: P90, P50, P10 (the band between P10 and P90 filled), then the official median. */
export function bandDatasets(b: BandLines): ChartDataset<'line'>[] {
  return [
    line(b.scenario.p90, BAND_STYLES.p90),
    line(b.scenario.p50, BAND_STYLES.p50),
    line(b.scenario.p10, BAND_STYLES.p10, { fill: '-2' }),
    ...(b.official ? [line(b.official, BAND_STYLES.official)] : []),
  ];
}

/** The table beside the chart: units bought, then one column per line drawn, in euros as `euros` formats them. */
export function bandTable(
  b: BandLines,
  boughtLabel: string,
  bought: readonly string[],
  euros: (cents: number) => string,
): { columns: string[]; rows: string[][] } {
  const series = [b.scenario.p10, b.scenario.p50, b.scenario.p90, ...(b.official ? [b.official] : [])];
  return {
    columns: [boughtLabel, ...series.map((s) => s.label)],
    rows: bought.map((x, i) => [x, ...series.map((s) => euros(s.cents[i] ?? Number.NaN))]),
  };
}
