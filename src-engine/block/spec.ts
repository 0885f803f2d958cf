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

/** The version of the generator whose output this code reproduces byte for byte (R1). */
export const GENERATOR_VERSION = 1;
/** The generator's name as exports and reports print it. */
export const GENERATOR_ID = `instant-lab-gen/${GENERATOR_VERSION}`;
/** Seeds are unsigned 32-bit integers: short enough to read aloud inside a unit reference (R3). */
export const MAX_SEED = 0xffffffff;

export interface BlockSpec {
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly seed: number;
  readonly generatorVersion: number;
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
  const t = String(text).trim().replace(',', '.').replace(/\s*€$/, '');
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
  const t = String(text).trim();
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

/** The spec of an official block. */
export function officialBlock(game: GameId, stakeCents: StakeCents, seed: number): BlockSpec {
  return { game, stakeCents, seed, generatorVersion: GENERATOR_VERSION, table: officialTable(game, stakeCents) };
}

/** The two 32-bit keys a block derives from its spec: one for placement, one for presentations. */
export function blockKeys(spec: BlockSpec): { permKey: number; unitKey: number } {
  const text = `${spec.game}|${spec.stakeCents}|${spec.seed}|v${spec.generatorVersion}`;
  return { permKey: hashString32(text, 0x51ed270b), unitKey: hashString32(text, 0x2545f491) };
}
