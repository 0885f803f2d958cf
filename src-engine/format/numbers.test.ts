import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDateTime,
  formatDecimal,
  formatOneIn,
  formatPercent,
  formatPointsDelta,
  formatSignedDecimal,
  formatEurosDelta,
  formatSignedCount,
  formatSignificant,
  formatTick,
  formatLogTick,
} from '../index';

const NNBSP = '\u202f';

describe('numbers in French and English, one module for every screen and chart', () => {
  it('counts group by thousands: narrow no-break space in French, comma in English', () => {
    expect(formatCount(1_000_000, 'fr')).toBe(`1${NNBSP}000${NNBSP}000`);
    expect(formatCount(1_000_000, 'en')).toBe('1,000,000');
    expect(formatCount(Number.NaN, 'fr')).toBe('—');
  });
  it('decimals: comma in French, point in English, never « 1,000.0 »', () => {
    expect(formatDecimal(1000, 'fr', 1)).toBe(`1${NNBSP}000,0`);
    expect(formatDecimal(1000, 'en', 1)).toBe('1,000.0');
    expect(formatDecimal(5.0336, 'fr', 2)).toBe('5,03');
  });
  it('small and huge values never use « e » notation', () => {
    expect(formatSignificant(1e-6, 'fr')).toBe('1,00 × 10⁻⁶');
    expect(formatSignificant(1.234e-6, 'en')).toBe('1.23 × 10⁻⁶');
    expect(formatSignificant(0.0123, 'fr')).toBe('0,0123');
    expect(formatSignificant(12_345.6, 'fr')).toBe(`12${NNBSP}346`);
    for (const x of [1e-1, 1e-6, 3e21, 0.5]) {
      expect(formatSignificant(x, 'fr')).not.toMatch(/e/i);
      expect(formatTick(x, 'fr')).not.toMatch(/e/i);
    }
  });
  it('log-axis ticks: powers of ten only, plain or « 10⁻⁶ », the rest unlabelled so labels never overlap', () => {
    expect([1e-6, 1e-4, 0.001, 0.1, 1, 10, 1e6, 1e7].map((v) => formatLogTick(v, 'fr'))).toEqual([
      '10⁻⁶',
      '0,0001',
      '0,001',
      '0,1',
      '1',
      '10',
      `1${NNBSP}000${NNBSP}000`,
      '10⁷',
    ]);
    expect(formatLogTick(0.1, 'en')).toBe('0.1');
    expect(formatLogTick(1000, 'en')).toBe('1,000');
    for (const v of [2e-6, 0.3, 5, 20, 0, -10, Number.NaN]) expect(formatLogTick(v, 'fr')).toBe('');
  });
  it('chart ticks of a log axis read as plain numbers', () => {
    expect([0.001, 0.01, 0.1, 1, 10, 1000].map((v) => formatTick(v, 'fr'))).toEqual([
      '0,001',
      '0,01',
      '0,1',
      '1',
      '10',
      `1${NNBSP}000`,
    ]);
    expect(formatTick(0.1, 'en')).toBe('0.1');
  });
  it('« 1 sur n » is a chance, never more than certain; 0 is never', () => {
    expect(formatOneIn(0.198665, 'fr')).toBe('1 sur 5,03');
    expect(formatOneIn(0.198665, 'en')).toBe('1 in 5.03');
    expect(formatOneIn(1e-6, 'fr')).toBe(`1 sur 1${NNBSP}000${NNBSP}000`);
    expect(formatOneIn(0, 'en')).toBe('never');
    // a hit rate above 100 % (an invalid table) has no « 1 in n »
    expect(formatOneIn(2.19, 'fr')).toBe('—');
  });
  it('signed counts and point differences use a real minus sign', () => {
    expect(formatSignedCount(-2, 'fr')).toBe('−2');
    expect(formatSignedCount(3000, 'en')).toBe('+3,000');
    expect(formatPointsDelta(0.015, 'fr')).toBe('+1,5 pt');
    expect(formatPointsDelta(-0.015, 'en')).toBe('−1.5 pt');
    expect(formatPointsDelta(0.00001, 'en')).toBe('±0.0 pt');
  });
  it('percentages of a ratio that is not a number show a dash', () => {
    expect(formatPercent(Number.NaN, 'fr')).toBe('—');
    expect(formatPercent(0.7, 'fr')).toBe('70,000\u00a0%');
  });
  it('dates in the language, and a dash for an unreadable one', () => {
    expect(formatDateTime('2026-11-30T23:40:00', 'fr')).toBe('30/11/2026 23:40');
    expect(formatDateTime('not a date', 'en')).toBe('—');
  });
});

describe('signed changes of a comparison', () => {
  it('a signed decimal: « +0,12 », a real minus, « ±0,00 » for none', () => {
    expect(formatSignedDecimal(0.123, 'fr')).toBe('+0,12');
    expect(formatSignedDecimal(-0.123, 'en')).toBe('−0.12');
    expect(formatSignedDecimal(0.001, 'fr')).toBe('±0,00');
    expect(formatSignedDecimal(Number.NaN, 'fr')).toBe('—');
  });
  it('a signed money change: « +1 500,00 € » / « +€1,500.00 »', () => {
    expect(formatEurosDelta(150_000, 'fr')).toBe('+1\u202f500,00\u00a0€');
    expect(formatEurosDelta(-150_000, 'en')).toBe('−€1,500.00');
    expect(formatEurosDelta(0, 'fr')).toBe('±0,00\u00a0€');
    expect(formatEurosDelta(0.5, 'fr')).toBe('—');
  });
});
