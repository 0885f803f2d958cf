/**
 * Loads and validates the official rules data of `resources/rules`.
 *
 * The JSON is validated with zod at load so that a hand-edited data file fails with a message
 * naming the field, never later with a wrong figure.
 */
import { z } from 'zod';
import mineDorJson from '../../resources/rules/mine-d-or.json';
import lesTroisGongsJson from '../../resources/rules/les-3-gongs.json';
import legalBandsJson from '../../resources/rules/legal-bands.json';
import type { GameId, GameRules, LegalBand, PrizeTable, StakeCents } from './types';
import type { LocalizedText } from '../i18n/localized-text';

const cents = z.number().int().nonnegative();

const rulesFileSchema = z.object({
  game: z.enum(['mine-d-or', 'les-3-gongs']),
  name: z.string(),
  document: z.object({ file: z.string(), title: z.string(), place: z.string(), date: z.string() }),
  block_units: z.number().int().positive(),
  stakes: z
    .array(
      z.object({
        stake_cents: z.union([z.literal(50), z.literal(100), z.literal(200)]),
        article: z.string(),
        levels: z.array(z.object({ prize_cents: cents.positive(), lots: z.number().int().positive() })),
        stated: z.object({ lots: z.number().int(), total_cents: cents }),
      }),
    )
    .length(3),
  symbols: z.array(
    z.object({
      id: z.string(),
      fr: z.string(),
      en: z.string(),
      article: z.string(),
      gain_cents: z.object({ '50': cents, '100': cents, '200': cents }),
    }),
  ),
  special_symbols: z.array(z.object({ id: z.string(), fr: z.string(), en: z.string(), article: z.string() })).length(1),
});

const bandsFileSchema = z.object({
  source: z.string(),
  /** The same citation for English screens (the code's title stays French: it is its name). */
  source_en: z.string().optional(),
  bands: z.array(
    z.object({ id: z.string(), fr: z.string(), en: z.string(), min_rtp: z.number(), max_rtp: z.number() }),
  ),
  applies_to: z.record(z.string(), z.string()),
});

function toRules(raw: unknown): GameRules {
  const f = rulesFileSchema.parse(raw);
  const tables = {} as Record<StakeCents, PrizeTable>;
  const stated = {} as Record<StakeCents, { lots: number; totalCents: number }>;
  for (const s of f.stakes) {
    tables[s.stake_cents] = {
      game: f.game,
      stakeCents: s.stake_cents,
      blockUnits: f.block_units,
      levels: [...s.levels]
        .map((l) => ({ prizeCents: l.prize_cents, lots: l.lots }))
        .sort((a, b) => b.prizeCents - a.prizeCents),
      source: s.article,
    };
    stated[s.stake_cents] = { lots: s.stated.lots, totalCents: s.stated.total_cents };
  }
  const special = f.special_symbols[0]!;
  return {
    game: f.game,
    name: f.name,
    document: f.document,
    blockUnits: f.block_units,
    tables,
    stated,
    symbols: f.symbols.map((s) => ({
      id: s.id,
      fr: s.fr,
      en: s.en,
      article: s.article,
      gainCents: { 50: s.gain_cents['50'], 100: s.gain_cents['100'], 200: s.gain_cents['200'] },
    })),
    special,
  };
}

const RULES: Readonly<Record<GameId, GameRules>> = {
  'mine-d-or': toRules(mineDorJson),
  'les-3-gongs': toRules(lesTroisGongsJson),
};

/** The validated rules of a game. */
export function getRules(game: GameId): GameRules {
  return RULES[game];
}

/** The official prize table of a game at a stake (art. 3.1–3.3). */
export function officialTable(game: GameId, stakeCents: StakeCents): PrizeTable {
  return RULES[game].tables[stakeCents];
}

const BANDS = bandsFileSchema.parse(legalBandsJson);

/** Where the legal RTP bands come from (a citation shown with them). */
export const LEGAL_BANDS_SOURCE: string = BANDS.source;
/** The same citation in English and French, for screens in either language. */
export const LEGAL_BANDS_SOURCE_TEXT: LocalizedText = { fr: BANDS.source, en: BANDS.source_en ?? BANDS.source };

/** All legal RTP bands, from data. */
export function legalBands(): LegalBand[] {
  return BANDS.bands.map((b) => ({ id: b.id, fr: b.fr, en: b.en, minRtp: b.min_rtp, maxRtp: b.max_rtp }));
}

/** The legal RTP band that applies to a game (both are *jeux à aléa immédiat*). */
export function legalBandFor(game: GameId): LegalBand {
  const id = BANDS.applies_to[game];
  const band = legalBands().find((b) => b.id === id);
  if (!band) throw new Error(`legal-bands.json names no band "${String(id)}" for ${game}`);
  return band;
}
