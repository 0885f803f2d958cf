/**
 * A block of 9 units small enough to enumerate every draw, for the exact session laws' tests:
 * 1 × 5 €, 2 × 1 €, 2 × 0,50 €, 4 losing; stake 0,50 €.
 */
import type { PrizeTable } from '../rules/types';

export const NINE_UNIT_BLOCK: PrizeTable = {
  game: 'les-3-gongs',
  stakeCents: 50,
  blockUnits: 9,
  levels: [
    { prizeCents: 500, lots: 1 },
    { prizeCents: 100, lots: 2 },
    { prizeCents: 50, lots: 2 },
  ],
  source: 'test',
};

/** The prize of each of its units, in cents. */
export const NINE_UNIT_PRIZES: readonly number[] = [500, 100, 100, 50, 50, 0, 0, 0, 0];
