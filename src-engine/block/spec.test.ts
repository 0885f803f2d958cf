import { describe, expect, it } from 'vitest';
import {
  InputError,
  MAX_SEED,
  blockKeys,
  checkIndex,
  generatorId,
  isM6Strict,
  officialBlock,
  parseGame,
  parseGeneratorVersion,
  parseSeed,
  parseStake,
} from '../index';

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('accepted');
}

describe('block specs typed by users (R1)', () => {
  it('parseGame accepts the two game ids', () => {
    expect(parseGame('mine-d-or')).toBe('mine-d-or');
    expect(parseGame('les-3-gongs')).toBe('les-3-gongs');
  });

  it.each(['', 'Mine-d-or', 'mine d’or', 'gongs', ' les-3-gongs', undefined, 3])(
    'parseGame(%j) names the expected ids',
    (bad) => {
      expect(message(() => parseGame(bad))).toMatch(/unknown game .*: expected mine-d-or or les-3-gongs/);
    },
  );

  it.each([
    ['0.5', 50],
    ['0.50', 50],
    ['0,5', 50],
    ['0,50 €', 50],
    ['1', 100],
    ['1.00', 100],
    ['2', 200],
    ['50', 50],
    ['100', 100],
    ['200', 200],
    [0.5, 50],
    [100, 100],
  ] as const)('art. 2: parseStake(%j) = %i cents', (text, cents) => {
    expect(parseStake(text)).toBe(cents);
  });

  it.each([
    '',
    ' ',
    'abc',
    '-1',
    '-0.5',
    '0',
    '0.75',
    '3',
    '1.5',
    '0.499',
    '1.004',
    '1e2',
    '0x32',
    ' 2 ',
    '+1',
    '5000',
    'Infinity',
    'NaN',
  ])('art. 2: parseStake(%j) is refused, naming 0.5, 1 or 2', (bad) => {
    expect(message(() => parseStake(bad))).toMatch(/unknown stake .*: expected 0\.5, 1 or 2 \(euros, art\. 2\)/);
  });

  it.each([
    ['0', 0],
    ['7', 7],
    ['007', 7],
    ['4294967295', MAX_SEED],
    [123, 123],
  ] as const)('parseSeed(%j) = %i', (text, seed) => {
    expect(parseSeed(text)).toBe(seed);
  });

  it.each(['', '-1', '1.5', '1e3', 'abc', '0x10', '12 34'])('parseSeed(%j) says digits are expected', (bad) => {
    expect(message(() => parseSeed(bad))).toMatch(/is not a whole number: expected digits only, from 0 to 4294967295/);
  });

  it.each([' 42', '42 ', '\t42'])('parseSeed(%j) refuses a space around the digits', (bad) => {
    expect(message(() => parseSeed(bad))).toMatch(/has a space before or after it: expected digits only/);
  });

  it.each(['4294967296', '99999999999999999999'])('parseSeed(%j) says it is out of range', (bad) => {
    expect(message(() => parseSeed(bad))).toMatch(/out of range: expected a whole number from 0 to 4294967295/);
  });

  it('checkIndex accepts 0 … units − 1 and refuses the rest, naming the range', () => {
    expect(checkIndex(0, 300_000)).toBe(0);
    expect(checkIndex(299_999, 300_000)).toBe(299_999);
    for (const bad of [-1, 300_000, 1.5, Number.NaN, 2 ** 53])
      expect(message(() => checkIndex(bad, 300_000))).toMatch(/outside the block: expected 0 to 299999/);
  });

  it('officialBlock names an official table and the generator version', () => {
    const s = officialBlock('les-3-gongs', 200, 9);
    // R5: new blocks are of the latest version; a version-1 block is still named by asking for it
    expect(s).toMatchObject({ game: 'les-3-gongs', stakeCents: 200, seed: 9, generatorVersion: 2 });
    expect(s.table.source).toBe('art. 3.3');
    expect(officialBlock('les-3-gongs', 200, 9, 1).generatorVersion).toBe(1);
    expect(generatorId(2)).toBe('instant-lab-gen/2');
  });

  it('parseGeneratorVersion accepts the versions this build reproduces and refuses the rest (R5)', () => {
    expect(parseGeneratorVersion('1')).toBe(1);
    expect(parseGeneratorVersion('v2')).toBe(2);
    expect(() => parseGeneratorVersion(' v2 ')).toThrow(/unknown generator version/);
    for (const bad of ['3', '0', 'x', '', '1.5'])
      expect(message(() => parseGeneratorVersion(bad))).toMatch(/unknown generator version .*: expected 1 or 2 \(R5\)/);
  });

  it("M6 strict applies to Mine d'or only and keeps the block keys (same lots at the same indices)", () => {
    const strict = officialBlock('mine-d-or', 50, 3, 2, true);
    expect(isM6Strict(strict)).toBe(true);
    expect(isM6Strict(officialBlock('les-3-gongs', 50, 3, 2, true))).toBe(false);
    expect(blockKeys(strict)).toEqual(blockKeys(officialBlock('mine-d-or', 50, 3, 2)));
  });

  it("R5: Mine d'or version 2 keeps version 1 keys (its rules did not change); Les 3 Gongs version 2 does not", () => {
    expect(blockKeys(officialBlock('mine-d-or', 50, 3, 2))).toEqual(blockKeys(officialBlock('mine-d-or', 50, 3, 1)));
    expect(blockKeys(officialBlock('les-3-gongs', 50, 3, 2))).not.toEqual(
      blockKeys(officialBlock('les-3-gongs', 50, 3, 1)),
    );
  });
});
