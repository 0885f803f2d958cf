import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { blockDigest, mergeBlock, officialBlock, runRange, stageSeconds } from '../index';

describe('stageSeconds (where a block’s time goes, for the bench)', () => {
  it('hashes exactly the canonical records of the block, segment by segment', async () => {
    const spec = officialBlock('les-3-gongs', 50, 7);
    const digests: Uint8Array[] = [];
    let ms = 0;
    const stages = stageSeconds(
      spec,
      () => (ms += 2),
      (bytes) => {
        const d = sha256(bytes);
        digests.push(d);
        return d;
      },
    );
    expect(digests).toHaveLength(30);
    const whole = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    expect(blockDigest(digests)).toBe(whole.digest);
    // a clock that moves 2 ms a reading: placement and generation read it twice each
    expect(stages.placement).toBeCloseTo(0.002, 9);
    expect(stages.generation).toBeCloseTo(0.002, 9);
    expect(stages.hashing).toBeCloseTo(0.06, 9);
    for (const v of Object.values(stages)) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('keeps the fastest of repeated passes (the least disturbed on a shared machine)', () => {
    const spec = officialBlock('les-3-gongs', 100, 1);
    // each reading moves the clock one millisecond more than the last: later repeats look slower
    let step = 0;
    let ms = 0;
    const stages = stageSeconds(spec, () => (ms += ++step), sha256, 3);
    // placement: readings 1 and 2 of the first repeat, 2 ms apart (the repeats after: 4 and 6 ms)
    expect(stages.placement).toBeCloseTo(0.002, 9);
    // generation: readings 7 and 8 of its first repeat
    expect(stages.generation).toBeCloseTo(0.008, 9);
  });
});
