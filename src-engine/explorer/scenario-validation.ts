/**
 * A scenario's problems, every one named once, in English and French, with the level it concerns.
 *
 * Everything here is O(levels) except the reachability check (M4, G1), which enumerates the
 * presentations of an amount once and is then cached per (game, stake, amount).
 */
import { prepareGame } from '../games/registry';
import type { GameId, PrizeTable, StakeCents } from '../rules/types';
import { formatEuros } from '../money/format';
import { frInt } from '../i18n/localized-text';
import { MAX_BLOCK_UNITS, MAX_LEVELS, MAX_NAME_CHARS } from './scenario';
import type { ProblemCode, ScenarioProblem } from './scenario';

const reachCache = new Map<string, boolean>();

/**
 * Whether some presentation the rules allow shows `prizeCents` (M4 for Mine d'or: gains of
 * art. 4.4 doubled by 4.5, over the main grid and up to 3 Extra stages of 4.6; G1 for Les 3 Gongs:
 * a symbol of art. 4.3.1, or a Bonus of three positive fifths of the stake). Asks the game's own
 * generator (`prepareGame(...).unreachable`), so the explorer and the generator never disagree.
 */
export function isReachable(game: GameId, stakeCents: StakeCents, prizeCents: number): boolean {
  const key = `${game}|${stakeCents}|${prizeCents}`;
  let r = reachCache.get(key);
  if (r === undefined) {
    const table: PrizeTable = {
      game,
      stakeCents,
      blockUnits: 1,
      levels: [{ prizeCents, lots: 1 }],
      source: 'reachability probe',
    };
    r = prepareGame({ game, stakeCents, table }).unreachable.length === 0;
    reachCache.set(key, r);
  }
  return r;
}

/** Why an amount cannot be shown, citing the rules (English; the screen translates by code). */
function unreachableMessage(game: GameId, stakeCents: number, prizeCents: number): string {
  const a = formatEuros(prizeCents, 'en');
  return game === 'mine-d-or'
    ? `no combination of gains (art. 4.4–4.6, M4) adds up to ${a}`
    : `neither a symbol (art. 4.3.1) nor a Bonus of positive fifths of the stake (G1, fifth = ${formatEuros(stakeCents / 5, 'en')}) gives ${a}`;
}

/** The same reason in French. */
function unreachableMessageFr(game: GameId, stakeCents: number, prizeCents: number): string {
  const a = formatEuros(prizeCents, 'fr');
  return game === 'mine-d-or'
    ? `aucune combinaison de gains (art. 4.4–4.6, M4) ne fait ${a}`
    : `ni un symbole (art. 4.3.1) ni un Bonus de cinquièmes positifs de la mise (G1, cinquième = ${formatEuros(stakeCents / 5, 'fr')}) ne donne ${a}`;
}

/** Shows a value found in a file, short and on one line. */
function shown(v: unknown): string {
  const t = v === undefined ? 'nothing' : typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v));
  return t.length > 40 ? `${t.slice(0, 40)}…` : t;
}

/** The same value in French (« rien » for nothing). */
const shownFr = (v: unknown): string => (v === undefined ? 'rien' : shown(v));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every problem of a scenario, each once, in words, in English and French, with the level it
 * concerns. An empty list means the scenario can be analysed, sampled and generated as full blocks
 * (runRange accepts its table). Bounded work whatever the input: the number of levels is checked
 * before any level is read (at most {@link MAX_LEVELS}), amounts and lots must be safe integers.
 */
export function validateScenario(input: unknown): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  const push = (
    code: ProblemCode,
    level: number,
    params: Record<string, string | number>,
    message: string,
    fr: string,
  ): void => {
    out.push({ code, level, params, message, fr });
  };
  const shape = (path: string, level: number, en: string, fr: string): void =>
    push('shape', level, { path, detail: en }, `${path}: ${en}`, `${path} : ${fr}`);

  if (!isRecord(input)) {
    shape(
      '(root)',
      -1,
      `expected an object with name, game, stakeCents, blockUnits and levels, got ${shown(input)}`,
      `attendu un objet avec name, game, stakeCents, blockUnits et levels, reçu ${shownFr(input)}`,
    );
    return out;
  }
  // Bounded first: a file of a million levels is refused before any level is read.
  const rawLevels = input.levels;
  if (Array.isArray(rawLevels) && rawLevels.length > MAX_LEVELS) {
    push(
      'too-many-levels',
      -1,
      { levels: rawLevels.length, max: MAX_LEVELS },
      `${rawLevels.length} levels: a table has at most ${MAX_LEVELS} levels`,
      `${frInt(rawLevels.length)} niveaux : un tableau compte au plus ${MAX_LEVELS} niveaux`,
    );
    return out;
  }
  if (typeof input.name !== 'string' || input.name.length > MAX_NAME_CHARS) {
    shape(
      'name',
      -1,
      `expected a text of at most ${MAX_NAME_CHARS} characters, got ${typeof input.name === 'string' ? `${input.name.length} characters` : shown(input.name)}`,
      `attendu un texte d'au plus ${MAX_NAME_CHARS} caractères, reçu ${typeof input.name === 'string' ? `${frInt(input.name.length)} caractères` : shownFr(input.name)}`,
    );
  }
  const gameOk = input.game === 'mine-d-or' || input.game === 'les-3-gongs';
  if (!gameOk) {
    shape(
      'game',
      -1,
      `unknown game ${shown(input.game)}: expected "mine-d-or" or "les-3-gongs"`,
      `jeu inconnu ${shownFr(input.game)} : attendu "mine-d-or" ou "les-3-gongs"`,
    );
  }
  const stakeOk = input.stakeCents === 50 || input.stakeCents === 100 || input.stakeCents === 200;
  if (!stakeOk) {
    shape(
      'stakeCents',
      -1,
      `unknown stake ${shown(input.stakeCents)}: expected 50, 100 or 200 cents (art. 2)`,
      `mise inconnue ${shownFr(input.stakeCents)} : attendu 50, 100 ou 200 centimes (art. 2)`,
    );
  }
  const b = input.blockUnits;
  const blockOk = typeof b === 'number' && Number.isSafeInteger(b) && b >= 1 && b <= MAX_BLOCK_UNITS;
  if (!blockOk) {
    push(
      'block-size',
      -1,
      // a number stays a number, so that screens group its digits (« 1 000 000 000 000 »)
      { units: typeof b === 'number' && Number.isFinite(b) ? b : shown(b), max: MAX_BLOCK_UNITS },
      `block size ${shown(b)} is not a whole number from 1 to ${MAX_BLOCK_UNITS}`,
      `la taille de bloc ${shownFr(b)} n'est pas un nombre entier de 1 à ${frInt(MAX_BLOCK_UNITS)}`,
    );
  }
  if (!Array.isArray(rawLevels)) {
    shape(
      'levels',
      -1,
      `expected a list of levels {prizeCents, lots}, got ${shown(rawLevels)}`,
      `attendu une liste de niveaux {prizeCents, lots}, reçu ${shownFr(rawLevels)}`,
    );
  }
  const game = input.game as GameId;
  const stakeCents = input.stakeCents as StakeCents;
  const seen = new Map<number, number>();
  let lots = 0;
  let paid = 0n;
  (Array.isArray(rawLevels) ? (rawLevels as unknown[]) : []).forEach((raw, i) => {
    const n = i + 1;
    if (!isRecord(raw)) {
      shape(
        `levels.${i}`,
        i,
        `expected a level {prizeCents, lots}, got ${shown(raw)}`,
        `attendu un niveau {prizeCents, lots}, reçu ${shownFr(raw)}`,
      );
      return;
    }
    const l = raw.lots;
    let lotsOk = false;
    if (typeof l !== 'number' || !Number.isInteger(l)) {
      push(
        'lots-not-integer',
        i,
        { n, lots: shown(l) },
        `level ${n}: ${shown(l)} lots is not a whole number`,
        `niveau ${n} : ${shownFr(l)} lots, pas un nombre entier`,
      );
    } else if (l < 0) {
      push(
        'lots-negative',
        i,
        { n, lots: l },
        `level ${n}: ${l} lots is negative`,
        `niveau ${n} : ${l} lots, nombre négatif`,
      );
    } else if (l > MAX_BLOCK_UNITS) {
      push(
        'lots-too-large',
        i,
        { n, lots: l, max: MAX_BLOCK_UNITS },
        `level ${n}: ${l} lots is more than a block may hold (at most ${MAX_BLOCK_UNITS})`,
        `niveau ${n} : ${frInt(l)} lots, plus qu'un bloc ne peut en contenir (au plus ${frInt(MAX_BLOCK_UNITS)})`,
      );
    } else {
      lots += l;
      lotsOk = true;
    }
    const a = raw.prizeCents;
    let amountOk = false;
    if (typeof a !== 'number' || !Number.isInteger(a)) {
      push(
        'amount-not-cents',
        i,
        { n, cents: shown(a) },
        `level ${n}: ${shown(a)} cents is not a whole number of cents`,
        `niveau ${n} : ${shownFr(a)} centimes n'est pas un nombre entier de centimes`,
      );
    } else if (a <= 0) {
      push(
        'amount-not-positive',
        i,
        { n, cents: a },
        `level ${n}: an amount must be above 0 (got ${a} cents)`,
        `niveau ${n} : un montant doit être supérieur à 0 (reçu ${a} centimes)`,
      );
    } else if (!Number.isSafeInteger(a)) {
      push(
        'amount-too-large',
        i,
        { n, cents: a, max: Number.MAX_SAFE_INTEGER },
        `level ${n}: ${a} cents is too large to count exactly (at most ${Number.MAX_SAFE_INTEGER} cents)`,
        `niveau ${n} : ${a} centimes, trop grand pour être compté exactement (au plus ${frInt(Number.MAX_SAFE_INTEGER)} centimes)`,
      );
    } else amountOk = true;
    if (lotsOk && amountOk) paid += BigInt(l as number) * BigInt(a as number);
    if (!amountOk) return;
    const prizeCents = a as number;
    const first = seen.get(prizeCents);
    if (first !== undefined) {
      // listed once: the amount's other problems were reported at its first level
      push(
        'amount-duplicate',
        i,
        { n, first: first + 1, amount: formatEuros(prizeCents), amountCents: prizeCents },
        `level ${n}: ${formatEuros(prizeCents, 'en')} already is level ${first + 1}`,
        `niveau ${n} : ${formatEuros(prizeCents, 'fr')} figure déjà au niveau ${first + 1}`,
      );
      return;
    }
    seen.set(prizeCents, i);
    if (gameOk && stakeOk && !isReachable(game, stakeCents, prizeCents)) {
      push(
        game === 'mine-d-or' ? 'unreachable-mine-d-or' : 'unreachable-les-3-gongs',
        i,
        {
          n,
          amount: formatEuros(prizeCents),
          fifth: formatEuros(stakeCents / 5),
          amountCents: prizeCents,
          fifthCents: stakeCents / 5,
        },
        `level ${n}: ${unreachableMessage(game, stakeCents, prizeCents)}`,
        `niveau ${n} : ${unreachableMessageFr(game, stakeCents, prizeCents)}`,
      );
    }
  });
  if (blockOk && lots > (b as number)) {
    push(
      'too-many-lots',
      -1,
      { lots, units: b as number },
      `${lots} lots for ${b as number} units: at most one lot per unit (art. 3)`,
      `${frInt(lots)} lots pour ${frInt(b as number)} unités : au plus un lot par unité (art. 3)`,
    );
  } else if (paid > BigInt(Number.MAX_SAFE_INTEGER)) {
    push(
      'total-too-large',
      -1,
      { max: Number.MAX_SAFE_INTEGER },
      `the block pays more than ${Number.MAX_SAFE_INTEGER} cents in all: too large to count exactly`,
      `le bloc paie plus de ${frInt(Number.MAX_SAFE_INTEGER)} centimes en tout : trop pour être compté exactement`,
    );
  }
  return out;
}
