import { describe, expect, it } from 'vitest';
import { bandDatasets, bandTable } from './session-bands';
import type { BandLines } from './session-bands';

const lines: BandLines = {
  scenario: {
    p10: { label: 'Scénario — P10', cents: [-100, -200] },
    p50: { label: 'Scénario — médiane', cents: [-50, -100] },
    p90: { label: 'Scénario — P90', cents: [100, 300] },
  },
  official: { label: 'Officiel — médiane', cents: [-50, -90] },
};

describe('the cumulative net-result chart of sessions', () => {
  it('draws every line in its own colour and dash, so that the legend swatches differ', () => {
    const d = bandDatasets(lines);
    expect(d.map((x) => x.label)).toEqual([
      'Scénario — P90',
      'Scénario — médiane',
      'Scénario — P10',
      'Officiel — médiane',
    ]);
    expect(new Set(d.map((x) => x.borderColor)).size).toBe(4);
    expect(new Set(d.map((x) => x.backgroundColor)).size).toBe(4);
    expect(new Set(d.map((x) => JSON.stringify([x.borderDash, x.borderWidth]))).size).toBe(4);
    expect(d[2]!.data).toEqual([-1, -2]);
  });

  it('has in its table every line it draws, the official median included', () => {
    const t = bandTable(lines, 'Unités achetées', ['10', '20'], (c) => `${c / 100} €`);
    expect(t.columns).toEqual([
      'Unités achetées',
      'Scénario — P10',
      'Scénario — médiane',
      'Scénario — P90',
      'Officiel — médiane',
    ]);
    expect(t.rows).toEqual([
      ['10', '-1 €', '-0.5 €', '1 €', '-0.5 €'],
      ['20', '-2 €', '-1 €', '3 €', '-0.9 €'],
    ]);
  });

  it('without an official run: three lines and three columns of figures', () => {
    const one = { ...lines, official: null };
    expect(bandDatasets(one)).toHaveLength(3);
    expect(bandTable(one, 'n', ['1'], String).columns).toHaveLength(4);
  });
});
