/**
 * Builds what a Les 3 Gongs unit shows for its assigned lot: three identical paying symbols (art.
 * 4.3.1) or three yin yang with a Bonus that sums to the lot (art. 4.4, G1, G2); a losing unit never
 * shows three identical symbols (G3).
 */
import type { UnitStream } from '../../random/mix';
import type { PrizeTable } from '../../rules/types';
import { YINYANG } from './gongs';
import { bonusStep } from './round-step';

/** G2's documented, configurable parameter: the share of each level given through the Bonus. */
export interface GongsWeights {
  /** Share of each level's lots shown through the Bonus, 0–1, when both ways reach the amount. */
  readonly bonusShare: number;
  /** Per-level overrides, by prize in cents at the stake. */
  readonly bonusShareByPrize?: Readonly<Record<number, number>>;
}

export const DEFAULT_GONGS_WEIGHTS: GongsWeights = { bonusShare: 0.2 };

export interface GongLevelPlan {
  readonly prizeCents: number;
  /** Paying symbol code that pays the amount directly, or -1. */
  readonly directSymbol: number;
  /** The step of its Bonus amounts: a fifth of the stake (G1), or round (G5, version 2). */
  readonly step: number;
  /** Bonus steps that sum to the amount, or 0 if the Bonus can't. */
  readonly bonusSteps: number;
  /** Probability of the Bonus for a unit of this level. */
  readonly bonusShare: number;
}

/** Kept out of {@link GongsGenerator.generate} so that the hot method stays small. */
function noPresentation(level: number): never {
  throw new RangeError(`level ${level} has no presentation (G1)`);
}

/**
 * Three yin yang and a uniformly drawn split of the lot into three positive steps (art. 4.4, G1,
 * G5 in version 2). Out of {@link GongsGenerator.generate}: rare, and it keeps the hot method small
 * enough to be inlined into the block runner's loop.
 */
function bonusSplit(plan: GongLevelPlan, stream: UnitStream, buf: Int32Array): void {
  // art. 4.4 + G1 (+ G5 in version 2): a uniformly drawn split into three positive steps
  const m = plan.bonusSteps;
  const step = plan.step;
  const x = 1 + stream.belowSmall(m - 1);
  let y = 1 + stream.belowSmall(m - 2);
  if (y >= x) y++;
  const lo = x < y ? x : y;
  const hi = x < y ? y : x;
  buf[0] = buf[1] = buf[2] = YINYANG;
  buf[3] = 1;
  buf[4] = lo * step;
  buf[5] = (hi - lo) * step;
  buf[6] = (m - hi) * step;
}

export class GongsGenerator {
  readonly plans: readonly GongLevelPlan[];
  readonly unreachable: readonly { level: number; prizeCents: number }[];
  /** `version`: the generator version (R5); 2 splits Bonus amounts in round steps (G5). */
  constructor(table: PrizeTable, gains: ArrayLike<number>, weights: GongsWeights, version = 1) {
    const unreachable: { level: number; prizeCents: number }[] = [];
    this.plans = table.levels.map((l, level) => {
      let directSymbol = -1;
      for (let s = 0; s < 9; s++) if (gains[s] === l.prizeCents) directSymbol = s;
      const step = bonusStep(l.prizeCents, table.stakeCents, version);
      const steps = l.prizeCents % step === 0 ? l.prizeCents / step : 0;
      const bonusSteps = steps >= 3 ? steps : 0; // three positive amounts (G1)
      const wanted = weights.bonusShareByPrize?.[l.prizeCents] ?? weights.bonusShare;
      const bonusShare = directSymbol < 0 ? 1 : bonusSteps === 0 ? 0 : wanted;
      if (directSymbol < 0 && bonusSteps === 0) unreachable.push({ level, prizeCents: l.prizeCents });
      return { prizeCents: l.prizeCents, directSymbol, step, bonusSteps, bonusShare };
    });
    this.unreachable = unreachable;
  }

  /** Fills `buf` with the unit of level `level` (losing = levels.length). */
  generate(level: number, stream: UnitStream, buf: Int32Array): void {
    const plans = this.plans;
    if (level >= plans.length) {
      // G3: a losing unit shows no three identical symbols; pairs may show (near miss)
      do stream.belowSmall3(10, buf);
      while (buf[0] === buf[1] && buf[1] === buf[2]);
      buf[3] = 0;
      buf[4] = buf[5] = buf[6] = 0;
      return;
    }
    const plan = plans[level]!;
    if (plan.bonusSteps > 0 && (plan.bonusShare >= 1 || stream.unit() < plan.bonusShare)) {
      bonusSplit(plan, stream, buf);
      return;
    }
    if (plan.directSymbol < 0) noPresentation(level);
    buf[0] = buf[1] = buf[2] = plan.directSymbol;
    buf[3] = 0;
    buf[4] = buf[5] = buf[6] = 0;
  }
}
