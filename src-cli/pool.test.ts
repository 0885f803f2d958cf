import { afterAll, describe, expect, it } from 'vitest';
import { officialBlock } from '@engine';
import { runBlocks } from '@shared/block-run/runner';
import type { JobPool } from '@shared/jobs/pool';
import { threadPool } from './pool';

describe('threadPool (the shared scheduler over worker threads)', () => {
  const pools: JobPool[] = [];
  afterAll(async () => Promise.all(pools.map((p) => p.close())));

  it('gives the same blocks on one worker and on two, with queued jobs and odd block counts (R1)', async () => {
    const specs = [0, 1, 2].map((seed) => officialBlock('les-3-gongs', 50, seed));
    const one = threadPool(1);
    const two = threadPool(2);
    pools.push(one, two);
    const [a, b] = await Promise.all([runBlocks(one, specs), runBlocks(two, specs)]);
    expect(b.map((r) => r.digest)).toEqual(a.map((r) => r.digest));
    expect(b.every((r) => r.audit.ok)).toBe(true);
    // 3 blocks on 2 workers: six ranges a block, nine a worker (MIN_RANGES_PER_WORKER), and both did
    // some; then one merge a block, in the workers too
    const stats = two.workerStats();
    expect(stats.reduce((s, w) => s + w.jobs, 0)).toBe(18 + 3);
    expect(stats.every((w) => w.jobs >= 1 && w.busyMs > 0)).toBe(true);
    // one worker: one range a block, so each block is one job, run and merged whole
    expect(one.workerStats()[0]!.jobs).toBe(3);
  }, 60_000);

  it('reports a job that fails without stopping the others', async () => {
    const pool = threadPool(2);
    pools.push(pool);
    const spec = officialBlock('les-3-gongs', 50, 5);
    const bad = pool.run('range', { spec, from: 5, to: 10_000 });
    const good = pool.run('range', { spec, from: 0, to: 10_000 });
    await expect(bad).rejects.toThrow(/segment boundaries/);
    expect((await good).segmentDigests).toHaveLength(1);
  }, 60_000);

  it('refuses a request outside the protocol in the worker, by its schema, before running it', async () => {
    const pool = threadPool(1);
    pools.push(pool);
    const spec = officialBlock('les-3-gongs', 50, 5);
    const bad = pool.run('range', { spec: { ...spec, seed: -1 }, from: 0, to: 10_000 });
    await expect(bad).rejects.toThrow(/input of a "range" job is malformed/);
  }, 60_000);
});
