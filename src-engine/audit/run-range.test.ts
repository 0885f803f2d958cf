import { describe, expect, it } from 'vitest';
import {
  GAME_IDS,
  STAKES,
  explainUnit,
  getRules,
  iterateUnits,
  levelsOfRange,
  mergeBlock,
  officialBlock,
  openUnit,
  runRange,
  splitOnSegments,
} from '../index';
import type { BlockResult, BlockSpec, RangeTally, UnitView } from '../index';

async function wholeBlock(
  spec: BlockSpec,
  parts = 1,
  order: (r: RangeTally[]) => RangeTally[] = (r) => r,
): Promise<BlockResult> {
  const ranges = splitOnSegments(spec.table.blockUnits, parts);
  expect(ranges).toHaveLength(parts);
  const tallies = await Promise.all(ranges.map((r) => runRange(spec, r.from, r.to)));
  return mergeBlock(spec, order(tallies));
}

const pairs = GAME_IDS.flatMap((game) => STAKES.map((stake) => ({ game, stake })));

describe('whole blocks reconcile exactly (art. 3, R4)', () => {
  it.each(pairs)('art. 3, R4: $game at $stake cents, seeds 11 and 3000000000', async ({ game, stake }) => {
    const stated = getRules(game).stated[stake];
    for (const seed of [11, 3_000_000_000]) {
      const spec = officialBlock(game, stake, seed);
      const r = await wholeBlock(spec);
      expect(r.audit).toMatchObject({ ok: true, mismatches: 0, countMismatches: [] });
      for (const l of r.levels) {
        expect(l.simulated).toBe(l.official);
        expect(l.evaluated).toBe(l.official);
      }
      expect(r.losing.simulated).toBe(r.losing.official);
      expect(r.losing.official).toBe(spec.table.blockUnits - stated.lots);
      expect(r.paidCents).toBe(stated.totalCents);
      expect(r.officialPaidCents).toBe(stated.totalCents);
      expect(r.rtp).toBe(stated.totalCents / (spec.table.blockUnits * stake));
      expect(r.hitRate).toBe(stated.lots / spec.table.blockUnits);
      expect(r.digest).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe('R1: a block is determined by game, stake, seed and generator version', () => {
  it.each(GAME_IDS)('%s: same seed, same digest; another seed, another digest', async (game) => {
    const a = await wholeBlock(officialBlock(game, 100, 5));
    const a2 = await wholeBlock(officialBlock(game, 100, 5));
    const b = await wholeBlock(officialBlock(game, 100, 6));
    const c = await wholeBlock(officialBlock(game, 200, 5));
    expect(a2.digest).toBe(a.digest);
    expect(a2.merkleRoot).toBe(a.merkleRoot);
    expect(b.digest).not.toBe(a.digest);
    expect(c.digest).not.toBe(a.digest);
  });

  it.each(GAME_IDS)('%s: the digest is the same for 1, 2, 3 or 7 ranges merged in any order', async (game) => {
    const spec = officialBlock(game, 50, 77);
    const one = await wholeBlock(spec, 1);
    const reverse = (r: RangeTally[]): RangeTally[] => [...r].reverse();
    const rotate = (r: RangeTally[]): RangeTally[] => [...r.slice(3), ...r.slice(0, 3)];
    for (const [parts, order] of [
      [2, reverse],
      [3, rotate],
      [7, reverse],
      [7, rotate],
    ] as const) {
      const r = await wholeBlock(spec, parts, order);
      expect(r.digest, `${parts} ranges`).toBe(one.digest);
      expect(r.merkleRoot).toBe(one.merkleRoot);
      expect(r.segmentDigests).toEqual(one.segmentDigests);
      expect(r.levels).toEqual(one.levels);
      expect(r.paidCents).toBe(one.paidCents);
      expect(r.cumulativePaid).toEqual(one.cumulativePaid);
    }
  });

  it('ranges off segment boundaries, gaps and overlaps are refused', async () => {
    const spec = officialBlock('les-3-gongs', 50, 1);
    await expect(runRange(spec, 5, 10_000)).rejects.toThrow(/segment boundaries/);
    await expect(runRange(spec, 0, 300_001)).rejects.toThrow(/segment boundaries/);
    const a = await runRange(spec, 0, 10_000);
    const b = await runRange(spec, 20_000, 300_000);
    expect(() => mergeBlock(spec, [a, b])).toThrow(/gap or overlap at unit 10000/);
    expect(() => mergeBlock(spec, [a])).toThrow(/cover 10000 of 300000 units/);
  });
});

/** A small deterministic index generator (no Math.random: tests are reproducible). */
function indices(units: number, n: number, salt: number): number[] {
  const out = [0, units - 1, 1, units - 2];
  let x = salt >>> 0;
  while (out.length < n) {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    out.push(x % units);
  }
  return out;
}

describe('R2: openUnit gives the same unit as the block', () => {
  it.each(pairs)('R2: $game at $stake cents, ~200 indices including 0 and the last', ({ game, stake }) => {
    const spec = officialBlock(game, stake, 123_456);
    for (const i of indices(spec.table.blockUnits, 200, stake * 7 + game.length)) {
      let fromBlock: { prize: number; view: UnitView } | undefined;
      iterateUnits(spec, i, i + 1, (_j, prize, view) => (fromBlock = { prize, view }));
      const u = openUnit(spec, i);
      expect(u.index).toBe(i);
      expect(u.view).toEqual(fromBlock!.view);
      expect(u.assignedCents).toBe(fromBlock!.prize);
      expect(u.agrees).toBe(true);
      expect(u.explanation).toEqual(explainUnit(game, stake, fromBlock!.view, undefined, spec.generatorVersion));
      expect(u.explanation.lotCents).toBe(u.assignedCents);
    }
  });

  it('R2: openUnit refuses an index outside the block and another generator version', () => {
    const spec = officialBlock('les-3-gongs', 50, 1);
    expect(() => openUnit(spec, 300_000)).toThrow(/expected 0 to 299999/);
    expect(() => openUnit(spec, -1)).toThrow(/outside the block/);
    expect(() => openUnit({ ...spec, generatorVersion: 3 }, 0)).toThrow(/generator version 3 is not one/);
  });
});

describe('R4: a tampered presentation is caught', () => {
  /** A copy of the view with one symbol changed so that a winning combination breaks. */
  function tamper(view: UnitView, stake: 50 | 100 | 200): UnitView {
    if (view.game === 'les-3-gongs') {
      if (view.bonusCents)
        return { ...view, bonusCents: [view.bonusCents[0]! + stake / 5, ...view.bonusCents.slice(1)] };
      return { ...view, gongs: [...view.gongs.slice(0, 2), view.gongs[0] === 'fan' ? 'lady' : 'fan'] };
    }
    const e = explainUnit('mine-d-or', stake, view);
    const gain = e.gains[0]!;
    const grids = [view.main, ...view.extras].map((g) => [...g]);
    const g = grids[gain.grid]!;
    const rare = ['nugget', 'diamond', 'banknote', 'candle', 'cactus', 'pickaxe'].find(
      (id) => g.filter((c) => c === id).length === 0,
    )!;
    g[gain.cells[0]!] = rare;
    return { game: 'mine-d-or', main: grids[0]!, extras: grids.slice(1) };
  }

  it.each(GAME_IDS)('%s: changing one symbol of a winning unit changes its evaluated lot', (game) => {
    const spec = officialBlock(game, 100, 9);
    let tested = 0;
    iterateUnits(spec, 0, 3_000, (_i, prize, view) => {
      if (prize === 0) return;
      const honest = explainUnit(game, 100, view);
      expect(honest.lotCents).toBe(prize);
      const forged = explainUnit(game, 100, tamper(view, 100));
      expect(forged.valid && forged.lotCents === prize).toBe(false);
      tested++;
    });
    expect(tested).toBeGreaterThan(300);
  });

  it('R4: a tally whose level counts are off fails the audit', async () => {
    const spec = officialBlock('les-3-gongs', 50, 1);
    const tally = await runRange(spec, 0, 300_000);
    expect(mergeBlock(spec, [tally]).audit.ok).toBe(true);
    tally.levelCounts[0]!++; // one more top lot …
    tally.levelCounts[spec.table.levels.length]!--; // … one less losing unit
    const forged = mergeBlock(spec, [tally]);
    expect(forged.audit.ok).toBe(false);
    expect(forged.audit.countMismatches).toEqual([0, spec.table.levels.length]);
  });

  it('R4: a unit whose evaluation differs from its lot is counted as a mismatch', async () => {
    const spec = officialBlock('les-3-gongs', 50, 1);
    const tally = await runRange(spec, 0, 300_000);
    tally.mismatchCount = 1;
    expect(mergeBlock(spec, [tally]).audit).toMatchObject({ ok: false, mismatches: 1 });
  });
});

describe('a host SHA-256 (the command line passes Node’s)', () => {
  it('gives the same segment digests as Web Crypto, and is called once a segment', async () => {
    const { sha256 } = await import('@noble/hashes/sha2.js');
    const spec = officialBlock('les-3-gongs', 100, 5);
    let calls = 0;
    const host = (bytes: Uint8Array): Uint8Array => {
      calls++;
      return sha256(bytes);
    };
    const [native, hosted] = await Promise.all([
      runRange(spec, 0, 50_000),
      runRange(spec, 0, 50_000, { sha256: host }),
    ]);
    expect(calls).toBe(5);
    expect(hosted.segmentDigests.map((d) => Array.from(d))).toEqual(native.segmentDigests.map((d) => Array.from(d)));
  });

  it.each([
    ['les-3-gongs', 10_000, 40_000],
    ['mine-d-or', 990_000, 1_000_000],
  ] as const)('%s: sales-curve buckets of units %i–%i sum each unit’s lot', async (game, from, to) => {
    const spec = officialBlock(game, 50, 17);
    const tally = await runRange(spec, from, to);
    const bucket = Math.ceil(spec.table.blockUnits / 1000);
    const amounts = [...spec.table.levels.map((l) => l.prizeCents), 0];
    const paid = new Array<number>(tally.bucketPaid.length).fill(0);
    const wins = new Array<number>(tally.bucketWins.length).fill(0);
    levelsOfRange(spec, from, to).forEach((level, k) => {
      const b = Math.floor((from + k) / bucket) - tally.firstBucket;
      paid[b]! += amounts[level]!;
      if (amounts[level]! > 0) wins[b]!++;
    });
    expect(tally.firstBucket).toBe(Math.floor(from / bucket));
    expect(Array.from(tally.bucketPaid)).toEqual(paid);
    expect(Array.from(tally.bucketWins)).toEqual(wins);
    expect(paid[0]).toBeGreaterThan(0);
  });
});

describe('ranges that run at once on one thread (shared scratch and reused record buffers)', () => {
  it('give the same tallies as the same ranges run one after another, whatever the games mixed', async () => {
    const jobs = [
      { spec: officialBlock('mine-d-or', 100, 3), from: 0, to: 50_000 },
      { spec: officialBlock('les-3-gongs', 50, 4), from: 100_000, to: 160_000 },
      { spec: officialBlock('mine-d-or', 200, 5), from: 500_000, to: 530_000 },
      { spec: officialBlock('les-3-gongs', 200, 6), from: 0, to: 40_000 },
    ];
    const alone: RangeTally[] = [];
    for (const j of jobs) alone.push(await runRange(j.spec, j.from, j.to, { keepLevels: true }));
    // Web Crypto digests: each range awaits between segments, so the four interleave segment by segment
    const together = await Promise.all(jobs.map((j) => runRange(j.spec, j.from, j.to, { keepLevels: true })));
    const view = (t: RangeTally) => ({
      digests: t.segmentDigests.map((d) => Array.from(d)),
      levels: Array.from(t.levels),
      counts: Array.from(t.levelCounts),
      paid: t.paidCents,
      presentation: Array.from(t.presentation),
      mismatches: t.mismatchCount,
    });
    expect(together.map(view)).toEqual(alone.map(view));
    expect(together.every((t) => t.mismatchCount === 0)).toBe(true);
  });
});
