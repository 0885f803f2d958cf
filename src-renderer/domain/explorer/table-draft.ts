/**
 * The draft of the table being edited: its fields exactly as typed, with the content last saved
 * (so that « Modifications non enregistrées » is still true once it is restored), kept through the
 * bridge (the settings file on the desktop, localStorage in a browser) while the table holds edits
 * saved in no file, so that a reload loses nothing typed. A stored draft is read back only when it
 * has the shape written here; anything else is ignored.
 */
import { z } from 'zod';
import { GAME_IDS, MAX_LEVELS, MAX_NAME_CHARS, STAKES } from '@engine';
import type { GameId, Lang, StakeCents } from '@engine';
import type { LevelRow } from './table-input';

/** Bridge key of the draft. */
export const DRAFT_KEY = 'explorer.draft';

/** Longest text kept for one field (far above any amount, count or name typed). */
const MAX_FIELD_CHARS = 1000;

/** The editor's fields as typed, the content last saved, and when the draft was written. */
export interface TableDraft {
  readonly name: string;
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly blockUnits: string;
  readonly rows: readonly LevelRow[];
  /** The language the amounts are typed in. */
  readonly lang: Lang;
  /** What the editor counted as saved (its `content` then). */
  readonly savedContent: string;
  /** When the draft was written (ms since 1970). */
  readonly writtenAt: number;
}

const field = z.string().max(MAX_FIELD_CHARS);
const draftSchema = z.strictObject({
  name: z.string().max(MAX_NAME_CHARS + MAX_FIELD_CHARS),
  game: z.enum(GAME_IDS as [GameId, ...GameId[]]),
  stakeCents: z.number().refine((s) => (STAKES as readonly number[]).includes(s)),
  blockUnits: field,
  rows: z.array(z.strictObject({ amount: field, lots: field })).max(MAX_LEVELS),
  lang: z.enum(['fr', 'en']),
  savedContent: z.string().max(1_000_000),
  writtenAt: z.number().int().nonnegative(),
});

/** A stored draft, or null when there is none or it is not one this module wrote. */
export function readDraft(raw: unknown): TableDraft | null {
  const r = draftSchema.safeParse(raw);
  return r.success ? (r.data as TableDraft) : null;
}
