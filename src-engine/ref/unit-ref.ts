/**
 * Unit references (R3): short, readable, typeable names of a unit, with a check so that a typo is
 * reported instead of replaying another unit.
 *
 * Form: `MINE-100-3KX9P2A-0ZF4-V2-NV` ({@link EXAMPLE_UNIT_REF}) — game (MINE, GONG), stake in cents (050, 100, 200), block
 * seed (7 Crockford base-32 digits), unit index (4 digits), generator version (followed by S for a
 * Mine d'or block of M6's strict reading, `V2S`: it changes what units show, R1), and two check
 * characters. The check is Σ (position+1) × value mod 1021 over the characters before it: 1021 is
 * prime and every weight is distinct and non-zero modulo it, so any single wrong character and any
 * swap of two adjacent characters changes the check.
 * @see https://www.crockford.com/base32.html
 */
import { InputError } from '../block/input-error';
import { asciiBytes, bytesAt } from '../format/ascii-bytes';
import { frInt } from '../i18n/localized-text';
import { getRules } from '../rules/load';
import { GENERATOR_VERSION, GENERATOR_VERSIONS, MAX_SEED, isM6Strict, officialBlock } from '../block/spec';
import type { BlockSpec } from '../block/spec';
import type { GameId, StakeCents } from '../rules/types';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ALPHABET_CODES = asciiBytes(ALPHABET);
/** Characters of the seed and index parts of a reference (Crockford base 32, zero-padded). */
export const SEED_CHARS = 7;
export const INDEX_CHARS = 4;
const CHECK_MOD = 1021;
const GAME_CODES: Readonly<Record<GameId, string>> = { 'mine-d-or': 'MINE', 'les-3-gongs': 'GONG' };
const BLOCK_UNITS: Readonly<Record<GameId, number>> = { 'mine-d-or': 1_000_000, 'les-3-gongs': 300_000 };

export interface UnitRef {
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly seed: number;
  readonly index: number;
  readonly generatorVersion: number;
  /** M6's strict reading (Mine d'or): written `S` after the version. */
  readonly m6Strict?: boolean;
}

/** `n` in Crockford base 32, zero-padded to `width` characters, as a reference writes it. */
export function encode32(n: number, width: number): string {
  let s = '';
  let v = n;
  do {
    s = ALPHABET[v % 32]! + s;
    v = Math.floor(v / 32);
  } while (v > 0);
  return s.padStart(width, '0');
}

/** The value of upper-case Crockford base-32 digits (no look-alikes); NaN on any other character. */
export function decode32(s: string): number {
  let v = 0;
  for (const ch of s) {
    const d = ALPHABET.indexOf(ch);
    if (d < 0) return NaN;
    v = v * 32 + d;
  }
  return v;
}

/** Crockford's reading of look-alike characters: O→0, I and L→1; lower case and spaces accepted. */
export function normaliseBase32(text: string): string {
  return text.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1').replace(/\s+/g, '');
}

function checkOf(payload: string): string {
  let sum = 0;
  const chars = payload.replace(/-/g, '');
  for (let i = 0; i < chars.length; i++) {
    const v = chars.charCodeAt(i) - 47; // '0' → 1 … 'Z' → 43: never zero
    sum = (sum + (i + 1) * v) % CHECK_MOD;
  }
  return encode32(sum, 2);
}

/** The reference of a unit. */
export function formatUnitRef(ref: UnitRef): string {
  const payload = [
    GAME_CODES[ref.game],
    String(ref.stakeCents).padStart(3, '0'),
    encode32(ref.seed, 7),
    encode32(ref.index, 4),
    `V${ref.generatorVersion}${ref.m6Strict === true && ref.game === 'mine-d-or' ? 'S' : ''}`,
  ].join('-');
  return `${payload}-${checkOf(payload)}`;
}

/**
 * The example reference every text of the product shows (the replay field's hint, the README, the
 * error messages): formatted here, never typed by hand, so that it always opens. Unit 0ZF4 (32 228)
 * of the 1 € Mine d'or block of seed 3KX9P2A (3 889 485 898): a 2 € lot with one Extra stage, and
 * three nuggets over two grids that pay nothing (art. 4.4, 4.6).
 */
export const EXAMPLE_UNIT_REF: string = formatUnitRef({
  game: 'mine-d-or',
  stakeCents: 100,
  seed: decode32('3KX9P2A'),
  index: decode32('0ZF4'),
  generatorVersion: GENERATOR_VERSION,
});

/** Parses a typed reference; throws an {@link InputError} saying what is wrong and what was expected. */
export function parseUnitRef(text: string): UnitRef {
  const expected = `expected a reference like ${EXAMPLE_UNIT_REF}`;
  const expectedFr = `attendu une référence comme ${EXAMPLE_UNIT_REF}`;
  // Game code letters are fixed words: restore them before Crockford's look-alike mapping.
  const raw = text.trim().toUpperCase();
  if (raw === '') throw new InputError(`type a reference: ${expected}`, `saisissez une référence : ${expectedFr}`);
  // the label the replay gives a unit of a scenario table (« SCENARIO-<seed>-<index> »): such a unit
  // has no reference (R3 names units of official blocks only), it is found again by its table and seed
  const scenario = /^SCENARIO-(\d+)-(\d+)$/.exec(raw.replace(/\s+/g, ''));
  if (scenario)
    throw new InputError(
      `"${text.trim()}" is the label of a unit of a scenario table (seed ${scenario[1]}, unit ${scenario[2]}), not a unit reference: a scenario's units have none (R3). Replay it with « Browse a block », the scenario's table, seed ${scenario[1]} and index ${scenario[2]}`,
      `« ${text.trim()} » est le libellé d'une unité d'un tableau de scénario (graine ${scenario[1]}, unité ${scenario[2]}), pas une référence d'unité : les unités d'un scénario n'en ont pas (R3). Rejouez-la avec « Parcourir un bloc », le tableau du scénario, la graine ${scenario[1]} et l'indice ${scenario[2]}`,
    );
  const parts = raw.split('-').map((p) => p.trim());
  if (parts.length !== 6) {
    throw new InputError(
      `"${text.trim()}" has ${parts.length} part${parts.length > 1 ? 's' : ''} separated by "-": ${expected} (6 parts)`,
      `"${text.trim()}" compte ${parts.length} partie${parts.length > 1 ? 's' : ''} séparée${parts.length > 1 ? 's' : ''} par "-" : ${expectedFr} (6 parties)`,
    );
  }
  const [gameCode, stakeText, seedText, indexText, versionText, check] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // Game codes are words: undo Crockford look-alikes typed in them (G0NG, M1NE).
  const gameWord = gameCode.replace(/0/g, 'O').replace(/1/g, 'I');
  const game = (Object.keys(GAME_CODES) as GameId[]).find((g) => GAME_CODES[g] === gameWord);
  if (!game)
    throw new InputError(
      `unknown game code "${gameCode}": expected MINE (Mine d'or) or GONG (Les 3 Gongs)`,
      `code de jeu inconnu "${gameCode}" : attendu MINE (Mine d'or) ou GONG (Les 3 Gongs)`,
    );
  const stake = Number(normaliseBase32(stakeText));
  if (stake !== 50 && stake !== 100 && stake !== 200) {
    throw new InputError(
      `unknown stake "${stakeText}": expected 050, 100 or 200 (cents, art. 2)`,
      `mise inconnue "${stakeText}" : attendu 050, 100 ou 200 (centimes, art. 2)`,
    );
  }
  const seedN = normaliseBase32(seedText);
  const indexN = normaliseBase32(indexText);
  if (!/^[0-9A-Z]{7}$/.test(seedN) || Number.isNaN(decode32(seedN))) {
    throw new InputError(
      `seed part "${seedText}" is not 7 base-32 characters (0–9, A–Z without I, L, O, U)`,
      `la partie graine "${seedText}" ne compte pas 7 caractères en base 32 (0–9, A–Z sauf I, L, O, U)`,
    );
  }
  if (!/^[0-9A-Z]{4}$/.test(indexN) || Number.isNaN(decode32(indexN))) {
    throw new InputError(
      `index part "${indexText}" is not 4 base-32 characters (0–9, A–Z without I, L, O, U)`,
      `la partie indice "${indexText}" ne compte pas 4 caractères en base 32 (0–9, A–Z sauf I, L, O, U)`,
    );
  }
  const vm = /^V(\d{1,3})(S?)$/.exec(versionText.replace(/O/g, '0'));
  if (!vm)
    throw new InputError(
      `version part "${versionText}" is not like V1, V2 or V2S`,
      `la partie version "${versionText}" n'a pas la forme V1, V2 ou V2S`,
    );
  const version = Number(vm[1]);
  const strict = vm[2] === 'S';
  // said before the check: a version this code does not know is not a typo of the check characters
  if (!GENERATOR_VERSIONS.includes(version)) {
    const known = GENERATOR_VERSIONS.map((v) => `V${v}`);
    throw new InputError(
      `unknown generator version "${versionText}": this application replays ${known.join(' and ')} (R5); the reference was made by a newer version of the application, or its version part is mistyped`,
      `version de générateur inconnue « ${versionText} » : cette application rejoue ${known.join(' et ')} (R5) ; la référence vient d'une version plus récente de l'application, ou sa partie version est mal saisie`,
    );
  }
  const payload = [gameWord, String(stake).padStart(3, '0'), seedN, indexN, `V${version}${vm[2]}`].join('-');
  const want = checkOf(payload);
  if (normaliseBase32(check) !== want) {
    throw new InputError(
      `the check characters "${check}" do not match the rest of "${text.trim()}": a character is mistyped (R3); nothing was replayed`,
      `les caractères de contrôle "${check}" ne correspondent pas au reste de la référence "${text.trim()}" : un caractère est mal saisi (R3) ; aucune unité n'a été rejouée`,
    );
  }
  const seed = decode32(seedN);
  const index = decode32(indexN);
  if (seed > MAX_SEED)
    throw new InputError(
      `seed ${seed} is out of range: at most ${MAX_SEED}`,
      `la graine ${frInt(seed)} est hors limites : au plus ${frInt(MAX_SEED)}`,
    );
  if (index >= BLOCK_UNITS[game]) {
    throw new InputError(
      `index ${index} is outside the block: a ${game} block has units 0 to ${BLOCK_UNITS[game] - 1}`,
      // the game by its name (« Les 3 Gongs »), not its id, in the French text a French screen shows
      `l'indice ${frInt(index)} est hors du bloc : un bloc ${getRules(game).name} compte les unités 0 à ${frInt(BLOCK_UNITS[game] - 1)}`,
    );
  }
  if (strict && game !== 'mine-d-or')
    throw new InputError(
      `version part "${versionText}": S (M6's strict reading) names Mine d'or blocks only`,
      `partie version "${versionText}" : S (lecture stricte de M6) ne désigne que des blocs Mine d'or`,
    );
  return { game, stakeCents: stake, seed, index, generatorVersion: version, ...(strict ? { m6Strict: true } : {}) };
}

/** The official block a reference names (R3): its game, stake, seed, generator version and M6 reading. */
export function blockOfRef(ref: UnitRef): BlockSpec {
  return officialBlock(ref.game, ref.stakeCents, ref.seed, ref.generatorVersion, ref.m6Strict === true);
}

/** The reference of unit `index` of an official block. */
export function refOfBlock(spec: BlockSpec, index: number): UnitRef {
  const { game, stakeCents, seed, generatorVersion } = spec;
  return { game, stakeCents, seed, index, generatorVersion, ...(isM6Strict(spec) ? { m6Strict: true } : {}) };
}

/**
 * The references of one block's units, written fast (a block's every reference, in `verify`): the
 * same text as {@link formatUnitRef}, with the parts every unit shares and their share of the check
 * computed once.
 */
export class RefWriter {
  private readonly head: string;
  private readonly tail: string;
  private readonly headBytes: Uint8Array;
  private readonly tailBytes: Uint8Array;
  /** Σ (position+1) × value over the parts before and after the index, mod 1021. */
  private readonly fixedSum: number;
  /** Position (1-based) of the index's first character among the payload's characters. */
  private readonly indexAt: number;

  constructor(spec: BlockSpec) {
    const probe = formatUnitRef(refOfBlock(spec, 0));
    const parts = probe.split('-');
    this.head = `${parts.slice(0, 3).join('-')}-`;
    this.tail = `-${parts[4]!}-`;
    const before = parts.slice(0, 3).join('');
    this.indexAt = before.length + 1;
    let sum = 0;
    for (let i = 0; i < before.length; i++) sum += (i + 1) * (before.charCodeAt(i) - 47);
    const after = parts[4]!;
    for (let i = 0; i < after.length; i++) sum += (this.indexAt + INDEX_CHARS + i) * (after.charCodeAt(i) - 47);
    this.fixedSum = sum % CHECK_MOD;
    this.headBytes = asciiBytes(this.head);
    this.tailBytes = asciiBytes(this.tail);
  }

  /**
   * The position after {@link ref}(index) when `b` holds it (ASCII) at `p`, else -1: the same text
   * compared where it lies, no string built (0 ≤ index < 32^4).
   */
  matchAt(b: Uint8Array, p: number, index: number): number {
    p = bytesAt(b, p, this.headBytes);
    if (p < 0 || p + INDEX_CHARS > b.length) return -1;
    let sum = this.fixedSum;
    let v = index;
    for (let i = INDEX_CHARS - 1; i >= 0; i--) {
      const c = ALPHABET_CODES[v % 32]!;
      if (b[p + i] !== c) return -1;
      sum += (this.indexAt + i) * (c - 47);
      v = Math.floor(v / 32);
    }
    p = bytesAt(b, p + INDEX_CHARS, this.tailBytes);
    const check = sum % CHECK_MOD;
    if (p < 0 || p + 2 > b.length) return -1;
    return b[p] === ALPHABET_CODES[Math.floor(check / 32)] && b[p + 1] === ALPHABET_CODES[check % 32] ? p + 2 : -1;
  }

  /** The reference of unit `index` (0 ≤ index < 32^4). */
  ref(index: number): string {
    const idx = encode32(index, INDEX_CHARS);
    let sum = this.fixedSum;
    for (let i = 0; i < INDEX_CHARS; i++) sum += (this.indexAt + i) * (idx.charCodeAt(i) - 47);
    return `${this.head}${idx}${this.tail}${encode32(sum % CHECK_MOD, 2)}`;
  }
}
