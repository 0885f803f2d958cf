import { describe, expect, it } from 'vitest';
import { rtpChartData } from './rtp-chart';

describe('the « Contribution » chart', () => {
  const levels = [
    { label: '1 000,00 €', official: 0.05, simulated: 0.049 },
    { label: '1,00 €', official: 0.2, simulated: 0.2012 },
  ];
  const total = { label: 'TRJ total', official: 0.65, simulated: 0.6502 };
  const data = rtpChartData(
    levels,
    total,
    { minRtp: 0.6, maxRtp: 0.75 },
    {
      official: 'Tableau',
      simulated: 'Simulé',
      band: 'Fourchette légale',
    },
  );

  it('draws the legal band on the total bar alone: a level’s share of the RTP has no legal band', () => {
    const band = data.datasets.find((d) => d.label === 'Fourchette légale')!;
    expect(band.data).toEqual([null, null, [60, 75]]);
    expect(data.datasets.filter((d) => d.data.some((v) => v === 60 || v === 75))).toEqual([]);
  });

  it('keeps the bars of every level and of the total, in the order of the numbers table', () => {
    expect(data.labels).toEqual(['1 000,00 €', '1,00 €', 'TRJ total']);
    expect(data.datasets[0]!.data).toEqual([5, 20, 65]);
    expect(data.datasets[1]!.data).toEqual([4.9, 20.12, 65.02]);
  });
});
