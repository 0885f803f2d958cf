/**
 * The Mine d'or evaluator (R4): it derives the lot from what a unit shows, following art. 4.4–4.8
 * and M1–M2, and shares nothing with the generator but the rules data and the grid geometry.
 */
import { localized } from '../../i18n/localized-text';
import type { LocalizedText } from '../../i18n/localized-text';
import { EXTRA, LINE_OF_MASK, MAX_STAGES, gridOffset } from './grid';

/** Art. 4.4/M1: a paying symbol shown four times or more in one grid. */
export const ERR_M1 = -1;
/** M2: an EXTRA symbol inside an Extra stage. */
export const ERR_M2 = -2;
/** Art. 4.6: the number of Extra grids differs from the number of EXTRA symbols of the main grid. */
export const ERR_STAGES = -3;
/** A symbol code that the game does not have. */
export const ERR_SYMBOL = -4;

/** Receives each gain the evaluator finds (grid 0 = main, g ≥ 1 = Extra stage g). */
export type GainSink = (grid: number, symbol: number, mask: number, line: number, cents: number) => void;

/**
 * What the last evaluation saw, for audit statistics without allocation:
 * [stages, main cents, extra cents, aligned combos, combos, main near misses].
 */
export const lastSummary = new Int32Array(6);

/** EXTRA symbols counted in the last main grid scored. */
let lastExtraCount = 0;

function scoreGrid(buf: Uint8Array, grid: number, gains: Int32Array, sink: GainSink | undefined): number {
  const off = gridOffset(grid);
  // Seven 4-bit counters in one integer (at most 9 per symbol): no array to clear per grid.
  let packed = 0;
  for (let i = 0; i < 9; i++) {
    const s = buf[off + i]!;
    if (s > EXTRA) return ERR_SYMBOL;
    packed += 1 << (s << 2);
  }
  const extras = (packed >>> (EXTRA << 2)) & 15;
  if (grid > 0 && extras > 0) return ERR_M2; // M2: a stage never shows EXTRA
  if (grid === 0) lastExtraCount = extras;
  // The six paying counters at once: a count of 4–9 has bit 2 or 3 set, 3 is 0b11, 2 is 0b10.
  const paying = packed & 0xffffff;
  if (paying & 0xcccccc) return ERR_M1; // M1: exactly three make a combination; four or more is no valid grid
  const ones = paying & 0x111111;
  const twos = (paying >>> 1) & 0x111111;
  // main-grid near misses (M5): counters equal to 2, summed by one multiplication
  if (grid === 0) lastSummary[5] = (Math.imul(twos & ~ones, 0x111111) >>> 20) & 15;
  let threes = ones & twos;
  if (threes === 0) return 0; // no combination: most grids by far
  let total = 0;
  for (let s = 0; threes !== 0; s++, threes >>>= 4) {
    if ((threes & 1) === 0) continue;
    let mask = 0;
    for (let i = 0; i < 9; i++) if (buf[off + i] === s) mask |= 1 << i;
    const line = LINE_OF_MASK[mask]!;
    // art. 4.5: three identical symbols on one line double the combination's gain
    const cents = line >= 0 ? gains[s]! * 2 : gains[s]!;
    total += cents;
    lastSummary[4]!++;
    if (line >= 0) lastSummary[3]!++;
    if (sink) sink(grid, s, mask, line, cents);
  }
  return total;
}

/**
 * The lot of a unit in cents (art. 4.7: all gains add up), or a negative ERR_* code.
 * `buf` holds [Extra grids shown, main grid, Extra grids]; `gains` the art. 4.4 gain of each
 * paying symbol at the unit's stake.
 */
export function evaluateMineDor(buf: Uint8Array, gains: Int32Array, sink?: GainSink): number {
  for (let k = 0; k < 6; k++) lastSummary[k] = 0;
  const main = scoreGrid(buf, 0, gains, sink);
  if (main < 0) return main;
  const stages = lastExtraCount; // art. 4.6: as many Extra stages as EXTRA symbols found
  if (stages !== buf[0] || stages > MAX_STAGES) return ERR_STAGES;
  lastSummary[0] = stages;
  lastSummary[1] = main;
  let total = main;
  for (let g = 1; g <= stages; g++) {
    const v = scoreGrid(buf, g, gains, sink);
    if (v < 0) return v;
    total += v;
  }
  lastSummary[2] = total - main;
  return total;
}

/** A one-line reason for an ERR_* code, citing the rule broken (English). */
export function mineDorErrorText(code: number): string {
  return mineDorErrorLocalized(code).en;
}

/** A one-line reason for an ERR_* code, citing the rule broken, in English and French. */
export function mineDorErrorLocalized(code: number): LocalizedText {
  switch (code) {
    case ERR_M1:
      return localized(
        'a paying symbol shows four times or more in one grid (M1, art. 4.4)',
        'un symbole gagnant apparaît quatre fois ou plus dans une même grille (M1, art. 4.4)',
      );
    case ERR_M2:
      return localized('an Extra stage shows an EXTRA symbol (M2)', 'une étape Extra montre un symbole EXTRA (M2)');
    case ERR_STAGES:
      return localized(
        'the number of Extra stages differs from the EXTRA symbols of the main grid (art. 4.6)',
        "le nombre d'étapes Extra diffère du nombre de symboles EXTRA de la grille principale (art. 4.6)",
      );
    case ERR_SYMBOL:
      return localized(
        'a cell holds a symbol that Mine d’or does not have (art. 4.4)',
        "une case contient un symbole qui n'existe pas dans Mine d'or (art. 4.4)",
      );
    default:
      return localized(`unknown evaluation error ${code}`, `erreur d'évaluation inconnue ${code}`);
  }
}
