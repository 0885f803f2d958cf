/**
 * The one block runner over the one scheduler, its workers serving the real block handlers in this
 * thread: small scenario blocks of Les 3 Gongs (4 segments of 10,000 units), so the cuts vary with
 * the worker count while each run stays short. A test that needs a run in flight holds its range
 * jobs at their start and waits until they are there; it never hopes they still run.
 */
import { describe, expect, it } from 'vitest';
import { mergeBlock, officialScenario, runRange, scenarioBlockSpec } from '@engine';
import type { BlockSpec } from '@engine';
import { CancelledError, JobPool } from '../jobs/pool';
import type { JobPoolOptions } from '../jobs/pool';
import type { Handlers } from '../jobs/protocol';
import { Gate, servedWorkers } from '../jobs/test-support/held-workers';
import { blockHandlers } from './handlers';
import { runBlockSummaries, runBlocks } from './runner';
import type { BlockRunProgress } from './runner';

const UNITS = 40_000;

/** Block `seed` of the official Les 3 Gongs 0,50 € table scaled down to 40,000 units. */
function smallBlock(seed: number): BlockSpec {
  const s = officialScenario('les-3-gongs', 50);
  const levels = s.levels.map((l) => ({ ...l, lots: Math.floor((l.lots * UNITS) / s.blockUnits) }));
  return scenarioBlockSpec({ ...s, blockUnits: UNITS, levels }, seed);
}

const specs = [smallBlock(3), smallBlock(4)];

/** Each block's digest from one engine range, no pool, no cut (R1). */
const reference = Promise.all(specs.map(async (spec) => mergeBlock(spec, [await runRange(spec, 0, UNITS)]).digest));

function servedPool(size: number, handlers: Handlers = blockHandlers(), options: JobPoolOptions = {}) {
  const { factory, started } = servedWorkers(handlers);
  return { pool: new JobPool(size, factory, options), started };
}

/** The block handlers, range jobs held at their start by `gate`. */
function heldRanges(gate: Gate): Handlers {
  const h = blockHandlers();
  return {
    ...h,
    range: async (input, progress) => {
      await gate.pass();
      return h.range(input, progress);
    },
  };
}

describe('runBlocks and runBlockSummaries over the shared pool', () => {
  it('give each block the digest of one engine range, whatever the workers and the cut (R1)', async () => {
    const expected = await reference;
    for (const [size, options] of [
      [1, {}],
      [2, {}],
      [3, {}],
      [2, { jobsPerWorker: 2 }],
    ] as const) {
      const { pool, started } = servedPool(size, blockHandlers(), options);
      const results = await runBlocks(pool, specs);
      expect(
        results.map((r) => r.digest),
        `${size} workers`,
      ).toEqual(expected);
      expect(results.every((r) => r.audit.ok)).toBe(true);
      const kinds = new Set(started.flatMap((w) => w.kinds));
      // one worker runs each block whole; more cut blocks into ranges and merge each in a worker
      expect([...kinds].sort(), `${size} workers`).toEqual(size === 1 ? ['wholeBlock'] : ['mergeBlock', 'range']);
      const summaries = await runBlockSummaries(pool, specs);
      expect(summaries.map((s) => s.block.digest)).toEqual(expected);
      expect(summaries.map((s) => s.block.seed)).toEqual([3, 4]);
      expect(summaries.every((s) => s.block.auditOk && s.block.elapsedMs >= 0)).toBe(true);
      await pool.close();
    }
  });

  for (const size of [1, 2]) {
    it(`reports progress that never goes back, up to the run’s size (${size} worker${size > 1 ? 's' : ''})`, async () => {
      const { pool } = servedPool(size);
      const seen: BlockRunProgress[] = [];
      await runBlocks(pool, specs, { onProgress: (p) => seen.push(p) });
      expect(seen.length).toBeGreaterThan(0);
      for (let i = 1; i < seen.length; i++) {
        expect(seen[i]!.done).toBeGreaterThanOrEqual(seen[i - 1]!.done);
        expect(seen[i]!.blocksDone).toBeGreaterThanOrEqual(seen[i - 1]!.blocksDone);
      }
      expect(seen.every((p) => p.total === 2 * UNITS && p.blocks === 2 && p.done <= p.total)).toBe(true);
      expect(seen.at(-1)).toEqual({ done: 2 * UNITS, total: 2 * UNITS, blocksDone: 2, blocks: 2 });
      await pool.close();
    });
  }

  it('fails the run when a worker dies, and cancels the rest of it', async () => {
    const gate = new Gate();
    const { pool, started } = servedPool(2, heldRanges(gate));
    const run = runBlocks(pool, specs).catch((e: unknown) => e);
    await gate.reachedBy(2);
    started[0]!.die(new Error('a worker thread stopped (exit code 1)'));
    const err = await run;
    expect((err as Error).message).toBe('a worker thread stopped (exit code 1)');
    expect(pool.busy).toBe(0);
    expect(started.every((w) => w.terminated)).toBe(true);
    gate.open();
  });

  it('cancels a run in flight: every job stopped, and the pool runs the next one whole', async () => {
    const gate = new Gate();
    const { pool, started } = servedPool(2, heldRanges(gate));
    const stop = new AbortController();
    const run = runBlocks(pool, specs, { signal: stop.signal }).catch((e: unknown) => e);
    await gate.reachedBy(2);
    stop.abort();
    expect(await run).toBeInstanceOf(CancelledError);
    expect(pool.busy).toBe(0);
    expect(started.every((w) => w.terminated)).toBe(true);
    gate.open();
    expect((await runBlocks(pool, specs)).map((r) => r.digest)).toEqual(await reference);
    await pool.close();
  });

  it('cancels at once a run whose signal was aborted before it started: no job is posted', async () => {
    for (const size of [1, 2]) {
      const { pool, started } = servedPool(size);
      await expect(runBlocks(pool, specs, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(CancelledError);
      expect(started).toHaveLength(0);
      expect(pool.busy).toBe(0);
    }
  });

  it('fails the run with the engine’s words when a block cannot be generated, leaving nothing running', async () => {
    const [good] = specs;
    // a lot no presentation reaches, past the explorer's check (as a hostile caller would send it)
    const bad: BlockSpec = {
      ...good!,
      seed: 5,
      table: { ...good!.table, levels: [...good!.table.levels, { prizeCents: 1, lots: 5 }] },
    };
    const { pool } = servedPool(2);
    await expect(runBlocks(pool, [good!, bad])).rejects.toThrow(
      /^no presentation the rules allow reaches these lots \(cents\): 1 /,
    );
    expect(pool.busy).toBe(0);
    await pool.close();
  });

  it('refuses blocks of different sizes in one run, and runs no blocks as no work', async () => {
    const { pool, started } = servedPool(2);
    const other = { ...specs[0]!, table: { ...specs[0]!.table, blockUnits: 50_000 } };
    await expect(runBlocks(pool, [specs[0]!, other])).rejects.toThrow('the blocks of one run have one size');
    expect(await runBlockSummaries(pool, [])).toEqual([]);
    expect(started).toHaveLength(0);
  });
});
