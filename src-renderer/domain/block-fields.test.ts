import { describe, expect, it } from 'vitest';
import { MAX_SEED } from '@engine';
import { checkBlocks, checkSeed, checkSeedSpan } from './block-fields';

describe('block fields: seed and number of blocks', () => {
  it('accepts 0 and the largest seed, refuses letters, negatives and 2^32', () => {
    expect(checkSeed('0')).toEqual({ seed: 0 });
    expect(checkSeed('4294967295')).toEqual({ seed: MAX_SEED });
    // one reading of a typed number, as on the command line: no space around it
    expect(checkSeed(' 4294967295 ')).toMatchObject({ error: { key: 'seedDigits' } });
    expect(checkSeed('12a')).toMatchObject({ error: { key: 'seedDigits' } });
    expect(checkSeed('-1')).toMatchObject({ error: { key: 'seedDigits' } });
    const big = checkSeed('4294967296');
    expect(big).toMatchObject({ error: { key: 'seedRange', params: { max: MAX_SEED } } });
    // the engine's own message is kept with the error
    expect('error' in big && big.error.engine).toContain('expected a whole number from 0 to 4294967295');
  });
  it('accepts 1 to 100 blocks by default, 1 to 10 where a screen says so', () => {
    expect(checkBlocks('1')).toEqual({ blocks: 1 });
    expect(checkBlocks('100')).toEqual({ blocks: 100 });
    for (const bad of ['0', '101', '2.5', 'x', '']) expect(checkBlocks(bad)).toHaveProperty('error');
    expect(checkBlocks('10', 10)).toEqual({ blocks: 10 });
    expect(checkBlocks('11', 10)).toEqual({ error: { key: 'blocksRange', params: { value: '11', min: 1, max: 10 } } });
  });
  it('refuses a seed whose last block would pass the largest seed', () => {
    expect(checkSeedSpan(MAX_SEED, 1)).toBeNull();
    expect(checkSeedSpan(MAX_SEED, 2)).toMatchObject({ key: 'seedSpan', params: { max: MAX_SEED - 1 } });
  });
});
