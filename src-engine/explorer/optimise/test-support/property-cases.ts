/**
 * Requests for the optimiser's property tests, made from a seed (so every run asks the same):
 *
 * - feasible by construction: an official table perturbed within the rules (official amounts, the
 *   top prize once or a few times, counts moved by up to ±40 %, the engine's own checks passed, RTP
 *   inside the legal band), whose exact RTP and hit rate become the targets, with and without
 *   per-level bounds around its counts and a top-prize count;
 * - infeasible by construction: one constraint set beyond what any table can meet, with the words
 *   the diagnosis must name it by.
 *
 * Used by the engine's property test and by the store's (the same requests through the app's worker).
 */
import { formatEuros } from '../../../money/format';
import { UnitStream } from '../../../random/mix';
import { legalBandFor, officialTable } from '../../../rules/load';
import type { GameId, StakeCents } from '../../../rules/types';
import { scenarioTable } from '../../scenario';
import { validateScenario } from '../../scenario-validation';
import { analyseTable } from '../../table-analysis';
import type { Scenario } from '../../scenario';
import { compare, decimalOf, fraction } from '../exact';
import { closenessWeight } from '../lp';
import { buildModel } from '../request';
import type { LevelBound, OptimiseRequest } from '../types';

export const PROPERTY_GAMES: readonly GameId[] = ['mine-d-or', 'les-3-gongs'];
export const PROPERTY_STAKES: readonly StakeCents[] = [50, 100, 200];
export type Variant = 'plain' | 'bounds' | 'top-count' | 'bounds+top-count';
export const VARIANTS: readonly Variant[] = ['plain', 'bounds', 'top-count', 'bounds+top-count'];

export interface FeasibleCase {
  readonly label: string;
  readonly request: OptimiseRequest;
  /** The table the request was made from: it meets every constraint, on target exactly. */
  readonly table: Scenario;
  readonly paidCents: number;
  readonly lots: number;
}

export interface InfeasibleCase {
  readonly label: string;
  readonly request: OptimiseRequest;
  /** What one of the reasons (in English) must say: the constraint made impossible. */
  readonly names: RegExp;
}

/** A seeded stream of uniform numbers, one stream per case (the engine's mulberry32). */
function stream(seed: number, index: number): { u: () => number; below: (n: number) => number } {
  const s = new UnitStream();
  s.reseed(seed, index);
  return { u: () => s.next() / 4294967296, below: (n) => s.below(n) };
}

/** A perturbed official table inside the rules, or null when the draw fell outside them. */
function perturbed(
  game: GameId,
  stakeCents: StakeCents,
  topLots: number,
  r: ReturnType<typeof stream>,
  tableName: string,
): Scenario | null {
  const official = officialTable(game, stakeCents);
  const levels = official.levels.map((l, i) => ({
    prizeCents: l.prizeCents,
    lots: i === 0 ? topLots : r.u() < 0.1 ? 0 : Math.max(0, Math.round(l.lots * (0.6 + 0.8 * r.u()))),
  }));
  const s: Scenario = {
    name: tableName,
    game,
    stakeCents,
    blockUnits: official.blockUnits,
    levels: levels.filter((l) => l.lots > 0),
  };
  if (validateScenario(s).length > 0) return null;
  const a = analyseTable(scenarioTable(s));
  return a.insideBand && a.lots > 0 && a.lots <= s.blockUnits ? s : null;
}

/**
 * The share num/den as a user types it: a decimal of at most 12 places. A share that has no such
 * decimal (a third of a block of 300 000 units) is typed rounded, with a tolerance of 1e-12 at least
 * so that the exact share is inside: the optimiser reads what is typed exactly and misses nothing.
 */
function typedShare(num: number, den: number, tolerance: number): { target: number; tolerance: number } {
  const target = Number((num / den).toFixed(12));
  const exact = compare(decimalOf(target), fraction(num, den)) === 0;
  return { target, tolerance: exact ? tolerance : Math.max(tolerance, 1e-12) };
}

/** `perCell` feasible requests for every game, stake and variant. */
export function feasibleCases(seed: number, perCell: number): FeasibleCase[] {
  const out: FeasibleCase[] = [];
  let index = 0;
  for (const game of PROPERTY_GAMES) {
    for (const stakeCents of PROPERTY_STAKES) {
      for (const variant of VARIANTS) {
        for (let k = 0; k < perCell; k++) {
          const r = stream(seed, index++);
          const official = officialTable(game, stakeCents);
          const withTop = variant === 'top-count' || variant === 'bounds+top-count';
          const withBounds = variant === 'bounds' || variant === 'bounds+top-count';
          let table: Scenario | null = null;
          for (let tries = 0; table === null && tries < 200; tries++) {
            const topLots = withTop ? 1 + r.below(3) : official.levels[0]!.lots;
            table = perturbed(game, stakeCents, topLots, r, 'constructed');
          }
          if (table === null) throw new Error(`no table inside the rules drawn for ${game} ${stakeCents}`);
          const a = analyseTable(scenarioTable(table));
          const units = table.blockUnits;
          const lotsOfAmount = (c: number): number => table.levels.find((l) => l.prizeCents === c)?.lots ?? 0;
          const levelBounds: LevelBound[] = [];
          if (withBounds) {
            const amounts = official.levels.slice(1).map((l) => l.prizeCents);
            const n = 1 + r.below(3);
            for (let j = 0; j < n; j++) {
              const c = amounts[r.below(amounts.length)]!;
              if (levelBounds.some((b) => b.prizeCents === c)) continue;
              const x = lotsOfAmount(c);
              const min = Math.floor(x * (0.5 + 0.5 * r.u()));
              const max = Math.ceil(x * (1 + 0.5 * r.u()));
              const side = r.below(3);
              levelBounds.push({ prizeCents: c, ...(side !== 1 ? { min } : {}), ...(side !== 0 ? { max } : {}) });
            }
          }
          const rtpTolerance = [0, 0.0001, 0.00002][r.below(3)]!;
          const withHit = r.below(5) !== 0;
          const hitTolerance = [0, 0.005, 0.0001][r.below(3)]!;
          const request: OptimiseRequest = {
            game,
            stakeCents,
            rtp: typedShare(a.totalCents, units * stakeCents, rtpTolerance),
            ...(withHit ? { hitRate: typedShare(a.lots, units, hitTolerance) } : {}),
            ...(withTop ? { topPrize: { lots: table.levels[0]!.lots } } : {}),
            ...(levelBounds.length > 0 ? { levelBounds } : {}),
          };
          out.push({
            label: `${game} ${stakeCents} ${variant} #${k}`,
            request,
            table,
            paidCents: a.totalCents,
            lots: a.lots,
          });
        }
      }
    }
  }
  return out;
}

/** Σ w·|lots − reference| of a table under a request's model: the optimiser's third objective. */
export function closenessOf(request: OptimiseRequest, table: Scenario): number {
  const m = buildModel(request);
  return m.amounts.reduce((s, a, i) => {
    const x = table.levels.find((l) => l.prizeCents === a)?.lots ?? 0;
    return s + closenessWeight(m.reference[i]!) * Math.abs(x - m.reference[i]!);
  }, 0);
}

export type InfeasibleKind = 'rtp-ceiling' | 'hit-too-high' | 'top-alone' | 'level-minimum';
export const INFEASIBLE_KINDS: readonly InfeasibleKind[] = [
  'rtp-ceiling',
  'hit-too-high',
  'top-alone',
  'level-minimum',
];

/** `perCell` infeasible requests for every game, stake and kind. */
export function infeasibleCases(seed: number, perCell: number): InfeasibleCase[] {
  const out: InfeasibleCase[] = [];
  let index = 0;
  for (const game of PROPERTY_GAMES) {
    const band = legalBandFor(game);
    for (const stakeCents of PROPERTY_STAKES) {
      const official = officialTable(game, stakeCents);
      const units = official.blockUnits;
      const levels = official.levels;
      for (const kind of INFEASIBLE_KINDS) {
        for (let k = 0; k < perCell; k++) {
          const r = stream(seed ^ 0x5bd1e995, index++);
          // an RTP target well inside the band, 4 decimals of a percent
          const target = Math.round((band.minRtp + 0.01 + (band.maxRtp - band.minRtp - 0.02) * r.u()) * 1e6) / 1e6;
          const base = { game, stakeCents, rtp: { target } } as const;
          const label = `${game} ${stakeCents} ${kind} #${k}`;
          if (kind === 'rtp-ceiling') {
            // only the smallest amount, capped: the top prize and the cap pay far below the band
            const small = levels[levels.length - 1]!.prizeCents;
            const max = 1 + r.below(1000);
            out.push({
              label,
              request: { ...base, amountsCents: [small], levelBounds: [{ prizeCents: small, max }] },
              names: /the RTP cannot exceed /,
            });
          } else if (kind === 'hit-too-high') {
            // every winning unit pays at least the smallest amount: 80–95 % of winners pay too much
            const hit = Math.round((0.8 + 0.15 * r.u()) * 1e4) / 1e4;
            out.push({
              label,
              request: { ...base, hitRate: { target: hit } },
              names: /the RTP cannot go below |the hit rate cannot exceed /,
            });
          } else if (kind === 'top-alone') {
            const top = levels[0]!.prizeCents;
            const payMax = (target + 0.0001) * units * stakeCents;
            const lots = Math.floor(payMax / top) + 1 + r.below(5);
            out.push({
              label,
              request: { ...base, topPrize: { lots } },
              names: /(1 top prize of .* alone pays|top prizes of .* alone pay) an RTP of /,
            });
          } else {
            // at least so many lots of one amount that it alone pays above the RTP asked
            const level = levels[1 + r.below(levels.length - 1)]!;
            const payMax = (target + 0.0001) * units * stakeCents;
            const min = Math.min(units, Math.floor(payMax / level.prizeCents) + 1 + r.below(100));
            const a = formatEuros(level.prizeCents, 'en').replace(/[.$()]/g, '\\$&');
            out.push({
              label,
              request: { ...base, levelBounds: [{ prizeCents: level.prizeCents, min }] },
              names: new RegExp(`the bounds of ${a} \\(`),
            });
          }
        }
      }
    }
  }
  return out;
}
