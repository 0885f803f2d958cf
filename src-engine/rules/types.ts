/**
 * Types of the official rules data kept in `resources/rules/*.json`.
 *
 * Money is always integer euro cents (docs/rules.md, "What both games share").
 * @see ../../docs/rules.md
 */

/** The two games of the product, by the ids that data files and exports use. */
export type GameId = 'mine-d-or' | 'les-3-gongs';

/** The three stakes of art. 2 of both rule documents, in cents. */
export type StakeCents = 50 | 100 | 200;

export const GAME_IDS: readonly GameId[] = ['mine-d-or', 'les-3-gongs'];
export const STAKES: readonly StakeCents[] = [50, 100, 200];

/** One line of a prize table (art. 3): `lots` units of a block win `prizeCents`. */
export interface PrizeLevel {
  readonly prizeCents: number;
  readonly lots: number;
}

/** The prize table of one block at one stake (art. 3.1–3.3), levels sorted by prize, largest first. */
export interface PrizeTable {
  readonly game: GameId;
  readonly stakeCents: number;
  readonly blockUnits: number;
  readonly levels: readonly PrizeLevel[];
  /** The article the table comes from ("art. 3.1"), or a scenario name for a what-if table. */
  readonly source: string;
}

/** A paying symbol and its gain at each stake (Mine d'or art. 4.4, Les 3 Gongs art. 4.3.1). */
export interface PayingSymbol {
  readonly id: string;
  readonly fr: string;
  readonly en: string;
  readonly article: string;
  readonly gainCents: Readonly<Record<StakeCents, number>>;
}

/** A game's rules data as loaded and validated from `resources/rules`. */
export interface GameRules {
  readonly game: GameId;
  readonly name: string;
  readonly document: {
    readonly file: string;
    readonly title: string;
    readonly place: string;
    readonly date: string;
  };
  readonly blockUnits: number;
  readonly tables: Readonly<Record<StakeCents, PrizeTable>>;
  /** The seed's own totals for each stake, kept to be checked, never used to compute. */
  readonly stated: Readonly<Record<StakeCents, { readonly lots: number; readonly totalCents: number }>>;
  readonly symbols: readonly PayingSymbol[];
  /** `extra` (Mine d'or art. 4.6) or `yinyang` (Les 3 Gongs art. 4.3.2). */
  readonly special: { readonly id: string; readonly fr: string; readonly en: string; readonly article: string };
}

/** A legal RTP band (Code de la sécurité intérieure, art. D.322-10), kept in data. */
export interface LegalBand {
  readonly id: string;
  readonly fr: string;
  readonly en: string;
  readonly minRtp: number;
  readonly maxRtp: number;
}
