/**
 * The what-if table as the user types it (amounts in euros « 15 000,00 », lots and block size as
 * text), read into a {@link Scenario}; fields that cannot be read are reported by name, in French
 * and English, beside every problem the engine finds in the rest of the table.
 */
import { MAX_BLOCK_UNITS, formatCount, frInt, parseEuros, validateScenario } from '@engine';
import type { GameId, Lang, Scenario, ScenarioProblem, StakeCents } from '@engine';

/** One editable row: the text the user typed. */
export interface LevelRow {
  amount: string;
  lots: string;
}

/** The editor's fields, as typed. */
export interface TableInput {
  readonly name: string;
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly blockUnits: string;
  readonly rows: readonly LevelRow[];
  /** The language amounts are typed in: « 15 000,00 » in French, « 15,000.00 » in English. */
  readonly lang: Lang;
}

/** A field the editor could not read: the engine never sees it, so the editor names it. */
export interface UnreadableProblem {
  readonly code: 'amount-unreadable' | 'lots-unreadable' | 'block-unreadable';
  readonly level: number;
  readonly params: Readonly<Record<string, string | number>>;
  readonly message: string;
  readonly fr: string;
}

/** A problem of the edited table: an engine problem, or a field that could not be read. */
export type EditProblem = ScenarioProblem | UnreadableProblem;

/** Cents as the editor shows them: 1500000 → « 15 000,00 » (French) / « 15,000.00 » (English). */
export function centsToText(c: number, lang: Lang = 'fr'): string {
  const e = Math.floor(c / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? ' ' : ',');
  return `${e}${lang === 'fr' ? ',' : '.'}${(c % 100).toString().padStart(2, '0')}`;
}

/** The rows of a scenario, as the editor shows them in `lang`. */
export const rowsOf = (s: Scenario, lang: Lang = 'fr'): LevelRow[] =>
  s.levels.map((l) => ({ amount: centsToText(l.prizeCents, lang), lots: String(l.lots) }));

/**
 * A number of lots as typed in `lang`: a (possibly negative or decimal) number, so that the engine
 * can say what is wrong with it. Every form the app prints is read back: thousands grouped by a
 * space, a no-break or a narrow no-break space (« 20 000 », « 20 000,00 »), or in English by commas
 * (« 20,000.00 »); the decimal mark is the language's (a dot is also taken in French, as before).
 */
export const readLots = (t: string, lang: Lang = 'fr'): number => {
  const s = t
    .trim()
    .replace(/[\s\u00a0\u202f]/g, (c, i: number, all: string) =>
      /\d/.test(all[i - 1] ?? '') && /^\d{3}(\D|$)/.test(all.slice(i + 1)) ? '' : c,
    );
  if (lang === 'en') {
    if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return Number(s.replace(/,/g, ''));
    return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
  }
  return /^-?\d+([.,]\d+)?$/.test(s) ? Number(s.replace(',', '.')) : NaN;
};

/**
 * A block size: digits, optionally grouped by spaces (« 1 000 000 ») or, in English, by commas
 * (« 1,000,000 »); anything else is unreadable.
 */
export const readUnits = (t: string, lang: Lang = 'fr'): number => {
  if (lang === 'en' && /^\s*\d{1,3}(,\d{3})+\s*$/.test(t)) return Number(t.replace(/\D/g, ''));
  return /^\s*\d[\d\s\u202f\u00a0]*$/.test(t) ? Number(t.replace(/\D/g, '')) : NaN;
};

/**
 * An amount in euros as typed in `lang`, in cents (NaN when unreadable); a leading minus is kept so
 * that the engine reports a negative amount. In English a comma only groups thousands
 * (« 15,000.00 »), so a French « 15 000,00 » is unreadable there rather than read 100 times too big.
 */
export const readAmount = (t: string, lang: Lang = 'fr'): number => {
  const s = t.trim();
  const neg = s.startsWith('-');
  let body = neg ? s.slice(1) : s;
  if (lang === 'en' && body.includes(',')) {
    if (!/^\s*€?\s*\d{1,3}(,\d{3})+(\.\d{1,2})?\s*€?\s*$/.test(body)) return NaN;
    body = body.replace(/,/g, '');
  }
  const cents = parseEuros(body);
  return cents === null ? NaN : neg ? -cents : cents;
};

/** The scenario as typed; unreadable fields are NaN (reported by {@link editProblems}). */
export function scenarioOfInput(input: TableInput): Scenario {
  return {
    name: input.name,
    game: input.game,
    stakeCents: input.stakeCents,
    blockUnits: readUnits(input.blockUnits, input.lang),
    levels: input.rows.map((r) => ({
      prizeCents: readAmount(r.amount, input.lang),
      lots: readLots(r.lots, input.lang),
    })),
  };
}

/**
 * Every problem of the table as typed, sorted by level (problems of the whole table first): each
 * unreadable field by name, then all the engine finds in the rest (unreadable fields are replaced
 * by neutral values so that the other problems are still all reported).
 */
export function editProblems(input: TableInput): EditProblem[] {
  const s = scenarioOfInput(input);
  const out: EditProblem[] = [];
  const blockUnreadable = Number.isNaN(s.blockUnits);
  if (blockUnreadable) {
    const text = input.blockUnits;
    out.push({
      code: 'block-unreadable',
      level: -1,
      params: { text, max: MAX_BLOCK_UNITS },
      message: `block size “${text}” is not a number of units: a whole number from 1 to ${formatCount(MAX_BLOCK_UNITS, 'en')} is expected`,
      fr: `taille de bloc « ${text} » : un nombre entier d'unités de 1 à ${frInt(MAX_BLOCK_UNITS)} est attendu`,
    });
  }
  const readable = s.levels.map((l, i) => {
    const n = i + 1;
    const row = input.rows[i]!;
    if (Number.isNaN(l.prizeCents))
      out.push({
        code: 'amount-unreadable',
        level: i,
        params: { n, text: row.amount },
        message: `level ${n}: “${row.amount}” is not an amount in euros (e.g. 15,000.00)`,
        fr: `niveau ${n} : « ${row.amount} » n'est pas un montant en euros (ex. 15 000,00)`,
      });
    if (Number.isNaN(l.lots))
      out.push({
        code: 'lots-unreadable',
        level: i,
        params: { n, text: row.lots },
        message: `level ${n}: “${row.lots}” is not a number of lots (a whole number, 0 or more)`,
        fr: `niveau ${n} : « ${row.lots} » n'est pas un nombre de lots (un entier, 0 ou plus)`,
      });
    return {
      prizeCents: Number.isNaN(l.prizeCents) ? 1 : l.prizeCents,
      lots: Number.isNaN(l.lots) ? 0 : l.lots,
    };
  });
  // An unreadable block size stands in as a size no count of lots exceeds, and its own range problem
  // is dropped: the engine then reports neither « -1 unités » nor a lot count against it.
  const engine = validateScenario({
    ...s,
    blockUnits: blockUnreadable ? Number.MAX_SAFE_INTEGER : s.blockUnits,
    levels: readable,
  }).filter((p) => !(blockUnreadable && p.code === 'block-size'));
  // ...and the stand-in amount of an unreadable level is not itself reported (unreachable, duplicate)
  const unreadable = new Set(out.filter((p) => p.code === 'amount-unreadable').map((p) => p.level));
  const kept = engine.filter((p) => !unreadable.has(p.level) || p.code.startsWith('lots'));
  return [...out, ...kept].sort((a, b) => a.level - b.level);
}
