/**
 * Results on screen say when they are the previous run's: during a new run, and once the form
 * (seed, blocks, table, presentation settings) describes another run than theirs.
 */
import { describe, expect, it } from 'vitest';
import { officialTable, tableIdentity } from '@engine';
import type { PrizeTable, StakeCents } from '@engine';
import type { SimulationRun } from './model';
import { presentationKey, runPresentationKey } from './presentation-settings';
import { resultsStanding } from './results-standing';
import type { NextRun } from './results-standing';

function runOf(table: PrizeTable, seed: number, blocks: number): SimulationRun {
  return {
    version: 1,
    id: `run-${seed}`,
    finishedAt: '2026-03-12T14:02:00.000Z',
    game: table.game,
    stakeCents: table.stakeCents as StakeCents,
    seed,
    generator: 'instant-lab-gen/2',
    table: tableIdentity(table),
    presentationSettings: { generatorVersion: 2, m6Strict: false },
    units: table.blockUnits,
    tableSource: table.source,
    levels: table.levels,
    curveUnits: [],
    presentationClasses: [],
    presentation: [],
    blocks: Array.from({ length: blocks }, (_, k) => ({
      seed: seed + k,
      digest: 'd',
      merkleRoot: 'm',
      auditOk: true,
      mismatches: 0,
      countMismatches: [],
      counts: [],
      paidCents: 0,
      rtp: 0.7,
      hitRate: 0.2,
      sdStakes: 1,
      elapsedMs: 1,
      curvePaid: [],
    })),
    totalMs: 1,
    workers: 2,
  };
}

const official = officialTable('mine-d-or', 100);
const run = runOf(official, 2024, 3);
const same: NextRun = {
  running: false,
  table: tableIdentity(official),
  fields: { seed: 2024, blocks: 3 },
  presentationKey: runPresentationKey(run),
};

describe('resultsStanding', () => {
  it('is current while the form describes the run on screen', () => {
    expect(resultsStanding(run, same)).toBe('current');
  });

  it('is running while a new run computes, whatever the form says', () => {
    expect(resultsStanding(run, { ...same, running: true })).toBe('running');
    expect(resultsStanding(run, { ...same, running: true, fields: { seed: 1, blocks: 40 } })).toBe('running');
  });

  it('is edited once the seed, the block count or a field changes', () => {
    expect(resultsStanding(run, { ...same, fields: { seed: 2025, blocks: 3 } })).toBe('edited');
    expect(resultsStanding(run, { ...same, fields: { seed: 2024, blocks: 40 } })).toBe('edited');
    expect(resultsStanding(run, { ...same, fields: null })).toBe('edited');
    expect(resultsStanding(run, { ...same, presentationKey: null })).toBe('edited');
  });

  it('is edited when the table in use is another one: a scenario handed over, another stake', () => {
    // one more lot of the top prize: the explorer's scenario, not the rules
    const scenario: PrizeTable = {
      ...official,
      source: 'Essai',
      levels: official.levels.map((l, i) => (i === 0 ? { ...l, lots: l.lots + 1 } : l)),
    };
    expect(tableIdentity(scenario).kind).toBe('scenario');
    expect(resultsStanding(run, { ...same, table: tableIdentity(scenario) })).toBe('edited');
    expect(resultsStanding(run, { ...same, table: tableIdentity(officialTable('mine-d-or', 200)) })).toBe('edited');
    expect(resultsStanding(runOf(scenario, 2024, 3), { ...same, table: tableIdentity(scenario) })).toBe('current');
  });

  it('is edited under other presentation settings (R1: other blocks)', () => {
    const strict = presentationKey({ generatorVersion: 2, m6Strict: true, weights: undefined });
    expect(resultsStanding(run, { ...same, presentationKey: strict })).toBe('edited');
  });
});
