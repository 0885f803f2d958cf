/**
 * A journal entry's inputs and outputs as the Journal screen shows them: each a labelled value in
 * the screen's language (« Mise : 2,00 € », « Évaluateur (R4) : réussi »), never `stake_cents=200`.
 * A verdict carries its tone (passed, failed, to examine) so that it is coloured *and* worded; a key
 * this version does not know (a journal of another version) is shown as it is written. The file
 * (CSV, JSON) keeps the keys and values as recorded: only the screen reads them out.
 */
import type { JournalValue } from '@engine';
import type { Translate } from './verdict-text';

/** How a value reads: a verdict passed, failed or to examine, or plain. */
export type FieldTone = 'pass' | 'fail' | 'warn' | null;

export interface EntryField {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly tone: FieldTone;
  /** A digest, file name or reference: in a fixed-width font, broken anywhere. */
  readonly code: boolean;
}

/** The formatters the fields need, bound to the screen's language (`useFormat`). */
export interface FieldFormat {
  euros(cents: number): string;
  count(n: number): string;
}

type Reader = (v: JournalValue, t: Translate, f: FieldFormat) => { value: string; tone?: FieldTone; code?: boolean };

const yesNo = (t: Translate, v: boolean): string => t(v ? 'journal.field.yes' : 'journal.field.no', {});
const passFail = (v: JournalValue, t: Translate): { value: string; tone: FieldTone } =>
  typeof v === 'boolean'
    ? { value: t(`journal.verdicts.${v ? 'PASS' : 'FAIL'}`, {}), tone: v ? 'pass' : 'fail' }
    : { value: String(v), tone: null };
/** A seed as it is typed (never « 2 024 », R3: a seed names a block, it is no quantity). */
const seedText = (v: JournalValue): string => (Array.isArray(v) ? v.map(String).join(', ') : String(v));
const amount = (v: JournalValue, f: FieldFormat): string => (typeof v === 'number' ? f.euros(v) : String(v));
const counted = (v: JournalValue, f: FieldFormat): string => (typeof v === 'number' ? f.count(v) : String(v));
const code = (v: JournalValue) => ({ value: v === null ? '—' : String(v), code: true });

const READERS: Readonly<Record<string, Reader>> = {
  game: (v, t) => ({ value: typeof v === 'string' ? t(`game.${v}`, {}) : String(v) }),
  stake_cents: (v, _t, f) => ({ value: amount(v, f) }),
  lot_cents: (v, _t, f) => ({ value: amount(v, f) }),
  seed: (v) => ({ value: seedText(v) }),
  seeds: (v) => ({ value: seedText(v) }),
  // grouped as the Replay screen's recall and the case's PDF print it (« 32 228 »)
  index: (v, _t, f) => ({ value: counted(v, f) }),
  format: (v) => ({ value: String(v).toUpperCase() }),
  ref: code,
  table: code,
  file: code,
  sha256: code,
  merkle_root: code,
  signer_fingerprint: (v, t) => (v === null ? { value: t('journal.field.unsigned', {}) } : code(v)),
  bytes: (v, t, f) => ({ value: t('journal.field.bytesOf', { n: counted(v, f) }) }),
  units: (v, _t, f) => ({ value: counted(v, f) }),
  units_verified: (v, _t, f) => ({ value: counted(v, f) }),
  files: (v, _t, f) => ({ value: counted(v, f) }),
  discrepancies: (v, _t, f) => ({ value: counted(v, f), tone: v === 0 ? 'pass' : 'fail' }),
  custom_weights: (v, t) => ({ value: typeof v === 'boolean' ? yesNo(t, v) : String(v) }),
  m6_reading: (v, t) => ({ value: v === 'strict' || v === 'default' ? t(`journal.field.m6.${v}`, {}) : String(v) }),
  evaluator_pass: (v, t) => passFail(v, t),
  evaluator_agrees: (v, t) => passFail(v, t),
  in_band: (v, t) =>
    typeof v === 'boolean' ? { value: yesNo(t, v), tone: v ? 'pass' : 'fail' } : { value: String(v) },
  verdict: (v, t) => ({
    value: ['conforming', 'not-conforming', 'not-an-export'].includes(String(v))
      ? t(`journal.verdicts.${String(v)}`, {})
      : String(v),
    tone: v === 'conforming' ? 'pass' : v === 'not-conforming' ? 'fail' : 'warn',
  }),
  placement_finding: (v, t) =>
    v === null
      ? { value: t('journal.field.notTested', {}) }
      : { value: t(v === true ? 'journal.field.finding' : 'journal.field.noFinding', {}), tone: v ? 'warn' : 'pass' },
  placement_tests: (v, _t, f) => ({ value: counted(v, f) }),
  placement_below_1pct: (v, t, f) =>
    v === null
      ? { value: t('journal.field.notTested', {}) }
      : { value: counted(v, f), tone: v === 0 ? 'pass' : 'warn' },
  placement_findings: (v, t, f) =>
    v === null
      ? { value: t('journal.field.notTested', {}) }
      : { value: counted(v, f), tone: v === 0 ? 'pass' : 'warn' },
  block_digests: (v, t, f) =>
    Array.isArray(v)
      ? {
          value: t('journal.field.digestsOf', { n: f.count(v.length), first: String(v[0] ?? '').slice(0, 16) }),
          code: true,
        }
      : code(v),
};

/** What a value is written as when its key is not known: text as is, anything else as JSON. */
const asWritten = (v: JournalValue): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** An entry's inputs or outputs as labelled values, in the order they were recorded. */
export function entryFields(
  values: { readonly [k: string]: JournalValue },
  t: Translate,
  f: FieldFormat,
  has: (key: string) => boolean,
): EntryField[] {
  return Object.entries(values).map(([key, v]) => {
    const read = READERS[key];
    const labelKey = `journal.field.labels.${key}`;
    if (!read || !has(labelKey)) return { key, label: key, value: asWritten(v), tone: null, code: false };
    const r = read(v, t, f);
    return { key, label: t(labelKey, {}), value: r.value, tone: r.tone ?? null, code: r.code === true };
  });
}
