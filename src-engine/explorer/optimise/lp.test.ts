import { describe, expect, it } from 'vitest';
import { buildModel } from './request';
import type { OptimiseRequest } from './types';
import { closenessWeight, moneyUnit, writeLp } from './lp';

const req: OptimiseRequest = {
  game: 'les-3-gongs',
  stakeCents: 100,
  blockUnits: 1000,
  rtp: { target: 0.7 },
  hitRate: { target: 0.25 },
  levelBounds: [{ prizeCents: 200, min: 10, max: 500 }],
};
const m = buildModel(req);

describe('writeLp', () => {
  it("writes the money in whole units of the amounts' common divisor and every lot count as an integer column", () => {
    const lp = writeLp(m, { objective: 'rtp-deviation' });
    expect(lp).toMatch(/^Minimize\n obj: pp \+ pm\n/);
    // every amount is a whole number of euros: money in euros, 69 990 to 70 010 cents is exactly 700 €
    expect(moneyUnit(m)).toBe(100);
    expect(lp).toContain(' paymin: 6000 x0 + 600 x1');
    expect(lp).toContain('>= 700\n');
    expect(lp).toContain('<= 700\n');
    expect(lp).toContain('- pp + pm = 700\n');
    expect(lp).toContain(' hitmin: x0 + x1');
    expect(lp).toContain(' 1 <= x0 <= 1\n'); // the official top prize, once (art. 3.1)
    expect(lp).toContain(` 10 <= x${m.amounts.indexOf(200)} <= 500\n`);
    expect(lp).toMatch(/Generals\n x0 x1 x2 x3 x4 x5 x6 x7 x8\nEnd\n$/);
    expect(lp).not.toMatch(/\d\.\d|e[+-]\d/); // no decimal or exponent anywhere
  });

  it('leaves out the group diagnosis relaxes, and keeps the best of earlier stages', () => {
    expect(writeLp(m, { objective: 'none', drop: 'rtp' })).not.toContain('paymin');
    expect(writeLp(m, { objective: 'none', drop: 'hit-rate' })).not.toContain('hitmin');
    expect(writeLp(m, { objective: 'none', drop: 'top-prize' })).toContain(' 0 <= x0 <= 1000\n');
    // the best of earlier stages narrows the rows themselves: 300 cents from 70 000, 0 lots from 250
    const m2 = buildModel({ ...req, rtp: { target: 0.7, tolerance: 0.01 } });
    const lp = writeLp(m2, { objective: 'closeness', payWithin: 300, lotsWithin: 0 });
    expect(lp).toContain('>= 697\n');
    expect(lp).toContain('<= 703\n');
    expect(lp).toContain('>= 250\n');
    expect(lp).toContain('<= 250\n');
    expect(lp).not.toMatch(/pp|hp/);
    expect(lp).toContain(` near1: x1 - u1 + d1 = 0`); // 10 official lots of 600 € scaled to 1 000 units: 0
  });

  it('weighs a moved lot by its relative change', () => {
    expect(closenessWeight(0)).toBe(1_000_000);
    expect(closenessWeight(100_020)).toBe(10);
    expect(closenessWeight(5_000_000)).toBe(1);
  });
});
