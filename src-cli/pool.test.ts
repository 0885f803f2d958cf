import { afterAll, describe, expect, it } from 'vitest';
import { officialBlock } from '../src-engine/index';
import { RangePool } from './pool';

describe('RangePool', () => {
  const pools: RangePool[] = [];
  afterAll(async () => Promise.all(pools.map((p) => p.close())));

  it('gives the same blocks on one worker and on two, with queued jobs and odd block counts (R1)', async () => {
    const specs = [0, 1, 2].map((seed) => officialBlock('les-3-gongs', 50, seed));
    const one = new RangePool(1);
    const two = new RangePool(2);
    pools.push(one, two);
    const [a, b] = await Promise.all([one.runBlocks(specs), two.runBlocks(specs)]);
    expect(b.map((r) => r.digest)).toEqual(a.map((r) => r.digest));
    expect(b.every((r) => r.audit.ok)).toBe(true);
    // 3 blocks on 2 workers: six ranges a block, nine a worker (MIN_RANGES_PER_WORKER), and both did some
    const stats = two.workerStats();
    expect(stats.reduce((s, w) => s + w.jobs, 0)).toBe(18);
    expect(stats.every((w) => w.jobs >= 1 && w.busyMs > 0)).toBe(true);
    expect(one.workerStats()[0]!.jobs).toBe(3);
  }, 60_000);

  it('reports a job that fails without stopping the others', async () => {
    const pool = new RangePool(2);
    pools.push(pool);
    const spec = officialBlock('les-3-gongs', 50, 5);
    const bad = pool.run(spec, 5, 10_000);
    const good = pool.run(spec, 0, 10_000);
    await expect(bad).rejects.toThrow(/segment boundaries/);
    expect((await good).segmentDigests).toHaveLength(1);
  }, 60_000);
});
