/**
 * What-if prize tables ("scenarios") for the payout explorer: what a scenario is, its bounds, the
 * problems it can have, and its prize table. Validation (`scenario-validation.ts`), exact figures
 * (`table-analysis.ts`) and the file format (`scenario-file.ts`) sit beside it.
 */
import { z } from 'zod';
import { officialTable } from '../rules/load';
import type { GameId, PrizeTable, StakeCents } from '../rules/types';

/** Largest block a scenario may hold (the official blocks hold 300,000 and 1,000,000 units). */
export const MAX_BLOCK_UNITS = 10_000_000;
/** Most levels of a table (checked before any level is read). */
export const MAX_LEVELS = 200;
/** Longest scenario name, in characters. */
export const MAX_NAME_CHARS = 200;
/** Largest scenario file: refused before it is parsed (a 200-level table takes about 12 kB). */
export const MAX_SCENARIO_BYTES = 1024 * 1024;
/** Version of the scenario file format. */
export const SCENARIO_FORMAT = 'instant-lab-scenario/1';

export interface ScenarioLevel {
  prizeCents: number;
  lots: number;
}

/** A what-if prize table of one block at one stake. */
export interface Scenario {
  name: string;
  game: GameId;
  stakeCents: StakeCents;
  blockUnits: number;
  levels: ScenarioLevel[];
}

/** Shape of a scenario (types only): value checks are {@link validateScenario}'s, so that all are reported. */
export const scenarioSchema = z.object({
  name: z.string().max(MAX_NAME_CHARS),
  game: z.enum(['mine-d-or', 'les-3-gongs']),
  stakeCents: z.union([z.literal(50), z.literal(100), z.literal(200)]),
  blockUnits: z.number(),
  levels: z.array(z.object({ prizeCents: z.number(), lots: z.number() })).max(MAX_LEVELS),
});

export type ProblemCode =
  | 'shape'
  | 'lots-negative'
  | 'lots-not-integer'
  | 'amount-not-positive'
  | 'amount-not-cents'
  | 'amount-duplicate'
  | 'lots-too-large'
  | 'amount-too-large'
  | 'too-many-levels'
  | 'too-many-lots'
  | 'total-too-large'
  | 'block-size'
  | 'file-too-large'
  | 'unreachable-mine-d-or'
  | 'unreachable-les-3-gongs';

/** One problem of a scenario: a code for translation, its level (if any), and its message in English and French. */
export interface ScenarioProblem {
  readonly code: ProblemCode;
  /** Index of the level concerned, or -1 for the whole scenario. */
  readonly level: number;
  readonly params: Readonly<Record<string, string | number>>;
  readonly message: string;
  /** The same message in French. */
  readonly fr: string;
}

/** The prize table of a valid scenario, levels sorted largest first (as {@link PrizeTable} requires). */
export function scenarioTable(s: Scenario): PrizeTable {
  return {
    game: s.game,
    stakeCents: s.stakeCents,
    blockUnits: s.blockUnits,
    levels: [...s.levels].sort((a, b) => b.prizeCents - a.prizeCents).map((l) => ({ ...l })),
    source: s.name,
  };
}

/** A scenario that starts as the official table of a game at a stake (art. 3.1–3.3). */
export function officialScenario(game: GameId, stakeCents: StakeCents): Scenario {
  const t = officialTable(game, stakeCents);
  return {
    name: `${game} ${stakeCents} (${t.source})`,
    game,
    stakeCents,
    blockUnits: t.blockUnits,
    levels: t.levels.map((l) => ({ prizeCents: l.prizeCents, lots: l.lots })),
  };
}
