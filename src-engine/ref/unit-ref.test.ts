import { describe, expect, it } from 'vitest';
import { GAME_IDS, InputError, STAKES, blockOfRef, formatUnitRef, parseUnitRef } from '../index';
import type { UnitRef } from '../index';
import { officialBlock } from '../block/spec';
import { RefWriter, refOfBlock } from './unit-ref';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const UNITS = { 'mine-d-or': 1_000_000, 'les-3-gongs': 300_000 } as const;

const refs: UnitRef[] = GAME_IDS.flatMap((game) =>
  STAKES.flatMap((stakeCents) =>
    [0, 4294967295].flatMap((seed) =>
      [0, UNITS[game] - 1].map((index) => ({ game, stakeCents, seed, index, generatorVersion: 1 })),
    ),
  ),
);

function refusal(text: string): string {
  try {
    parseUnitRef(text);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error(`"${text}" was accepted as ${JSON.stringify(parseUnitRef(text))}`);
}

describe('unit references (R3)', () => {
  it('R3: the documented form (game, stake, seed, index, version, check), with 6 parts', () => {
    const text = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 123, index: 45, generatorVersion: 1 });
    expect(text).toMatch(/^MINE-100-[0-9A-Z]{7}-[0-9A-Z]{4}-V1-[0-9A-Z]{2}$/);
    expect(text.slice(0, 25)).toBe('MINE-100-000003V-001D-V1-');
    // the documented check: Σ (position+1) × (char code − 47) mod 1021, as 2 base-32 digits
    const sum = [...'MINE100000003V001DV1'].reduce((s, ch, i) => (s + (i + 1) * (ch.charCodeAt(0) - 47)) % 1021, 0);
    expect(text.slice(25)).toBe(ALPHABET[Math.floor(sum / 32)]! + ALPHABET[sum % 32]!);
    expect(formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 0, index: 0, generatorVersion: 1 })).toMatch(
      /^GONG-050-0000000-0000-V1-/,
    );
  });

  it.each(refs.map((r) => [formatUnitRef(r), r] as const))('R3: %s parses back to its unit', (text, r) => {
    expect(parseUnitRef(text)).toEqual(r);
    expect(parseUnitRef(` ${text.toLowerCase()} `)).toEqual(r);
  });

  it.each(refs.map((r) => [formatUnitRef(r)] as const))(
    'R3: every single-character substitution of %s is rejected',
    (text) => {
      let tried = 0;
      for (let pos = 0; pos < text.length; pos++) {
        if (text[pos] === '-') continue;
        for (const ch of ALPHABET) {
          if (ch === text[pos]) continue;
          if ((text[pos] === 'O' && ch === '0') || (text[pos] === 'I' && ch === '1')) continue; // G0NG, M1NE: look-alikes of the same reference
          const typo = text.slice(0, pos) + ch + text.slice(pos + 1);
          expect(() => parseUnitRef(typo), typo).toThrow(InputError);
          tried++;
        }
      }
      expect(tried).toBeGreaterThan(20 * 30);
    },
  );

  it.each(refs.map((r) => [formatUnitRef(r)] as const))(
    'R3: every adjacent transposition of %s is rejected',
    (text) => {
      for (let pos = 0; pos + 1 < text.length; pos++) {
        if (text[pos] === text[pos + 1]) continue; // swapping equal characters changes nothing
        const swapped = text.slice(0, pos) + text[pos + 1] + text[pos] + text.slice(pos + 2);
        expect(() => parseUnitRef(swapped), swapped).toThrow(InputError);
      }
    },
  );

  it('R3: every substitution of a seed or index character is reported as a mistyped check, not replayed', () => {
    const text = formatUnitRef({
      game: 'les-3-gongs',
      stakeCents: 200,
      seed: 987_654_321,
      index: 123_456,
      generatorVersion: 1,
    });
    for (let pos = 9; pos < 21; pos++) {
      if (text[pos] === '-') continue;
      for (const ch of ALPHABET) {
        if (ch === text[pos]) continue;
        const typo = text.slice(0, pos) + ch + text.slice(pos + 1);
        const msg = refusal(typo);
        expect(msg, typo).toMatch(/check characters|outside the block|out of range/);
      }
    }
  });

  it('R3: lower case and the look-alikes O → 0, I and L → 1 are accepted (Crockford)', () => {
    const r: UnitRef = { game: 'mine-d-or', stakeCents: 100, seed: 1_057, index: 1_025, generatorVersion: 1 };
    const text = formatUnitRef(r); // seed 0000111, index 0101: zeros and ones to mistype
    expect(text).toMatch(/^MINE-100-0000111-0101-V1-/);
    expect(parseUnitRef(text.toLowerCase())).toEqual(r);
    expect(parseUnitRef(text.replace('0000111', 'OoOOIlL').replace('0101', 'o1OL'))).toEqual(r);
    expect(parseUnitRef(text.replace('V1', 'v1'))).toEqual(r);
    const g: UnitRef = { ...r, game: 'les-3-gongs', index: 0 };
    expect(parseUnitRef(formatUnitRef(g).replace('GONG', 'G0NG'))).toEqual(g);
    expect(parseUnitRef(formatUnitRef(g).replace('050', 'O5O'))).toEqual(g);
  });

  it('R3: a wrong number of parts says 6 parts are expected', () => {
    const text = formatUnitRef(refs[0]!);
    expect(refusal(text.split('-').slice(0, 5).join('-'))).toMatch(
      /has 5 parts.*expected a reference like .*\(6 parts\)/,
    );
    expect(refusal(`${text}-X`)).toMatch(/has 7 parts/);
    expect(refusal(text.replace(/-/g, ''))).toMatch(/6 parts/);
  });

  it('R3: an unknown game code says MINE or GONG is expected', () => {
    const text = formatUnitRef(refs[0]!);
    expect(refusal(text.replace('MINE', 'MIME'))).toMatch(/unknown game code "MIME": expected MINE .* or GONG/);
  });

  it('R3: a bad stake says 050, 100 or 200 is expected', () => {
    const text = formatUnitRef(refs[0]!);
    expect(refusal(text.replace('-050-', '-075-'))).toMatch(/unknown stake "075": expected 050, 100 or 200/);
    expect(refusal(text.replace('-050-', '-0.5-'))).toMatch(/expected 050, 100 or 200/);
  });

  it('R3: malformed seed, index or version parts say what is expected', () => {
    const text = formatUnitRef(refs[0]!);
    const parts = text.split('-');
    const withPart = (i: number, v: string): string => parts.map((p, k) => (k === i ? v : p)).join('-');
    expect(refusal(withPart(2, '00000U0'))).toMatch(/seed part "00000U0" is not 7 base-32 characters/);
    expect(refusal(withPart(2, '000000'))).toMatch(/not 7 base-32 characters/);
    expect(refusal(withPart(3, '00U0'))).toMatch(/index part "00U0" is not 4 base-32 characters/);
    expect(refusal(withPart(4, 'X1'))).toMatch(/version part "X1" is not like V1/);
  });

  it('R3: an index beyond the block, with a correct check, says which indices the block has', () => {
    const gong = formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 1, index: 300_000, generatorVersion: 1 });
    expect(refusal(gong)).toMatch(/index 300000 is outside the block: a les-3-gongs block has units 0 to 299999/);
    const mine = formatUnitRef({ game: 'mine-d-or', stakeCents: 200, seed: 1, index: 1_000_000, generatorVersion: 1 });
    expect(refusal(mine)).toMatch(/index 1000000 is outside the block: a mine-d-or block has units 0 to 999999/);
    // the French text names the game as a French screen writes it, not by its id
    expect(() => parseUnitRef(gong)).toThrow(
      expect.objectContaining({ fr: expect.stringMatching(/un bloc Les 3 Gongs compte les unités 0 à 299\u202f999/) }),
    );
    expect(
      parseUnitRef(formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 1, index: 299_999, generatorVersion: 1 }))
        .index,
    ).toBe(299_999);
  });

  it('R3: a seed beyond 4,294,967,295, with a correct check, is out of range', () => {
    const text = formatUnitRef({ game: 'mine-d-or', stakeCents: 50, seed: 2 ** 32, index: 0, generatorVersion: 1 });
    expect(refusal(text)).toMatch(/seed 4294967296 is out of range: at most 4294967295/);
  });

  it('R3: a mistyped check says a character is mistyped and nothing was replayed', () => {
    const text = formatUnitRef(refs[3]!);
    const bad = text.slice(0, -2) + (text.slice(-2) === '00' ? '01' : '00');
    expect(refusal(bad)).toMatch(
      /check characters "..?" do not match .* a character is mistyped \(R3\); nothing was replayed/,
    );
  });

  it('M6: a strict Mine d’or block is written V2S, read back, and refused for Les 3 Gongs', () => {
    const r: UnitRef = { game: 'mine-d-or', stakeCents: 50, seed: 77, index: 5, generatorVersion: 2, m6Strict: true };
    const text = formatUnitRef(r);
    expect(text).toMatch(/^MINE-050-000002D-0005-V2S-[0-9A-Z]{2}$/);
    expect(parseUnitRef(text)).toEqual(r);
    expect(blockOfRef(parseUnitRef(text))).toMatchObject({ generatorVersion: 2, m6Strict: true });
    // dropping the S is a typo the check catches, not another block replayed
    expect(() => parseUnitRef(text.replace('V2S', 'V2'))).toThrow(/check characters/);
    expect(formatUnitRef({ ...r, game: 'les-3-gongs' })).toMatch(/-V2-/);
    const payload = 'GONG-050-000002D-0005-V2S';
    const sum = [...payload.replace(/-/g, '')].reduce((a, ch, i) => (a + (i + 1) * (ch.charCodeAt(0) - 47)) % 1021, 0);
    const gong = `${payload}-${ALPHABET[Math.floor(sum / 32)]}${ALPHABET[sum % 32]}`;
    expect(() => parseUnitRef(gong)).toThrow(/S \(M6's strict reading\) names Mine d'or blocks only/);
  });

  it('an empty field asks for a reference, never « "" compte 1 partie »', () => {
    for (const empty of ['', '   '])
      expect(() => parseUnitRef(empty)).toThrow(
        expect.objectContaining({
          message: expect.stringMatching(/^type a reference: expected a reference like /),
          fr: expect.stringMatching(/^saisissez une référence : attendu une référence comme /),
        }),
      );
  });

  it('a scenario unit’s label typed as a reference says what it is and how to replay it', () => {
    for (const label of ['SCENARIO-1-32712', 'scenario-1-32712'])
      expect(() => parseUnitRef(label)).toThrow(
        expect.objectContaining({
          message: expect.stringContaining(
            `"${label}" is the label of a unit of a scenario table (seed 1, unit 32712), not a unit reference`,
          ),
          fr: expect.stringContaining(
            `« ${label} » est le libellé d'une unité d'un tableau de scénario (graine 1, unité 32712), pas une référence d'unité`,
          ),
        }),
      );
    expect(refusal('SCENARIO-1-32712')).toContain("« Browse a block », the scenario's table, seed 1 and index 32712");
  });

  it('R5: a version this code does not know is an unknown version, not a mistyped check', () => {
    const good = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 5, index: 7, generatorVersion: 2 });
    const v9 = good.replace('-V2-', '-V9-');
    expect(refusal(v9)).toMatch(/^unknown generator version "V9": this application replays V1 and V2 \(R5\)/);
    expect(() => parseUnitRef(v9)).toThrow(
      expect.objectContaining({
        fr: expect.stringMatching(/^version de générateur inconnue « V9 » : cette application rejoue V1 et V2/),
      }),
    );
    // a known version with a wrong check is still a typo
    expect(refusal(good.replace('-V2-', '-V1-'))).toMatch(/check characters/);
  });

  it("R3: the fast writer of a block's references writes what formatUnitRef writes, for every kind of block", () => {
    const blocks = [
      officialBlock('mine-d-or', 100, 7, 2),
      officialBlock('mine-d-or', 50, 4294967295, 2, true),
      officialBlock('les-3-gongs', 200, 123456, 1),
    ];
    for (const spec of blocks) {
      const w = new RefWriter(spec);
      for (const index of [0, 1, 31, 32, 1023, 32_228, 299_999, spec.table.blockUnits - 1])
        expect(w.ref(index)).toBe(formatUnitRef(refOfBlock(spec, index)));
    }
  });
});
