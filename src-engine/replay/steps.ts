/**
 * A replay as a list of steps: a pure function from the opened unit (and, for a Les 3 Gongs Bonus,
 * the order in which the yin yang are clicked) to the frames the screen shows, so that stepping
 * back and forward is exact and the final frame is always the same (art. 4.2: a unit can be
 * checked after the fact).
 */
import type { OpenedUnit } from '../block/open-unit';

/** What a step does on the board. */
export type StepKind = 'cover' | 'reveal' | 'gain' | 'extra' | 'bonus' | 'bonus-reveal' | 'lot';

/** Everything the board shows after a step: the frame is complete, never a difference. */
export interface ReplayFrame {
  /**
   * Mine d'or: grids uncovered (0 = the main grid still covered, 1 = main grid, 1 + k = Extra
   * stage k as well). Les 3 Gongs: 0 = covered, 3 = the three gongs uncovered (art. 4.3: all at once).
   */
  readonly revealed: number;
  /** Indices into `explanation.gains` of the gains highlighted so far. */
  readonly gainsShown: readonly number[];
  /** Les 3 Gongs: the Bonus stage is open (art. 4.3.2, 4.4). */
  readonly bonusOpen: boolean;
  /** Les 3 Gongs: yin yang positions (0–2) whose amount is shown, in the order of reveal (G4). */
  readonly bonusRevealed: readonly number[];
  /** Sum of the gains (or Bonus amounts) shown so far, in cents. */
  readonly runningCents: number;
  /** The lot is shown (art. 4.7 / 4.8 Mine d'or; art. 4.3.1 / 4.4 / 4.5 Les 3 Gongs). */
  readonly final: boolean;
}

/** One step of a replay. */
export interface ReplayStep {
  readonly kind: StepKind;
  /** The grid (Mine d'or), gong or yin yang position (Les 3 Gongs) the step concerns; -1 if none. */
  readonly target: number;
  /** The gain the step highlights (index into `explanation.gains`), or null. */
  readonly gain: number | null;
  /** Articles behind the step, e.g. "art. 4.3" or "art. 4.4, 4.5". */
  readonly article: string;
  readonly frame: ReplayFrame;
}

const START: ReplayFrame = {
  revealed: 0,
  gainsShown: [],
  bonusOpen: false,
  bonusRevealed: [],
  runningCents: 0,
  final: false,
};

/** The natural order of the three yin yang, used until the user clicks one. */
export const DEFAULT_BONUS_ORDER: readonly number[] = [0, 1, 2];

/** Returns `order` as a permutation of 0–2: unknown or repeated entries are dropped, missing ones appended. */
export function normaliseBonusOrder(order: readonly number[]): number[] {
  const out: number[] = [];
  for (const p of order) if ((p === 0 || p === 1 || p === 2) && !out.includes(p)) out.push(p);
  for (const p of DEFAULT_BONUS_ORDER) if (!out.includes(p)) out.push(p);
  return out;
}

/**
 * The order after the user clicks yin yang `pos` when `alreadyRevealed` amounts are shown: the
 * revealed ones keep their place, `pos` comes next, the rest follow. G4: only the order changes.
 */
export function chooseYinYang(order: readonly number[], alreadyRevealed: number, pos: number): number[] {
  const o = normaliseBonusOrder(order);
  const kept = o.slice(0, alreadyRevealed);
  if (kept.includes(pos)) return o;
  return normaliseBonusOrder([...kept, pos, ...o.slice(alreadyRevealed)]);
}

function mineSteps(u: OpenedUnit & { view: { game: 'mine-d-or' } }): ReplayStep[] {
  const gains = u.explanation.gains;
  const steps: ReplayStep[] = [];
  let frame: ReplayFrame = START;
  const push = (kind: StepKind, target: number, gain: number | null, article: string, next: ReplayFrame): void => {
    frame = next;
    steps.push({ kind, target, gain, article, frame });
  };
  // art. 4.1: a grid of 3 × 3 covered cells; art. 4.3: « Jouer » uncovers the nine symbols at once
  push('cover', 0, null, 'art. 4.1', frame);
  const grids = 1 + u.view.extras.length;
  for (let g = 0; g < grids; g++) {
    if (g === 0) push('reveal', 0, null, 'art. 4.3', { ...frame, revealed: 1 });
    // art. 4.6: each Extra stage, in order, behind the « EXTRA » button
    else push('extra', g, null, 'art. 4.6', { ...frame, revealed: g + 1 });
    gains.forEach((gain, i) => {
      if (gain.grid !== g) return;
      // art. 4.4 (three identical symbols), 4.5 (doubled on a line), 4.6 (in an Extra stage)
      push('gain', g, i, gain.article, {
        ...frame,
        gainsShown: [...frame.gainsShown, i],
        runningCents: frame.runningCents + gain.amountCents,
      });
    });
  }
  // art. 4.7: all gains form one lot; art. 4.8: otherwise the unit loses
  push('lot', -1, null, u.explanation.article, { ...frame, runningCents: u.explanation.lotCents, final: true });
  return steps;
}

function gongSteps(u: OpenedUnit & { view: { game: 'les-3-gongs' } }, bonusOrder: readonly number[]): ReplayStep[] {
  const steps: ReplayStep[] = [];
  let frame: ReplayFrame = START;
  const push = (kind: StepKind, target: number, gain: number | null, article: string, next: ReplayFrame): void => {
    frame = next;
    steps.push({ kind, target, gain, article, frame });
  };
  // art. 4.1: three covered gongs; art. 4.3: on « Jouer » the three symbols « se découvrent
  // automatiquement », all three in one step, never one gong at a time
  push('cover', -1, null, 'art. 4.1', frame);
  push('reveal', -1, null, 'art. 4.3', { ...frame, revealed: 3 });
  const bonus = u.view.bonusCents;
  if (bonus) {
    // art. 4.3.2, 4.4: three yin yang open the Bonus; each click shows one amount (G4: fixed by the unit)
    push('bonus', -1, null, 'art. 4.3.2, 4.4', { ...frame, bonusOpen: true });
    // G5: a version-2 unit's amounts were split round
    const reveal = u.explanation.gains[0]?.roundSplit ? 'art. 4.4, G1, G4, G5' : 'art. 4.4, G1, G4';
    for (const pos of normaliseBonusOrder(bonusOrder)) {
      push('bonus-reveal', pos, null, reveal, {
        ...frame,
        bonusRevealed: [...frame.bonusRevealed, pos],
        runningCents: frame.runningCents + (bonus[pos] ?? 0),
      });
    }
    if (u.explanation.gains.length > 0)
      push('gain', -1, 0, u.explanation.gains[0]!.article, { ...frame, gainsShown: [0] });
  } else if (u.explanation.gains.length > 0) {
    // art. 4.3.1: three identical paying symbols win directly
    const gain = u.explanation.gains[0]!;
    push('gain', -1, 0, gain.article, { ...frame, gainsShown: [0], runningCents: gain.amountCents });
  }
  // art. 4.4 / 4.3.1: the lot; art. 4.5: anything else loses
  push('lot', -1, null, u.explanation.article, { ...frame, runningCents: u.explanation.lotCents, final: true });
  return steps;
}

/**
 * The steps of a unit's replay, first (everything covered) to last (the lot).
 * @param unit - the unit as `openUnit` returns it
 * @param bonusOrder - Les 3 Gongs: the order in which the yin yang are revealed (G4)
 */
export function buildSteps(unit: OpenedUnit, bonusOrder: readonly number[] = DEFAULT_BONUS_ORDER): ReplayStep[] {
  return unit.view.game === 'mine-d-or'
    ? mineSteps(unit as OpenedUnit & { view: { game: 'mine-d-or' } })
    : gongSteps(unit as OpenedUnit & { view: { game: 'les-3-gongs' } }, bonusOrder);
}

/**
 * The grids whose reasoning a frame can show (`reasonUnit`): a grid once the board has shown all of
 * it — every gain of a Mine d'or grid is shown before the next Extra stage is uncovered (art. 4.6),
 * so a grid is complete when the next one is uncovered or the lot is shown — and the gongs with
 * the lot. Nothing is said of a grid before the board shows it.
 */
export function gridsExplained(unit: OpenedUnit, frame: ReplayFrame): number[] {
  const grids = unit.view.game === 'mine-d-or' ? 1 + unit.view.extras.length : 1;
  if (frame.final) return [...Array(grids).keys()];
  if (unit.view.game !== 'mine-d-or') return [];
  return [...Array(grids).keys()].filter((g) => frame.revealed >= g + 2);
}
