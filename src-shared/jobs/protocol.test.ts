/**
 * The block jobs' inputs as an attacker would send them across a thread: each kind that names a
 * block refuses a spec that names no block one way (R1), before its handler runs.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SEED, officialBlock } from '@engine';
import { inputSchemas } from './protocol';
import type { JobKind } from './protocol';
import { dispatchJob } from './serve';

const spec = officialBlock('les-3-gongs', 50, 5);
const valid: Partial<Record<JobKind, Record<string, unknown>>> = {
  range: { spec, from: 0, to: 10_000 },
  wholeBlock: { spec },
  wholeBlockSummary: { spec, keepCurve: true },
  blockDigest: { spec, from: 0, to: 10_000 },
  openUnit: { spec, index: 7 },
};

/** Specs that name no block, or not one way. */
const badSpecs: [string, unknown][] = [
  ['a negative seed', { ...spec, seed: -1 }],
  ['a seed past the largest', { ...spec, seed: MAX_SEED + 1 }],
  ['a fractional seed', { ...spec, seed: 1.5 }],
  ['a seed as text', { ...spec, seed: '5' }],
  ['an unknown game', { ...spec, game: 'bingo' }],
  ['a stake of zero', { ...spec, stakeCents: 0 }],
  ['no table', { ...spec, table: undefined }],
  ['a table of another shape', { ...spec, table: { ...spec.table, levels: 'all' } }],
  ['a generator version of 0', { ...spec, generatorVersion: 0 }],
  ['nothing', null],
];

describe('the block jobs’ input schemas', () => {
  for (const [kind, input] of Object.entries(valid) as [JobKind, Record<string, unknown>][]) {
    it(`${kind}: a whole spec passes; each malformed one is refused`, () => {
      const schema = inputSchemas[kind]!;
      expect(schema.safeParse(input).success).toBe(true);
      for (const [why, bad] of badSpecs) expect(schema.safeParse({ ...input, spec: bad }).success, why).toBe(false);
    });
  }

  it('a whole block’s summary asks for its curve or not, in so many words', () => {
    const schema = inputSchemas.wholeBlockSummary!;
    expect(schema.safeParse({ spec }).success).toBe(false);
    expect(schema.safeParse({ spec, keepCurve: 'yes' }).success).toBe(false);
  });

  it('a worker answers a malformed whole-block job with an error, without running it', async () => {
    const ran: string[] = [];
    const replies: unknown[] = [];
    await dispatchJob(
      { wholeBlock: () => (ran.push('wholeBlock'), undefined as never) },
      { id: 3, kind: 'wholeBlock', input: { spec: { ...spec, seed: -1 } } },
      (m) => replies.push(m),
    );
    expect(ran).toEqual([]);
    expect(replies).toEqual([
      expect.objectContaining({
        id: 3,
        type: 'error',
        message: expect.stringMatching(/"wholeBlock" job is malformed/),
      }),
    ]);
  });
});
