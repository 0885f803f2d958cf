/**
 * What names a block (R1): game, stake, seed and generator version; plus the prize table it
 * holds (the official one, or a what-if scenario's).
 */
import { hashString32 } from '../random/mix';
import { officialTable } from '../rules/load';
import type { GameId, PrizeTable, StakeCents } from '../rules/types';
import { GAME_IDS, STAKES } from '../rules/types';
import { frInt } from '../i18n/localized-text';
import { InputError } from './input-error';

/**
 * The generator version of new blocks (R5). Version 2 shows Les 3 Gongs Bonus amounts round (G5);
 * Mine d'or's presentation rules are those of version 1 (see {@link rulesVersion}).
 */
export const GENERATOR_VERSION = 2;
/** Every version this code reproduces byte for byte (R1, R5): a released version is never dropped. */
export const GENERATOR_VERSIONS: readonly number[] = [1, 2];
/** A generator's name as exports and reports print it: `instant-lab-gen/2`. */
export function generatorId(version: number): string {
  return `instant-lab-gen/${version}`;
}
/** The default generator's name (new blocks, {@link GENERATOR_VERSION}). */
export const GENERATOR_ID = generatorId(GENERATOR_VERSION);
/** Whether this code reproduces generator version `v`. */
export function isGeneratorVersion(v: unknown): v is number {
  return typeof v === 'number' && GENERATOR_VERSIONS.includes(v);
}
/** Checks a generator version typed by a user ("1", "2", "v2"). */
export function parseGeneratorVersion(text: unknown): number {
  const t = String(text).replace(/^v/i, '');
  const n = /^\d{1,3}$/.test(t) ? Number(t) : NaN;
  if (isGeneratorVersion(n)) return n;
  throw new InputError(
    `unknown generator version "${String(text)}": expected ${GENERATOR_VERSIONS.join(' or ')} (R5)`,
    `version de générateur inconnue "${String(text)}" : attendu ${GENERATOR_VERSIONS.join(' ou ')} (R5)`,
  );
}
/** Seeds are unsigned 32-bit integers: short enough to read aloud inside a unit reference (R3). */
export const MAX_SEED = 0xffffffff;

/**
 * A random seed from the platform's CSPRNG (Web Crypto, in every process that runs the engine),
 * low enough for a run of `blocks` blocks (seeds seed … seed + blocks − 1, R1) to stay valid.
 */
export function randomSeed(
  blocks = 1,
  random: (a: Uint32Array) => Uint32Array = (a) => globalThis.crypto.getRandomValues(a),
): number {
  const [v] = random(new Uint32Array(1));
  return (v ?? 0) % (MAX_SEED - Math.max(1, blocks) + 2);
}

export interface BlockSpec {
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly seed: number;
  readonly generatorVersion: number;
  /**
   * M6's strict reading of art. 3 (Mine d'or only, off by default): the 10 € and 1 € lots of the
   * 0.50 € table (×2, ×4 at 1 €, 2 €) always show two gains or more. Part of what names a block (R1).
   */
  readonly m6Strict?: boolean;
  readonly table: PrizeTable;
}

/** Checks a game id typed by a user. */
export function parseGame(text: unknown): GameId {
  if (typeof text === 'string' && (GAME_IDS as readonly string[]).includes(text)) return text as GameId;
  throw new InputError(
    `unknown game "${String(text)}": expected mine-d-or or les-3-gongs`,
    `jeu inconnu "${String(text)}" : attendu mine-d-or ou les-3-gongs`,
  );
}

/** Checks a stake typed in euros ("0.5", "1", "2", "0,50") or cents (50, 100, 200). */
export function parseStake(text: unknown): StakeCents {
  // no space around the number (one reading, as every number typed): "0,50 €" keeps its unit
  const t = String(text)
    .replace(',', '.')
    .replace(/(?<=\d)\s?€$/, '');
  // Digits with at most two decimals (whole cents): "0.499", "1e2" or "0x32" is no stake.
  const n = /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : NaN;
  const cents = Number.isFinite(n) ? (n <= 2 ? Math.round(n * 100) : n) : NaN;
  if ((STAKES as readonly number[]).includes(cents)) return cents as StakeCents;
  throw new InputError(
    `unknown stake "${String(text)}": expected 0.5, 1 or 2 (euros, art. 2)`,
    `mise inconnue "${String(text)}" : attendu 0,5, 1 ou 2 (euros, art. 2)`,
  );
}

/** Checks a block seed: a whole number from 0 to 4,294,967,295. */
export function parseSeed(text: unknown): number {
  const t = String(text);
  if (/^\s|\s$/.test(t)) {
    throw new InputError(
      `seed "${t}" has a space before or after it: expected digits only, from 0 to ${MAX_SEED}`,
      `la graine "${t}" a une espace avant ou après : attendu des chiffres seulement, de 0 à ${frInt(MAX_SEED)}`,
    );
  }
  if (!/^\d+$/.test(t)) {
    throw new InputError(
      `seed "${t}" is not a whole number: expected digits only, from 0 to ${MAX_SEED}`,
      `la graine "${t}" n'est pas un nombre entier : attendu des chiffres seulement, de 0 à ${frInt(MAX_SEED)}`,
    );
  }
  const n = Number(t);
  if (!Number.isSafeInteger(n) || n > MAX_SEED) {
    throw new InputError(
      `seed ${t} is out of range: expected a whole number from 0 to ${MAX_SEED}`,
      `la graine ${t} est hors limites : attendu un nombre entier de 0 à ${frInt(MAX_SEED)}`,
    );
  }
  return n;
}

/** Checks a unit index inside a block of `units` units. */
export function checkIndex(index: number, units: number): number {
  if (!Number.isSafeInteger(index) || index < 0 || index >= units) {
    throw new InputError(
      `unit index ${index} is outside the block: expected 0 to ${units - 1}`,
      `l'indice d'unité ${index} est hors du bloc : attendu de 0 à ${frInt(units - 1)}`,
    );
  }
  return index;
}

/** The spec of an official block; `m6Strict` applies to Mine d'or only (M6). */
export function officialBlock(
  game: GameId,
  stakeCents: StakeCents,
  seed: number,
  generatorVersion: number = GENERATOR_VERSION,
  m6Strict = false,
): BlockSpec {
  const spec = { game, stakeCents, seed, generatorVersion, table: officialTable(game, stakeCents) };
  return m6Strict && game === 'mine-d-or' ? { ...spec, m6Strict: true } : spec;
}

/** Whether a block uses M6's strict reading (only Mine d'or has one). */
export function isM6Strict(spec: Pick<BlockSpec, 'game' | 'm6Strict'>): boolean {
  return spec.game === 'mine-d-or' && spec.m6Strict === true;
}

/**
 * The version whose presentation rules a game's blocks follow: Mine d'or did not change in version 2
 * (G5 is a Les 3 Gongs rule), so its version-2 blocks are its version-1 blocks, unit for unit (R5).
 */
export function rulesVersion(game: GameId, generatorVersion: number): number {
  return game === 'mine-d-or' ? 1 : generatorVersion;
}

/**
 * The two 32-bit keys a block derives from its spec: one for placement, one for presentations.
 * M6's strict reading keeps the keys: a strict block holds the same lots at the same indices, and
 * only its M6 levels show otherwise.
 */
export function blockKeys(spec: BlockSpec): { permKey: number; unitKey: number } {
  const text = `${spec.game}|${spec.stakeCents}|${spec.seed}|v${rulesVersion(spec.game, spec.generatorVersion)}`;
  return { permKey: hashString32(text, 0x51ed270b), unitKey: hashString32(text, 0x2545f491) };
}
