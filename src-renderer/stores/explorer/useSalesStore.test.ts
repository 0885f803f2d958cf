import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useExplorerTableStore } from './useExplorerTableStore';
import { useSalesStore } from './useSalesStore';

describe('explorer sales of a block', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('follows the valid table: band, units needed, expected lots left; nothing for an invalid table', () => {
    const sales = useSalesStore();
    expect(sales.curve.at(-1)!.share).toBe(1);
    expect(sales.curve.at(-1)!.low).toBeCloseTo(0.7, 12); // all sold: the realised RTP is the table's
    const before = sales.needed!;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThanOrEqual(1_000_000);
    sales.soldPercent = 25;
    expect(sales.remaining[0]).toEqual({ prizeCents: 750_000, lots: 1, expected: 0.75 });
    // a doubled top lot: a wider spread, so more units to sell for ±1 point
    useExplorerTableStore().rows[0]!.amount = '15 000,00';
    expect(sales.needed!).toBeGreaterThan(before);
    useExplorerTableStore().rows[0]!.amount = '';
    expect(sales.needed).toBeNull();
    expect(sales.curve).toEqual([]);
    expect(sales.remaining).toEqual([]);
  });
});
