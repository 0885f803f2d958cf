/**
 * The step a Bonus split of a lot uses (G1, G5). Version 1: a fifth of the stake (G1). Version 2:
 * the largest round step (1, 2 or 5 × 10^k cents) that is at least a fifth of the stake, a multiple
 * of it (so that G1 still holds and the evaluator is unchanged) and divides the lot into five steps
 * or more (G5). A lot that no such step divides falls back to the G1 step: at 2 € the fifth is
 * 0.40 €, so the 2 € and 4 € lots are split in steps of 0.40 €.
 */

/** Round values 1, 2, 5 × 10^k cents up to the largest lot a table can hold. */
const ROUND_STEPS: readonly number[] = (() => {
  const out: number[] = [];
  for (let p = 1; p <= 1e12; p *= 10) out.push(p, 2 * p, 5 * p);
  return out;
})();

/** Whether `v` cents is a round value (1, 2 or 5 × 10^k). */
export function isRoundCents(v: number): boolean {
  return ROUND_STEPS.includes(v);
}

/** The G5 step of `lotCents` at a stake, or null when none divides it into five steps or more. */
export function roundStep(lotCents: number, stakeCents: number): number | null {
  const fifth = stakeCents / 5;
  let best: number | null = null;
  for (const step of ROUND_STEPS) {
    if (step < fifth || 5 * step > lotCents) continue;
    if (step % fifth === 0 && lotCents % step === 0) best = step;
  }
  return best;
}

/** The step of a Bonus split of `lotCents` under generator version `version` (G1, G5). */
export function bonusStep(lotCents: number, stakeCents: number, version: number): number {
  const fifth = stakeCents / 5;
  if (version < 2) return fifth; // G1
  return roundStep(lotCents, stakeCents) ?? fifth; // G5, else G1
}

/**
 * How many Bonus splits a lot has: ordered triples of positive multiples of the step that sum to it
 * (C(m − 1, 2) for m steps), each drawn with the same chance (G5).
 */
export function splitCount(lotCents: number, step: number): number {
  const m = lotCents % step === 0 ? lotCents / step : 0;
  return m >= 3 ? ((m - 1) * (m - 2)) / 2 : 0;
}
