/**
 * Stated biases a foreign generator could have, applied to a fair block in place, to measure the
 * power of the placement tests (`npm run calibrate -- --power N`). Each keeps the block's counts
 * (art. 3): winners are only moved, by swapping units. The strength is the share moved, except
 * for `top-lots-first` (the share of the block the rare lots are put in) and the quotas (the share
 * of each window's deviation from its quota that is removed), the grid's jitter (a share of its
 * step) and the spread's smallest distance (a share of the mean step n/k).
 */
import type { Draws } from '../random/shuffle-stream';
import type { PrizeTable } from '../rules/types';
import { LOSING_LEVEL } from './placement-constants';
import { rareLevels } from './rare-lots';

export type PlacementBias =
  | 'none'
  | 'towards-start'
  | 'clustered'
  | 'top-lots-early'
  | 'top-lots-first'
  | 'period-7'
  | 'even'
  | 'quota-1000'
  | 'quota-10000'
  | 'hot-cold-500'
  | 'pairs'
  | 'level-region'
  | 'lattice'
  | 'level-grid'
  | 'level-spread';

/** Every bias, with the two strengths of the power table: the first is the one stated for it. */
export const POWER_PLAN: readonly { readonly bias: PlacementBias; readonly strengths: readonly [number, number] }[] = [
  { bias: 'top-lots-first', strengths: [0.01, 0.05] },
  { bias: 'period-7', strengths: [0.05, 0.01] },
  { bias: 'even', strengths: [0.02, 0.005] },
  { bias: 'quota-1000', strengths: [1, 0.5] },
  { bias: 'quota-10000', strengths: [1, 0.5] },
  { bias: 'hot-cold-500', strengths: [0.02, 0.01] },
  { bias: 'towards-start', strengths: [0.02, 0.005] },
  { bias: 'clustered', strengths: [0.02, 0.01] },
  { bias: 'top-lots-early', strengths: [0.5, 0.1] },
  { bias: 'pairs', strengths: [0.05, 0.01] },
  { bias: 'level-region', strengths: [0.2, 0.05] },
  { bias: 'lattice', strengths: [0.02, 0.005] },
  { bias: 'level-grid', strengths: [0.45, 0.25] },
  { bias: 'level-spread', strengths: [0.02, 0.01] },
];

export const PLACEMENT_BIASES: readonly PlacementBias[] = POWER_PLAN.map((p) => p.bias);

/** What each bias does, in one line, in each language of the command line (the power table prints it). */
export const BIAS_TEXT: Readonly<Record<PlacementBias, { readonly fr: string; readonly en: string }>> = {
  none: { en: 'no bias', fr: 'aucun biais' },
  'towards-start': {
    en: 'winners of the second half moved to the first half',
    fr: 'gagnants de la seconde moitié déplacés dans la première',
  },
  clustered: {
    en: '100 segments alternately hot and cold, winners moved from cold to hot',
    fr: '100 segments alternativement chauds et froids, gagnants déplacés du froid vers le chaud',
  },
  'top-lots-early': {
    en: 'lots of the rarest levels (≤ 1 % of winners) moved into the first tenth',
    fr: 'lots des niveaux les plus rares (≤ 1 % des gagnants) déplacés dans le premier dixième',
  },
  'top-lots-first': {
    en: 'every lot of the levels with fewer than 5 lots put in the first S of the block',
    fr: 'chaque lot des niveaux de moins de 5 lots placé dans les S premières unités du bloc',
  },
  'period-7': {
    en: 'winners moved to a nearby unit of index ≡ 0 (mod 7)',
    fr: "gagnants déplacés vers une unité voisine d'indice ≡ 0 (mod 7)",
  },
  even: { en: 'winners moved to a nearby even index', fr: 'gagnants déplacés vers un indice pair voisin' },
  'quota-1000': {
    en: 'winners per 1,000 units pulled to an exact quota',
    fr: 'gagnants par tranche de 1 000 unités ramenés à un quota exact',
  },
  'quota-10000': {
    en: 'winners per 10,000 units pulled to an exact quota',
    fr: 'gagnants par tranche de 10 000 unités ramenés à un quota exact',
  },
  'hot-cold-500': {
    en: '500-unit windows alternately hot and cold, winners moved from cold to hot',
    fr: 'fenêtres de 500 unités alternativement chaudes et froides, gagnants déplacés du froid vers le chaud',
  },
  pairs: { en: 'winners moved next to another winner', fr: "gagnants déplacés à côté d'un autre gagnant" },
  'level-region': {
    en: 'lots of the level nearest 1,000 lots moved into the first tenth',
    fr: 'lots du niveau le plus proche de 1 000 lots déplacés dans le premier dixième',
  },
  lattice: {
    en: 'winners moved to a nearby unit of a lattice of step n/w',
    fr: "gagnants déplacés vers une unité voisine d'un réseau de pas n/w",
  },
  'level-grid': {
    en: 'lots of the level nearest 1,000 lots put on a grid of step n/k, each jittered by ± S steps',
    fr: 'lots du niveau le plus proche de 1 000 lots placés sur une grille de pas n/k, chacun décalé de ± S pas',
  },
  'level-spread': {
    en: 'lots of the level nearest 1,000 lots never closer than S·n/k units to each other',
    fr: 'lots du niveau le plus proche de 1 000 lots jamais à moins de S·n/k unités les uns des autres',
  },
};

const swap = (a: Uint8Array, i: number, j: number): void => {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
};

/** Moves the winner at `i` to the nearest losing unit of index ≡ 0 (mod `step`) around it. */
function toLattice(levels: Uint8Array, i: number, step: number): void {
  const base = i - (i % step);
  for (let k = 0; k < 64; k++) {
    for (const j of [base + k * step, base - k * step]) {
      if (j >= 0 && j < levels.length && levels[j] === LOSING_LEVEL) return swap(levels, i, j);
    }
  }
}

/** Pulls each window's winner count toward its exact quota by the share `strength`. */
function quota(levels: Uint8Array, window: number, strength: number, rng: Draws): void {
  const n = levels.length;
  let w = 0;
  for (let i = 0; i < n; i++) if (levels[i] !== LOSING_LEVEL) w++;
  const k = Math.floor(n / window);
  const give: number[] = [];
  const take: number[] = [];
  for (let j = 0; j < k; j++) {
    const from = j * window;
    // the quota: the rounded cumulative share, so the quotas add up to the winners of the windows
    const target = Math.round(((j + 1) * window * w) / n) - Math.round((j * window * w) / n);
    const win: number[] = [];
    const lose: number[] = [];
    for (let i = from; i < from + window; i++) (levels[i] !== LOSING_LEVEL ? win : lose).push(i);
    const d = win.length - target;
    const pool = d > 0 ? win : lose;
    const out = d > 0 ? give : take;
    // randomised rounding of strength·|d|, then that many units of the window chosen at random
    const whole = Math.abs(d) * strength;
    const moves = Math.min(pool.length, Math.floor(whole) + (rng.next() / 4294967296 < whole % 1 ? 1 : 0));
    for (let m = 0; m < moves; m++) {
      const at = m + rng.below(pool.length - m);
      const t = pool[at]!;
      pool[at] = pool[m]!;
      pool[m] = t;
      out.push(t);
    }
  }
  // shuffle both lists so that excess and deficit windows pair at random, then swap pairs
  for (const list of [give, take])
    for (let i = list.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = list[i]!;
      list[i] = list[j]!;
      list[j] = t;
    }
  const pairs = Math.min(give.length, take.length);
  for (let m = 0; m < pairs; m++) swap(levels, give[m]!, take[m]!);
}

/** Moves each winner of a cold window, with probability `strength`, to a losing unit of the hot one before it. */
function hotCold(levels: Uint8Array, window: number, chance: () => boolean, moveTo: MoveTo): void {
  const n = levels.length;
  const windows = Math.floor(n / window);
  for (let s = 1; s < windows; s += 2)
    for (let i = s * window; i < (s + 1) * window; i++)
      if (levels[i] !== LOSING_LEVEL && chance()) moveTo(i, (s - 1) * window, s * window, true);
}

type MoveTo = (i: number, from: number, to: number, losingOnly: boolean) => void;

/** The level whose count is nearest 1,000 lots: a mid-sized level, drowned among the winners. */
function levelNear1000(table: PrizeTable): number {
  return table.levels.reduce(
    (best, l, li) => (Math.abs(l.lots - 1_000) < Math.abs(table.levels[best]!.lots - 1_000) ? li : best),
    0,
  );
}

/** Puts the lots of `level` at the distinct units `targets` by swaps, so that every count is kept. */
function placeLevelAt(levels: Uint8Array, level: number, targets: readonly number[]): void {
  const want = new Set(targets);
  const leave: number[] = [];
  for (let i = 0; i < levels.length; i++) if (levels[i] === level && !want.has(i)) leave.push(i);
  let m = 0;
  for (const t of targets) if (levels[t] !== level) swap(levels, t, leave[m++]!);
}

/** `k` sorted units among `n` with ± `jitter` steps of n/k around each point of a grid. */
function gridTargets(n: number, k: number, jitter: number, rng: Draws): number[] {
  const step = n / k;
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const u = rng.next() / 4294967296;
    const at = Math.floor((i + 0.5 + jitter * (2 * u - 1)) * step);
    // kept distinct and inside the block when rounding makes two neighbours meet
    out.push(Math.min(n - k + i, Math.max(at, i === 0 ? 0 : out[i - 1]! + 1)));
  }
  return out;
}

/**
 * `k` units among `n` uniformly at random among the placements whose consecutive units are at
 * least `d` apart: a random k-subset of n − (k − 1)(d − 1) units (Floyd's sampling), its i-th
 * smallest shifted by i(d − 1).
 */
function spreadTargets(n: number, k: number, d: number, rng: Draws): number[] {
  const room = n - (k - 1) * (d - 1);
  const chosen = new Set<number>();
  for (let j = room - k; j < room; j++) {
    const t = rng.below(j + 1);
    chosen.add(chosen.has(t) ? j : t);
  }
  return [...chosen].sort((a, b) => a - b).map((z, i) => z + i * (d - 1));
}

/** Applies a stated bias to a random block, in place (see {@link BIAS_TEXT}). */
export function applyBias(
  levels: Uint8Array,
  table: PrizeTable,
  bias: PlacementBias,
  strength: number,
  rng: Draws,
): void {
  const n = levels.length;
  const moveTo: MoveTo = (i, from, to, losingOnly) => {
    for (let tries = 0; tries < 64; tries++) {
      const j = from + rng.below(to - from);
      if (!losingOnly || levels[j] === LOSING_LEVEL) return swap(levels, i, j);
    }
  };
  const chance = (): boolean => rng.next() / 4294967296 < strength;
  const winners = table.levels.reduce((a, l) => a + l.lots, 0);
  switch (bias) {
    case 'none':
      return;
    case 'towards-start': {
      const half = Math.floor(n / 2);
      for (let i = half; i < n; i++) if (levels[i] !== LOSING_LEVEL && chance()) moveTo(i, 0, half, true);
      return;
    }
    case 'clustered':
      return hotCold(levels, Math.floor(n / 100), chance, moveTo);
    case 'hot-cold-500':
      return hotCold(levels, 500, chance, moveTo);
    case 'top-lots-early': {
      const order = table.levels.map((l, i) => ({ i, lots: l.lots })).sort((a, b) => a.lots - b.lots);
      const top = new Set<number>();
      let sum = 0;
      for (const o of order) {
        if (sum + o.lots > winners / 100) break;
        top.add(o.i);
        sum += o.lots;
      }
      const tenth = Math.max(1, Math.floor(n / 10));
      for (let i = tenth; i < n; i++) if (top.has(levels[i]!) && chance()) moveTo(i, 0, tenth, false);
      return;
    }
    case 'top-lots-first': {
      const rare = new Set(rareLevels(table));
      const first = Math.max(1, Math.floor(n * strength));
      for (let i = first; i < n; i++) {
        if (!rare.has(levels[i]!)) continue;
        // to a unit of the first part that holds no rare lot, so that none is moved out again
        for (let tries = 0; tries < 64; tries++) {
          const j = rng.below(first);
          if (!rare.has(levels[j]!)) {
            swap(levels, i, j);
            break;
          }
        }
      }
      return;
    }
    case 'period-7':
    case 'even':
    case 'lattice': {
      const step = bias === 'period-7' ? 7 : bias === 'even' ? 2 : Math.max(2, Math.round(n / winners));
      for (let i = 0; i < n; i++)
        if (levels[i] !== LOSING_LEVEL && i % step !== 0 && chance()) toLattice(levels, i, step);
      return;
    }
    case 'quota-1000':
    case 'quota-10000':
      return quota(levels, bias === 'quota-1000' ? 1_000 : 10_000, strength, rng);
    case 'pairs': {
      for (let i = 0; i < n; i++) {
        if (levels[i] === LOSING_LEVEL || !chance()) continue;
        // beside the next winner after a random unit, when that neighbour is losing
        let j = rng.below(n);
        while (j < n && levels[j] === LOSING_LEVEL) j++;
        if (j + 1 < n && j !== i && levels[j + 1] === LOSING_LEVEL) swap(levels, i, j + 1);
      }
      return;
    }
    case 'level-grid':
    case 'level-spread': {
      const level = levelNear1000(table);
      const k = table.levels[level]!.lots;
      const d = Math.max(1, Math.round((strength * n) / k));
      return placeLevelAt(
        levels,
        level,
        bias === 'level-grid' ? gridTargets(n, k, strength, rng) : spreadTargets(n, k, d, rng),
      );
    }
    case 'level-region': {
      const target = levelNear1000(table);
      const tenth = Math.max(1, Math.floor(n / 10));
      for (let i = tenth; i < n; i++) if (levels[i] === target && chance()) moveTo(i, 0, tenth, false);
      return;
    }
  }
}
