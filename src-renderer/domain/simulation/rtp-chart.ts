/**
 * The numbers of the « Contribution » chart: each level's RTP, table against simulated, the total
 * RTP last, and the legal band drawn on the total bar alone: the band bounds the total RTP
 * (Code de la sécurité intérieure, art. D.322-10), never a level's share of it.
 */
import type { ChartData } from 'chart.js';

/** One bar pair of the chart: a level's (or the total's) RTP by the table and as simulated. */
export interface RtpBar {
  readonly label: string;
  readonly official: number;
  readonly simulated: number;
}

/** The dataset names shown in the legend. */
export interface RtpChartWords {
  readonly official: string;
  readonly simulated: string;
  readonly band: string;
}

type RtpPoint = number | [number, number] | null;

/** A share as the chart's percent, to 1e-5 (the bars' own rounding). */
export const chartPercent = (x: number): number => Math.round(x * 1e7) / 1e5;

/** Labels and datasets: the levels, then the total, with the legal band as a floating bar on the total only. */
export function rtpChartData(
  levels: readonly RtpBar[],
  total: RtpBar,
  band: { readonly minRtp: number; readonly maxRtp: number },
  words: RtpChartWords,
): ChartData<'bar', RtpPoint[], string> {
  const bars = [...levels, total];
  return {
    labels: bars.map((b) => b.label),
    datasets: [
      {
        label: words.official,
        data: bars.map((b) => chartPercent(b.official)),
        backgroundColor: '#9aa5b1',
        order: 2,
      },
      {
        label: words.simulated,
        data: bars.map((b) => chartPercent(b.simulated)),
        backgroundColor: '#0b5cab',
        order: 2,
      },
      {
        label: words.band,
        // nothing on the levels; from the lower to the upper bound over the whole total category
        data: [...levels.map(() => null), [chartPercent(band.minRtp), chartPercent(band.maxRtp)]],
        grouped: false,
        backgroundColor: 'rgba(26, 127, 55, 0.15)',
        borderColor: '#1a7f37',
        borderWidth: 2,
        borderSkipped: false,
        order: 1,
      },
    ],
  };
}
