import { describe, expect, it } from 'vitest';
import type { PrizeTable } from '../rules/types';
import { amountGcd, exactSessionLaw } from './session-law';

/**
 * P(end ahead) without replacement as an exact rational: the number of ways to draw n units of the
 * block whose prizes sum above n × stake, over C(N, n), by the same level-by-level count in BigInt.
 */
function exactPAhead(table: PrizeTable, n: number): { num: bigint; den: bigint } {
  const choose = (k: number, c: number): bigint => {
    if (c < 0 || c > k) return 0n;
    let r = 1n;
    for (let i = 0; i < c; i++) r = (r * BigInt(k - i)) / BigInt(i + 1);
    return r;
  };
  const g = amountGcd(table);
  const T = (n * table.stakeCents) / g;
  const losing = table.blockUnits - table.levels.reduce((s, l) => s + l.lots, 0);
  // ways[u][s]: draws of u winning units whose prizes sum to s·g, s ≤ T (above T is "ahead")
  let ways = Array.from({ length: n + 1 }, () => new Array<bigint>(T + 1).fill(0n));
  ways[0]![0] = 1n;
  for (const l of table.levels) {
    const d = l.prizeCents / g;
    const next = Array.from({ length: n + 1 }, () => new Array<bigint>(T + 1).fill(0n));
    for (let u = 0; u <= n; u++)
      for (let s = 0; s <= T; s++) {
        const v = ways[u]![s]!;
        if (v === 0n) continue;
        for (let c = 0; u + c <= n && s + c * d <= T; c++) next[u + c]![s + c * d]! += v * choose(l.lots, c);
      }
    ways = next;
  }
  let notAhead = 0n;
  for (let u = 0; u <= n; u++) for (let s = 0; s <= T; s++) notAhead += ways[u]![s]! * choose(losing, n - u);
  const den = choose(table.blockUnits, n);
  return { num: den - notAhead, den };
}

/** A rational as a double, correctly rounded to 17 significant digits. */
const toNumber = ({ num, den }: { num: bigint; den: bigint }): number => {
  const scale = 10n ** 40n;
  return Number((num * scale) / den) / 1e40;
};

describe('P(end ahead) without replacement, against an exact rational computation', () => {
  // the Mine d'or 0.50 € table's shape at its block size (1,000,000 units), four levels
  const table: PrizeTable = {
    game: 'mine-d-or',
    stakeCents: 50,
    blockUnits: 1_000_000,
    levels: [
      { prizeCents: 10_000, lots: 30 },
      { prizeCents: 1_000, lots: 20_000 },
      { prizeCents: 100, lots: 75_000 },
      { prizeCents: 50, lots: 100_020 },
    ],
    source: 'exactness test',
  };
  it('agrees to 1e-11 relative (the ninth digit and beyond) for sessions of 10, 25 and 40 units', () => {
    for (const n of [10, 25, 40]) {
      const exact = toNumber(exactPAhead(table, n));
      const got = exactSessionLaw(table, n, false, []).pAhead!;
      expect(Math.abs(got / exact - 1), `n = ${n}: ${got} vs ${exact}`).toBeLessThan(1e-11);
    }
  });
});
