/**
 * The Journal screen's rows: filtered by kind, text and date, newest first, and written to CSV
 * (the engine's CSV writer, formula-guarded) or JSON. Pure, so it is tested without a screen.
 */
import { JOURNAL_FORMAT, canonicalJson, csvText } from '@engine';
import type { JournalKind, JournalRow, JournalVerdict } from '@engine';
import type { Translate } from '../../domain/journal/verdict-text';

export interface JournalFilter {
  /** null: every kind. */
  readonly kind: JournalKind | null;
  /**
   * Text found anywhere in the entry, case-insensitive: as recorded (file names, seeds, digests,
   * `mine-d-or`) or as the row shows it in the screen's language (« Mine d'or », « 2,00 € »).
   */
  readonly text: string;
  /** Days `YYYY-MM-DD` (UTC, as the entries' dates are written), inclusive; '' for no bound. */
  readonly from: string;
  readonly to: string;
}

export const NO_FILTER: JournalFilter = { kind: null, text: '', from: '', to: '' };

/**
 * Text as the filter compares it: lower case, the no-break spaces of French numbers (« 7 500,00 € »)
 * as the plain space a user types, and a typographic apostrophe (« Mine d’or ») as a straight one.
 */
const comparable = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'");

/**
 * The rows `filter` keeps, newest first (the last line first). `shown`: a row's text as the screen
 * shows it, so that what a user copies from a row finds it.
 */
export function filterRows(
  rows: readonly JournalRow[],
  filter: JournalFilter,
  shown?: (row: JournalRow) => string,
): JournalRow[] {
  const needle = comparable(filter.text.trim());
  return rows
    .filter((r) => {
      const e = r.entry;
      if (filter.kind !== null && e.kind !== filter.kind) return false;
      const day = e.at.slice(0, 10);
      if (filter.from !== '' && day < filter.from) return false;
      if (filter.to !== '' && day > filter.to) return false;
      if (needle === '' || comparable(canonicalJson(e)).includes(needle)) return true;
      return shown !== undefined && comparable(shown(r)).includes(needle);
    })
    .reverse();
}

/** The verdict an entry's outputs state, if any (an export's, a report's evaluator), for the list. */
export function verdictOf(outputs: JournalRow['entry']['outputs']): string | null {
  if (typeof outputs['verdict'] === 'string') return outputs['verdict'];
  if (typeof outputs['evaluator_pass'] === 'boolean') return outputs['evaluator_pass'] ? 'PASS' : 'FAIL';
  if (typeof outputs['evaluator_agrees'] === 'boolean') return outputs['evaluator_agrees'] ? 'PASS' : 'FAIL';
  return null;
}

/** How an entry's verdict reads: passed, failed, or neither (not an export: to examine). */
export function verdictTone(outputs: JournalRow['entry']['outputs']): 'pass' | 'fail' | 'warn' | null {
  const v = verdictOf(outputs);
  if (v === 'PASS' || v === 'conforming') return 'pass';
  if (v === 'FAIL' || v === 'not-conforming') return 'fail';
  return v === null ? null : 'warn';
}

const KNOWN = new Set(['conforming', 'not-conforming', 'not-an-export', 'PASS', 'FAIL']);

/**
 * An entry's verdict in the screen's language (« conforme », « réussi »), as the other screens say
 * it; a value this version does not know (a journal of another version) is shown as written.
 */
export function entryVerdictText(t: Translate, outputs: JournalRow['entry']['outputs']): string | null {
  const v = verdictOf(outputs);
  if (v === null) return null;
  return KNOWN.has(v) ? t(`journal.verdicts.${v}`, {}) : v;
}

const CSV_COLUMNS = [
  'line',
  'seq',
  'at',
  'kind',
  'app',
  'generator',
  'inputs',
  'outputs',
  'verdict',
  'prev',
  'hash',
  'chain',
];

/** The rows as CSV: one line per entry, inputs and outputs as their canonical JSON; `chain` says ok or broken. */
export function journalCsv(rows: readonly JournalRow[]): string {
  return csvText(
    rows.map((r) => {
      const e = r.entry;
      return [
        r.line,
        e.seq,
        e.at,
        e.kind,
        e.app,
        e.generator ?? '',
        canonicalJson(e.inputs),
        canonicalJson(e.outputs),
        verdictOf(e.outputs) ?? '',
        e.prev,
        e.hash,
        r.broken ? 'broken' : 'ok',
      ];
    }),
    CSV_COLUMNS,
  );
}

/** The rows as JSON, with the check of the whole journal they come from and where it is kept. */
export function journalJson(rows: readonly JournalRow[], v: JournalVerdict, where: string): string {
  return `${JSON.stringify(
    {
      journal: JOURNAL_FORMAT,
      source: where,
      check: {
        ok: v.ok,
        lines: v.lines,
        entries_that_verify: v.entries,
        findings: v.findings.map((f) => ({ line: f.line, seq: f.seq, problem: f.problem, message: f.text.en })),
      },
      entries: rows.map((r) => ({ line: r.line, chain: r.broken ? 'broken' : 'ok', ...r.entry })),
    },
    null,
    2,
  )}\n`;
}
