/**
 * A player's history: a list of unit references, one a line, as an operator's system records a
 * player's units (AGCO game recall: the last game and the ones before it), read into a strip in the
 * given order — each unit opened from its reference alone (R2, R3) with its game, stake and lot —
 * and every line that is not a reference named by its number with the reference parser's message.
 * Blank lines are counted and named, never skipped in silence; a unit listed more than once (however
 * it was typed: lower case, look-alike characters) is named with every line it is on, since a unit
 * is played once; the input is bounded before it is read.
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
  /** The line where this unit was first listed, when it is listed again here; else null. */
  readonly repeatOf: number | null;
}

/** A unit listed on several lines: its reference, every line it is on, and those typed otherwise. */
export interface HistoryRepeat {
  readonly ref: string;
  readonly lines: readonly number[];
  /** The lines where it is not typed as the reference is written (lower case, look-alikes, spaces). */
  readonly typedOtherwise: readonly number[];
}

export interface HistoryProblem {
  readonly line: number;
  /** As typed, cut to 80 characters. */
  readonly text: string;
  readonly why: LocalizedText;
}

export type HistoryReading =
  | {
      readonly ok: true;
      readonly units: readonly HistoryUnit[];
      readonly problems: readonly HistoryProblem[];
      /** The units listed more than once, in the order of their first line. */
      readonly repeats: readonly HistoryRepeat[];
      /** The empty (or blank) lines between references, by number: read, and said. */
      readonly blankLines: readonly number[];
    }
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
  const blankLines: number[] = [];
  /** Each unit's lines, by its reference as written (one key however it was typed). */
  const seen = new Map<string, { lines: number[]; typedOtherwise: number[] }>();
  lines.forEach((raw, k) => {
    if (raw.trim() === '') {
      blankLines.push(k + 1);
      return;
    }
    try {
      const r = parseUnitRef(raw);
      const ref = formatUnitRef(r);
      const at = seen.get(ref) ?? { lines: [], typedOtherwise: [] };
      seen.set(ref, at);
      const repeatOf = at.lines[0] ?? null;
      at.lines.push(k + 1);
      if (raw.trim() !== ref) at.typedOtherwise.push(k + 1);
      const u = openUnit(blockOfRef(r), r.index);
      units.push({
        line: k + 1,
        repeatOf,
        ref,
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
  const repeats = [...seen].filter(([, v]) => v.lines.length > 1).map(([ref, v]) => ({ ref, ...v }));
  // trailing blank lines are the end of the text, not lines of the list
  const last = Math.max(0, ...units.map((u) => u.line), ...problems.map((p) => p.line));
  return { ok: true, units, problems, repeats, blankLines: blankLines.filter((n) => n < last) };
}
