/**
 * Writes an optimiser model in the CPLEX LP format, which HiGHS reads. Columns: `x0…xk` the lots
 * of each amount (integers, largest amount first), `pp`/`pm` the total paid above/below the RTP
 * target, `hp`/`hm` the lots above/below the hit-rate target, `u<i>`/`d<i>` the lots above/below
 * the reference count of amount i. Every coefficient is a whole number: money is counted in
 * {@link moneyUnit}s, the largest whole number of cents dividing every amount (and the RTP
 * target), so the rows stay small for the solver's tolerances and no bound is rounded: a total
 * paid is a multiple of that unit, so `paid ≥ payMin` is exactly `paid / unit ≥ ⌈payMin / unit⌉`.
 */
import type { OptimiseModel } from './types';

/** A group of constraints that diagnosis relaxes one at a time. */
export type ConstraintGroup = 'units' | 'rtp' | 'hit-rate' | 'top-prize' | `level-${number}`;

/** What a model minimises or maximises. */
export type Objective =
  | 'none'
  | 'rtp-deviation'
  | 'hit-deviation'
  | 'closeness'
  | 'max-pay'
  | 'min-pay'
  | 'max-lots'
  | 'min-lots';

export interface LpSpec {
  readonly objective: Objective;
  /** A group left out (diagnosis). */
  readonly drop?: ConstraintGroup;
  /** |total paid − RTP target| ≤ this, in cents (the best of the RTP stage); the RTP stage's objective is in {@link moneyUnit}s. */
  readonly payWithin?: number;
  /** |lots − hit-rate target| ≤ this (the best of the hit-rate stage). */
  readonly lotsWithin?: number;
}

const gcd = (a: number, b: number): number => {
  while (b !== 0) [a, b] = [b, a % b];
  return Math.abs(a);
};

/** The unit money is counted in by the model, in cents: the GCD of the amounts and of the RTP target paid. */
export function moneyUnit(m: OptimiseModel): number {
  const all = m.payTarget === null ? m.amounts : [...m.amounts, m.payTarget];
  return all.reduce(gcd, 0) || 1;
}

/** Weight of a lot moved away from its reference count: 10⁶ / max(1, reference), at least 1. */
export function closenessWeight(reference: number): number {
  return Math.max(1, Math.round(1_000_000 / Math.max(1, reference)));
}

/** The terms of a sum, a few per line. */
function sum(terms: readonly string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += 8) lines.push(terms.slice(i, i + 8).join(' + '));
  return lines.join('\n   + ');
}

/** The model as LP text. */
export function writeLp(m: OptimiseModel, spec: LpSpec): string {
  const k = m.amounts.length;
  const xs = m.amounts.map((_, i) => `x${i}`);
  const unit = moneyUnit(m);
  const pay = sum(m.amounts.map((a, i) => `${a / unit} x${i}`));
  const lots = sum(xs);
  const drop = spec.drop;
  const rows: string[] = [];
  const extraCols: string[] = [];

  if (drop !== 'units') rows.push(`units: ${lots} <= ${m.blockUnits}`);
  const target = m.payTarget;
  if (drop !== 'rtp') {
    // the best RTP deviation of an earlier stage narrows the interval itself (no extra rows or columns)
    const within = target !== null && spec.payWithin !== undefined ? spec.payWithin : null;
    const lo = within === null ? m.payMin : Math.max(m.payMin, target! - within);
    const hi = within === null ? m.payMax : Math.min(m.payMax, target! + within);
    rows.push(`paymin: ${pay} >= ${Math.ceil(lo / unit)}`);
    rows.push(`paymax: ${pay} <= ${Math.floor(hi / unit)}`);
  }
  if (m.hit && drop !== 'hit-rate') {
    const within = spec.lotsWithin;
    const lo = within === undefined ? m.hit.min : Math.max(m.hit.min, m.hit.target - within);
    const hi = within === undefined ? m.hit.max : Math.min(m.hit.max, m.hit.target + within);
    rows.push(`hitmin: ${lots} >= ${lo}`);
    rows.push(`hitmax: ${lots} <= ${hi}`);
  }
  const needPayDev = target !== null && spec.objective === 'rtp-deviation' && drop !== 'rtp';
  if (needPayDev) {
    rows.push(`paydev: ${pay} - pp + pm = ${target / unit}`);
    extraCols.push('pp', 'pm');
  }
  const needHitDev = m.hit !== null && spec.objective === 'hit-deviation' && drop !== 'hit-rate';
  if (needHitDev && m.hit) {
    rows.push(`hitdev: ${lots} - hp + hm = ${m.hit.target}`);
    extraCols.push('hp', 'hm');
  }
  if (spec.objective === 'closeness') {
    for (let i = 0; i < k; i++) {
      rows.push(`near${i}: x${i} - u${i} + d${i} = ${m.reference[i]!}`);
      extraCols.push(`u${i}`, `d${i}`);
    }
  }

  let sense = 'Minimize';
  let objective: string;
  switch (spec.objective) {
    case 'rtp-deviation':
      objective = needPayDev ? 'pp + pm' : '0 x0';
      break;
    case 'hit-deviation':
      objective = needHitDev ? 'hp + hm' : '0 x0';
      break;
    case 'closeness':
      objective = sum(m.reference.flatMap((r, i) => [`${closenessWeight(r)} u${i}`, `${closenessWeight(r)} d${i}`]));
      break;
    case 'max-pay':
    case 'min-pay':
      sense = spec.objective === 'max-pay' ? 'Maximize' : 'Minimize';
      objective = pay;
      break;
    case 'max-lots':
    case 'min-lots':
      sense = spec.objective === 'max-lots' ? 'Maximize' : 'Minimize';
      objective = lots;
      break;
    default:
      objective = '0 x0';
  }

  const bounds = m.amounts.map((_, i) => {
    const free = drop === `level-${i}` || (i === 0 && drop === 'top-prize');
    const lo = free ? 0 : m.lotsMin[i]!;
    const hi = free ? m.blockUnits : m.lotsMax[i]!;
    return `${lo} <= x${i} <= ${hi}`;
  });
  for (const c of extraCols) bounds.push(`${c} >= 0`);

  return [
    sense,
    ` obj: ${objective}`,
    'Subject To',
    ...rows.map((r) => ` ${r}`),
    'Bounds',
    ...bounds.map((b) => ` ${b}`),
    'Generals',
    ` ${xs.join(' ')}`,
    'End',
    '',
  ].join('\n');
}
