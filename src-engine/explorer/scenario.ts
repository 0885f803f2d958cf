/**
 * What-if prize tables ("scenarios") for the payout explorer: validation with every problem named,
 * and exact figures of a table (RULES.md "Derived": RTP, hit rate, standard deviation).
 *
 * Everything here is O(levels) except the reachability check (M4, G1), which enumerates the
 * presentations of an amount once and is then cached per (game, stake, amount).
 */
import { z } from 'zod';
import { prepareGame } from '../games/registry';
import { LEGAL_BANDS_SOURCE, legalBandFor, officialTable } from '../rules/load';
import { tableFigures } from '../rules/table-stats';
import type { GameId, LegalBand, PrizeTable, StakeCents } from '../rules/types';
import { isInsideLegalBand } from '../rules/legal-band';
import { formatEuros } from '../money/format';
import { frInt } from '../i18n/localized-text';

/** Largest block a scenario may hold (the official blocks hold 300,000 and 1,000,000 units). */
export const MAX_BLOCK_UNITS = 10_000_000;
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
  name: z.string().max(200),
  game: z.enum(['mine-d-or', 'les-3-gongs']),
  stakeCents: z.union([z.literal(50), z.literal(100), z.literal(200)]),
  blockUnits: z.number(),
  levels: z.array(z.object({ prizeCents: z.number(), lots: z.number() })).max(200),
});

const fileSchema = z.object({ format: z.literal(SCENARIO_FORMAT), scenario: z.unknown() });

export type ProblemCode =
  | 'shape'
  | 'lots-negative'
  | 'lots-not-integer'
  | 'amount-not-positive'
  | 'amount-not-cents'
  | 'amount-duplicate'
  | 'too-many-lots'
  | 'block-size'
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

const reachCache = new Map<string, boolean>();

/**
 * Whether some presentation the rules allow shows `prizeCents` (M4 for Mine d'or: gains of
 * art. 4.4 doubled by 4.5, over the main grid and up to 3 Extra stages of 4.6; G1 for Les 3 Gongs:
 * a symbol of art. 4.3.1, or a Bonus of three positive fifths of the stake). Asks the game's own
 * generator (`prepareGame(...).unreachable`), so the explorer and the generator never disagree.
 */
export function isReachable(game: GameId, stakeCents: StakeCents, prizeCents: number): boolean {
  const key = `${game}|${stakeCents}|${prizeCents}`;
  let r = reachCache.get(key);
  if (r === undefined) {
    const table: PrizeTable = {
      game,
      stakeCents,
      blockUnits: 1,
      levels: [{ prizeCents, lots: 1 }],
      source: 'reachability probe',
    };
    r = prepareGame({ game, stakeCents, table }).unreachable.length === 0;
    reachCache.set(key, r);
  }
  return r;
}

/** Why an amount cannot be shown, citing the rules (English; the screen translates by code). */
function unreachableMessage(game: GameId, stakeCents: number, prizeCents: number): string {
  const a = formatEuros(prizeCents);
  return game === 'mine-d-or'
    ? `no combination of gains (art. 4.4–4.6, M4) adds up to ${a}`
    : `neither a symbol (art. 4.3.1) nor a Bonus of positive fifths of the stake (G1, fifth = ${formatEuros(stakeCents / 5)}) gives ${a}`;
}

/** The same reason in French. */
function unreachableMessageFr(game: GameId, stakeCents: number, prizeCents: number): string {
  const a = formatEuros(prizeCents, 'fr');
  return game === 'mine-d-or'
    ? `aucune combinaison de gains (art. 4.4–4.6, M4) ne fait ${a}`
    : `ni un symbole (art. 4.3.1) ni un Bonus de cinquièmes positifs de la mise (G1, cinquième = ${formatEuros(stakeCents / 5, 'fr')}) ne donne ${a}`;
}

/**
 * Every problem of a scenario, each with a message naming it. An empty list means the scenario
 * can be analysed, sampled and generated as full blocks (runRange accepts its table).
 */
export function validateScenario(input: unknown): ScenarioProblem[] {
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => ({
      code: 'shape' as const,
      level: -1,
      params: { path: i.path.join('.') || '(root)', detail: i.message },
      message: `${i.path.join('.') || '(root)'}: ${i.message}`,
      fr: `${i.path.join('.') || '(racine)'} : ${i.message}`,
    }));
  }
  const s = parsed.data;
  const out: ScenarioProblem[] = [];
  const push = (
    code: ProblemCode,
    level: number,
    params: Record<string, string | number>,
    message: string,
    fr: string,
  ): void => {
    out.push({ code, level, params, message, fr });
  };
  const b = s.blockUnits;
  if (!Number.isSafeInteger(b) || b < 1 || b > MAX_BLOCK_UNITS) {
    push(
      'block-size',
      -1,
      { units: b, max: MAX_BLOCK_UNITS },
      `block size ${b} is not a whole number from 1 to ${MAX_BLOCK_UNITS}`,
      `la taille de bloc ${b} n'est pas un nombre entier de 1 à ${frInt(MAX_BLOCK_UNITS)}`,
    );
  }
  const seen = new Map<number, number>();
  let lots = 0;
  s.levels.forEach((l, i) => {
    const n = i + 1;
    if (!Number.isFinite(l.lots) || !Number.isInteger(l.lots)) {
      push(
        'lots-not-integer',
        i,
        { n, lots: l.lots },
        `level ${n}: ${l.lots} lots is not a whole number`,
        `niveau ${n} : ${l.lots} lots, pas un nombre entier`,
      );
    } else if (l.lots < 0) {
      push(
        'lots-negative',
        i,
        { n, lots: l.lots },
        `level ${n}: ${l.lots} lots is negative`,
        `niveau ${n} : ${l.lots} lots, nombre négatif`,
      );
    } else lots += l.lots;
    const amountOk = Number.isSafeInteger(l.prizeCents) && l.prizeCents > 0;
    if (!Number.isFinite(l.prizeCents) || !Number.isInteger(l.prizeCents)) {
      push(
        'amount-not-cents',
        i,
        { n, cents: l.prizeCents },
        `level ${n}: ${l.prizeCents} cents is not a whole number of cents`,
        `niveau ${n} : ${l.prizeCents} centimes n'est pas un nombre entier de centimes`,
      );
    } else if (l.prizeCents <= 0) {
      push(
        'amount-not-positive',
        i,
        { n, cents: l.prizeCents },
        `level ${n}: an amount must be above 0 (got ${l.prizeCents} cents)`,
        `niveau ${n} : un montant doit être supérieur à 0 (reçu ${l.prizeCents} centimes)`,
      );
    }
    if (amountOk) {
      const first = seen.get(l.prizeCents);
      if (first !== undefined) {
        push(
          'amount-duplicate',
          i,
          { n, first: first + 1, amount: formatEuros(l.prizeCents), amountCents: l.prizeCents },
          `level ${n}: ${formatEuros(l.prizeCents, 'en')} already is level ${first + 1}`,
          `niveau ${n} : ${formatEuros(l.prizeCents, 'fr')} figure déjà au niveau ${first + 1}`,
        );
      } else seen.set(l.prizeCents, i);
      if (!isReachable(s.game, s.stakeCents, l.prizeCents)) {
        push(
          s.game === 'mine-d-or' ? 'unreachable-mine-d-or' : 'unreachable-les-3-gongs',
          i,
          {
            n,
            amount: formatEuros(l.prizeCents),
            fifth: formatEuros(s.stakeCents / 5),
            amountCents: l.prizeCents,
            fifthCents: s.stakeCents / 5,
          },
          `level ${n}: ${unreachableMessage(s.game, s.stakeCents, l.prizeCents)}`,
          `niveau ${n} : ${unreachableMessageFr(s.game, s.stakeCents, l.prizeCents)}`,
        );
      }
    }
  });
  if (Number.isSafeInteger(b) && lots > b) {
    push(
      'too-many-lots',
      -1,
      { lots, units: b },
      `${lots} lots for ${b} units: at most one lot per unit (art. 3)`,
      `${frInt(lots)} lots pour ${frInt(b)} unités : au plus un lot par unité (art. 3)`,
    );
  }
  return out;
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

export interface LevelAnalysis {
  readonly prizeCents: number;
  readonly lots: number;
  /** Probability that a unit wins this level: lots / units. */
  readonly probability: number;
  /** This level's share of the RTP: lots × amount / total paid. */
  readonly rtpShare: number;
  /** Its contribution to the RTP, in points of stake: lots × amount / (units × stake). */
  readonly rtpContribution: number;
  readonly prizeStakes: number;
}

export interface TableAnalysis {
  readonly rtp: number;
  readonly hitRate: number;
  /** A unit wins once in `oneIn` units (1 / hit rate); Infinity for a table without lots. */
  readonly oneIn: number;
  readonly sdStakes: number;
  readonly maxLotStakes: number;
  readonly lots: number;
  readonly totalCents: number;
  readonly levels: readonly LevelAnalysis[];
  readonly band: LegalBand;
  readonly bandSource: string;
  readonly insideBand: boolean;
  /** Payout curve: P(a unit wins ≥ amount), for each amount, largest first. */
  readonly payoutCurve: readonly { prizeCents: number; pAtLeast: number }[];
}

/**
 * Exact figures of a table (no sampling): O(levels). RTP = Σ lots × amount / (units × stake);
 * hit rate = Σ lots / units; sd from tableFigures; band from data (CSI art. D.322-10).
 */
export function analyseTable(table: PrizeTable): TableAnalysis {
  const f = tableFigures(table);
  const n = table.blockUnits;
  const levels = [...table.levels].sort((a, b) => b.prizeCents - a.prizeCents);
  let cum = 0;
  const payoutCurve = levels.map((l) => {
    cum += l.lots;
    return { prizeCents: l.prizeCents, pAtLeast: cum / n };
  });
  const band = legalBandFor(table.game);
  return {
    rtp: f.rtp,
    hitRate: f.hitRate,
    oneIn: f.lots > 0 ? n / f.lots : Infinity,
    sdStakes: f.sdStakes,
    maxLotStakes: f.maxLotStakes,
    lots: f.lots,
    totalCents: f.totalCents,
    levels: levels.map((l) => ({
      prizeCents: l.prizeCents,
      lots: l.lots,
      probability: l.lots / n,
      rtpShare: f.totalCents > 0 ? (l.lots * l.prizeCents) / f.totalCents : 0,
      rtpContribution: (l.lots * l.prizeCents) / (n * table.stakeCents),
      prizeStakes: l.prizeCents / table.stakeCents,
    })),
    band,
    bandSource: LEGAL_BANDS_SOURCE,
    insideBand: isInsideLegalBand(f.rtp, band),
    payoutCurve,
  };
}

/** A scenario as the text of a file (JSON, format tagged, pretty-printed). */
export function scenarioToJson(s: Scenario): string {
  return `${JSON.stringify({ format: SCENARIO_FORMAT, scenario: s }, null, 2)}\n`;
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; problems: ScenarioProblem[] };

/** Reads a scenario file: refuses malformed JSON, another format, or a scenario with any problem. */
export function parseScenarioJson(text: string): ParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      problems: [
        {
          code: 'shape',
          level: -1,
          params: { path: '(file)', detail },
          message: `not JSON: ${detail}`,
          fr: `ce n'est pas du JSON : ${detail}`,
        },
      ],
    };
  }
  const f = fileSchema.safeParse(raw);
  if (!f.success) {
    return {
      ok: false,
      problems: [
        {
          code: 'shape',
          level: -1,
          params: { path: 'format', detail: `expected "${SCENARIO_FORMAT}"` },
          message: `not an Instant Lab scenario file: "format" must be "${SCENARIO_FORMAT}"`,
          fr: `ce n'est pas un fichier de scénario Instant Lab : "format" doit valoir "${SCENARIO_FORMAT}"`,
        },
      ],
    };
  }
  const problems = validateScenario(f.data.scenario);
  if (problems.length > 0) return { ok: false, problems };
  const s = scenarioSchema.parse(f.data.scenario) as Scenario;
  return { ok: true, scenario: s };
}
