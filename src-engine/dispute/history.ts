/**
 * A player's history: a list of unit references, one a line, as an operator's system records a
 * player's units (AGCO game recall: the last game and the ones before it), read into a strip in the
 * given order — each unit opened from its reference alone (R2, R3) with its game, stake and lot —
 * and every line that is not a reference named by its number with the reference parser's message.
 * Blank lines are skipped; the input is bounded before it is read.
 */
import { InputError } from '../block/input-error';
import { openUnit } from '../block/open-unit';
import type { GameId } from '../rules/types';
import type { LocalizedText } from '../i18n/localized-text';
import { blockOfRef, formatUnitRef, parseUnitRef } from '../ref/unit-ref';

/** At most this many lines are read. */
export const MAX_HISTORY_LINES = 1000;
/** At most this many bytes (UTF-8) are read. */
export const MAX_HISTORY_BYTES = 1024 * 1024;

export interface HistoryUnit {
  /** The line (from 1) the reference was on. */
  readonly line: number;
  readonly ref: string;
  readonly game: GameId;
  readonly stakeCents: number;
  readonly seed: number;
  readonly index: number;
  /** The unit's lot (0: no gain), as its evaluator re-derives it (R4). */
  readonly lotCents: number;
  readonly agrees: boolean;
}

export interface HistoryProblem {
  readonly line: number;
  /** As typed, cut to 80 characters. */
  readonly text: string;
  readonly why: LocalizedText;
}

export type HistoryReading =
  | { readonly ok: true; readonly units: readonly HistoryUnit[]; readonly problems: readonly HistoryProblem[] }
  | { readonly ok: false; readonly why: LocalizedText };

/** Reads a history's text; refused whole when it is over {@link MAX_HISTORY_BYTES} or {@link MAX_HISTORY_LINES}. */
export function readHistory(text: string): HistoryReading {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_HISTORY_BYTES)
    return {
      ok: false,
      why: {
        en: `the list is ${bytes} bytes; at most ${MAX_HISTORY_BYTES} bytes (1 MiB) are read`,
        fr: `la liste fait ${bytes} octets ; au plus ${MAX_HISTORY_BYTES} octets (1 Mio) sont lus`,
      },
    };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > MAX_HISTORY_LINES)
    return {
      ok: false,
      why: {
        en: `the list has ${lines.length} lines; at most ${MAX_HISTORY_LINES} references, one a line, are read`,
        fr: `la liste compte ${lines.length} lignes ; au plus ${MAX_HISTORY_LINES} références, une par ligne, sont lues`,
      },
    };
  const units: HistoryUnit[] = [];
  const problems: HistoryProblem[] = [];
  lines.forEach((raw, k) => {
    if (raw.trim() === '') return;
    try {
      const r = parseUnitRef(raw);
      const u = openUnit(blockOfRef(r), r.index);
      units.push({
        line: k + 1,
        ref: formatUnitRef(r),
        game: r.game,
        stakeCents: r.stakeCents,
        seed: r.seed,
        index: r.index,
        lotCents: u.explanation.lotCents,
        agrees: u.agrees,
      });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push({ line: k + 1, text: raw.trim().slice(0, 80), why: e.text });
    }
  });
  return { ok: true, units, problems };
}
