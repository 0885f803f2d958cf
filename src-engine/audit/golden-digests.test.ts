/**
 * R1 across time: generator version 1 must keep producing the same units, byte for byte. These
 * digests were recorded when version 1 was released; a change to placement, presentations,
 * weights or records that alters any unit fails here, and must instead come as a new version.
 */
import { describe, expect, it } from 'vitest';
import { mergeBlock, officialBlock, runRange, splitOnSegments } from '../index';
import type { GameId, StakeCents } from '../index';

const GOLDEN: readonly [GameId, StakeCents, number, string][] = [
  ['les-3-gongs', 50, 7, 'a2bfb0ee9738f8dd56dad655f9d4b2273e447ff5cf7763b2ece46aa1f470dca6'],
  ['les-3-gongs', 200, 123_456_789, 'e72c04ea9fabe322970beab39a60882340aa62db09e6ffc63df680a314a178ea'],
  ['mine-d-or', 50, 0, '7ff4b6a8e73b54c58ec103392a55735ddc35e5248a0d968cd20cd7f05961b296'],
  ['mine-d-or', 100, 42, 'b64dba181fc4978e4a8bd9d737d6c2dfa480217d3c5b927c707bc2606b2ac6a8'],
  ['mine-d-or', 200, 4_294_967_295, '8d1c4842da8f9a0f4660842401088894e515e9d878cf2dba185b80d31a013957'],
];

describe('R1: version 1 blocks never change', () => {
  it.each(GOLDEN)('%s at %i cents, seed %i', async (game, stake, seed, digest) => {
    const spec = officialBlock(game, stake, seed, 1);
    // three ranges, merged: the digest does not depend on how the block was cut
    const tallies = await Promise.all(
      splitOnSegments(spec.table.blockUnits, 3).map((r) => runRange(spec, r.from, r.to)),
    );
    const result = mergeBlock(spec, tallies);
    expect(result.audit.ok).toBe(true);
    expect(result.digest).toBe(digest);
  });
});

/**
 * Recorded when version 2 was released (G5 round Bonus amounts). Mine d'or's rules did not change
 * in version 2, so its version-2 blocks are its version-1 blocks: same digests as above (R5).
 */
const GOLDEN_V2: readonly [GameId, StakeCents, number, string][] = [
  ['les-3-gongs', 50, 7, 'bf240ef2e41fab6f485a3f77170e15d31de78385772b6c86e68e67eb97ccbda7'],
  ['les-3-gongs', 100, 11, 'db8debbe52bba89f42d0acd460eaf2e1f804393ffa9208a68203f91abd0f17ec'],
  ['les-3-gongs', 200, 123_456_789, '93115f5c252ad1d1a017924425d53cf82478d4898316f09707446a3e12704e65'],
  ['mine-d-or', 50, 0, '7ff4b6a8e73b54c58ec103392a55735ddc35e5248a0d968cd20cd7f05961b296'],
  ['mine-d-or', 100, 42, 'b64dba181fc4978e4a8bd9d737d6c2dfa480217d3c5b927c707bc2606b2ac6a8'],
  ['mine-d-or', 200, 4_294_967_295, '8d1c4842da8f9a0f4660842401088894e515e9d878cf2dba185b80d31a013957'],
];

/** M6's strict reading (Mine d'or, part of what names a block): its own digests. */
const GOLDEN_M6_STRICT: readonly [StakeCents, number, string][] = [
  [50, 0, 'aa55862ce713fc81fee703fefe3105c74b63593e4d90e5829c2d3ee10851cc87'],
  [200, 5, '89ad8180267728218681b7c5c646c3a1bb83c4970d6eff9a1aa9e6f54b875984'],
];

describe('R1, R5: version 2 blocks never change', () => {
  it.each(GOLDEN_V2)('%s at %i cents, seed %i', async (game, stake, seed, digest) => {
    const spec = officialBlock(game, stake, seed, 2);
    const tallies = await Promise.all(
      splitOnSegments(spec.table.blockUnits, 3).map((r) => runRange(spec, r.from, r.to)),
    );
    const result = mergeBlock(spec, tallies);
    expect(result.audit.ok).toBe(true);
    expect(result.digest).toBe(digest);
  });

  it.each(GOLDEN_M6_STRICT)('Mine d’or, M6 strict reading, at %i cents, seed %i', async (stake, seed, digest) => {
    const spec = officialBlock('mine-d-or', stake, seed, 2, true);
    const result = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    expect(result.audit.ok).toBe(true);
    expect(result.digest).toBe(digest);
  });
});
