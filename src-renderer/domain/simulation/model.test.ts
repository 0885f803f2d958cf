import { beforeAll, describe, expect, it } from 'vitest';
import {
  GENERATOR_ID,
  mergeBlock,
  officialBlock,
  runRange,
  splitOnSegments,
  tableDigest,
  tableIdentity,
} from '@engine';
import type { BlockResult } from '@engine';
import {
  CURVE_POINTS,
  curveBandOf,
  curveSampleIndexes,
  curveUnitsOf,
  discrepancies,
  levelRows,
  rtpAt,
  summariseBlock,
  totalRtp,
} from './model';
import type { SimulationRun } from './model';
import { exportBaseName, runToCsv, runToJson } from './export';

let result: BlockResult;
let run: SimulationRun;

beforeAll(async () => {
  // a real official block (art. 3.1: Les 3 Gongs at 0.50 €), run in two ranges as the workers do
  const spec = officialBlock('les-3-gongs', 50, 7);
  const tallies = await Promise.all(splitOnSegments(300_000, 2).map((r) => runRange(spec, r.from, r.to)));
  result = mergeBlock(spec, tallies);
  run = {
    version: 1,
    id: 'test',
    finishedAt: '2025-01-01T00:00:00.000Z',
    game: 'les-3-gongs',
    stakeCents: 50,
    seed: 7,
    generator: GENERATOR_ID,
    units: 300_000,
    tableSource: spec.table.source,
    levels: spec.table.levels,
    curveUnits: curveUnitsOf(300_000, result.curveBucketUnits, result.cumulativePaid.length),
    presentationClasses: result.presentationClasses,
    presentation: result.presentation,
    blocks: [summariseBlock(result, 123.4, true)],
    totalMs: 200,
    workers: 2,
  };
});

describe('curve sampling', () => {
  it('keeps at most 200 points and always the whole block', () => {
    expect(curveSampleIndexes(1000)).toHaveLength(CURVE_POINTS);
    expect(curveSampleIndexes(1000).at(-1)).toBe(999);
    expect(curveSampleIndexes(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(curveSampleIndexes(1001).at(-1)).toBe(1000);
  });
});

describe('block summary', () => {
  it('keeps the figures and drops the segment digests', () => {
    const b = run.blocks[0]!;
    expect(b).not.toHaveProperty('segmentDigests');
    expect(b.digest).toBe(result.digest);
    expect(b.auditOk).toBe(true);
    expect(b.elapsedMs).toBe(123);
    expect(b.curvePaid.at(-1)).toBe(result.paidCents);
    expect(JSON.stringify(run).length).toBeLessThan(12_000);
    expect(summariseBlock(result, 1, false).curvePaid).toEqual([]);
  });
  it('reconciles every level with the table: 69,993 % RTP (104,990 € / 150,000 €)', () => {
    const rows = levelRows(run);
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(r.difference).toBe(0);
    expect(rows.at(-1)).toMatchObject({ prizeCents: 0, official: 300_000 - 81_597, shareOfLots: null });
    expect(rows.slice(0, -1).reduce((s, r) => s + (r.shareOfLots ?? 0), 0)).toBeCloseTo(1, 12);
    expect(totalRtp(run)).toBe(104_990_00 / (300_000 * 50));
    expect(discrepancies(run)).toEqual([]);
    expect(rtpAt(run, run.blocks[0]!, 1)).toBe(totalRtp(run));
  });
  it('reports a block whose counts differ from the table', () => {
    const bad: SimulationRun = { ...run, blocks: [{ ...run.blocks[0]!, auditOk: false, countMismatches: [0] }] };
    expect(discrepancies(bad)).toEqual([{ seed: 7, levels: [0], mismatches: 0 }]);
  });
});

describe('exports', () => {
  const official = (): string => tableDigest(officialBlock('les-3-gongs', 50, 7).table);
  /** The same blocks labelled as a scenario's (a what-if whose levels are the run's). */
  const scenarioRun = (): SimulationRun => ({
    ...run,
    tableSource: 'Gongs 68 %',
    table: { kind: 'scenario', name: 'Gongs 68 %', digest: 'ab'.repeat(32) },
  });

  it('writes the reconciliation per block and level as CSV, each line naming the official table and its digest', () => {
    const lines = runToCsv(run).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'table,game,stake_cents,block,seed,generator,digest,merkle_root,audit,level_prize_cents,official,simulated,difference,paid_cents',
    );
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe(
      `official art. 3.1 sha256:${official()},les-3-gongs,50,0,7,${GENERATOR_ID},${result.digest},${result.merkleRoot},pass,300000,1,1,0,300000`,
    );
    expect(lines[10]).toContain(',0,218403,218403,0,0');
  });
  it('a scenario run’s CSV names the scenario, and its counts are never in an `official` column', () => {
    const lines = runToCsv(scenarioRun()).trimEnd().split('\r\n');
    expect(lines[0]!.split(',')).not.toContain('official');
    expect(lines[0]!.split(',')[10]).toBe('scenario');
    expect(lines[1]!.startsWith(`"scenario ""Gongs 68 %"" sha256:${'ab'.repeat(32)}",`)).toBe(true);
    const doc = JSON.parse(runToJson(scenarioRun()));
    expect(doc.table).toMatchObject({ kind: 'scenario', name: 'Gongs 68 %', sha256: 'ab'.repeat(32) });
    expect(Object.keys(doc.blocks[0].levels[0]).sort()).toEqual(['difference', 'prizeCents', 'scenario', 'simulated']);
    expect(exportBaseName(scenarioRun())).toBe('simulation-les-3-gongs-50c-seed7-x1-scenario-gongs-68-abababababab');
  });
  it('writes the same as JSON, with the table named', () => {
    const doc = JSON.parse(runToJson(run));
    expect(doc.blocks[0].levels).toHaveLength(10);
    expect(doc.blocks[0].audit.ok).toBe(true);
    expect(doc.table).toMatchObject({ kind: 'official', name: 'art. 3.1', sha256: official() });
    expect(doc.blocks[0].levels[0].official).toBe(1);
    expect(exportBaseName(run)).toBe(`simulation-les-3-gongs-50c-seed7-x1-official-${official().slice(0, 12)}`);
  });
  it('a run saved before runs named their table gets it from its levels', () => {
    expect(run.table).toBeUndefined();
    expect(runToJson(run)).toContain(tableIdentity(officialBlock('les-3-gongs', 50, 7).table).digest);
  });
});

describe('the spread of many blocks’ sales curves', () => {
  it('turns paid cents into cumulative RTP per point and spreads them over the blocks', () => {
    // 10 blocks, 2 points (500 and 1,000 units sold at 100 cents): block k has paid 1000·k, then 70,000 + 100·k
    const table = { game: 'les-3-gongs', stakeCents: 100, blockUnits: 1000, levels: [], source: 't' } as const;
    const curves = Array.from({ length: 10 }, (_, k) => [1000 * k, 70_000 + 100 * k]);
    const b = curveBandOf(table, [500, 1000], curves);
    expect(b.blocks).toBe(10);
    expect(b.min[0]).toBe(0);
    expect(b.max[0]).toBeCloseTo(9000 / 50_000, 12);
    expect(b.mean[1]).toBeCloseTo((70_000 + 450) / 100_000, 12);
    expect(b.p10[1]).toBeCloseTo((70_000 + 90) / 100_000, 12);
    expect(b.p90[1]).toBeCloseTo((70_000 + 810) / 100_000, 12);
  });
});
