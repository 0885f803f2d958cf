import { describe, expect, it } from 'vitest';
import { isInsideLegalBand, legalBandFor } from '../index';

describe('isInsideLegalBand: the one legal-band check (CSI art. D.322-10)', () => {
  const band = { minRtp: 0.65, maxRtp: 0.75 };
  it('includes both bounds, also when the RTP comes from a floating-point ratio', () => {
    expect(isInsideLegalBand(0.65, band)).toBe(true);
    expect(isInsideLegalBand(0.75, band)).toBe(true);
    // 75 % computed as a ratio of cents is 0.7500000000000001 in floating point
    expect(isInsideLegalBand(375_000 / (1_000_000 * 0.5), band)).toBe(true);
    expect(isInsideLegalBand((0.1 + 0.2) * 2.5, band)).toBe(true);
  });
  it('excludes an RTP a thousandth of a point outside, and anything not finite', () => {
    expect(isInsideLegalBand(0.7500001, band)).toBe(false);
    expect(isInsideLegalBand(0.6499999, band)).toBe(false);
    expect(isInsideLegalBand(Number.NaN, band)).toBe(false);
    expect(isInsideLegalBand(Infinity, band)).toBe(false);
  });
  it('both official tables are inside their band', () => {
    expect(isInsideLegalBand(0.7, legalBandFor('mine-d-or'))).toBe(true);
    expect(isInsideLegalBand(104_990 / 150_000, legalBandFor('les-3-gongs'))).toBe(true);
  });
});
