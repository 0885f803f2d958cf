import { describe, expect, it } from 'vitest';
import { readHistory } from './useHistoryStore';

const run = {
  version: 1,
  id: 'a',
  finishedAt: '2025-01-01T00:00:00.000Z',
  game: 'mine-d-or',
  stakeCents: 100,
  seed: 1,
  generator: 'instant-lab-gen/1',
  units: 1_000_000,
  tableSource: 'art. 3.2',
  levels: [{ prizeCents: 1_500_000, lots: 1 }],
  curveUnits: [1_000_000],
  presentationClasses: [],
  presentation: [],
  blocks: [
    {
      seed: 1,
      digest: 'd',
      merkleRoot: 'm',
      auditOk: true,
      mismatches: 0,
      countMismatches: [],
      counts: [1, 999_999],
      paidCents: 1_500_000,
      rtp: 0.015,
      hitRate: 0.000001,
      sdStakes: 15,
      elapsedMs: 10,
      curvePaid: [1_500_000],
    },
  ],
  totalMs: 10,
  workers: 2,
};

describe('readHistory', () => {
  it('keeps valid runs and drops damaged ones', () => {
    expect(readHistory([run, { ...run, game: 'poker' }, null, { ...run, blocks: [] }])).toEqual([run]);
  });
  it('reads anything that is not a list as an empty history', () => {
    expect(readHistory(undefined)).toEqual([]);
    expect(readHistory({ runs: [run] })).toEqual([]);
  });
});

describe('readHistory keeps the spread of the sales curves', () => {
  it('a run with its curve band reads back with it; one without still reads', () => {
    const band = { blocks: 1, mean: [0.015], p10: [0.015], p90: [0.015], min: [0.015], max: [0.015] };
    expect(readHistory([{ ...run, curveBand: band }])[0]!.curveBand).toEqual(band);
    expect(readHistory([run])[0]!.curveBand).toBeUndefined();
  });
});

describe('readHistory keeps the presentation settings', () => {
  it('M4: Mine d’or weights per prize level read back with the run; a negative one drops it', () => {
    const mineDor = {
      winningExtras: [1, 0.45, 0.15, 0.04],
      losingExtras: [1, 0.12, 0.03, 0.008],
      additionalCombination: 0.35,
      alignedCombination: 1,
      losingStage: 0.6,
      byPrize: { '1500000': { winningExtras: [0, 0, 0, 1], losingStage: 0.2 } },
    };
    const settings = { generatorVersion: 2, m6Strict: false, weights: { mineDor } };
    expect(readHistory([{ ...run, presentationSettings: settings }])[0]!.presentationSettings).toEqual(settings);
    const bad = { ...mineDor, byPrize: { '1500000': { losingStage: -1 } } };
    expect(readHistory([{ ...run, presentationSettings: { ...settings, weights: { mineDor: bad } } }])).toEqual([]);
  });
});
