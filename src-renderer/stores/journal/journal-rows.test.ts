import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { entryLine, formatCount, formatEuros, nextEntry, verifyJournal } from '@engine';
import type { JournalKind, JournalTip, JournalWork } from '@engine';
import { NO_FILTER, entryVerdictText, filterRows, journalCsv, journalJson, verdictOf } from './journal-rows';
import { i18n, setLocale } from '../../i18n';
import { entryFields } from '../../domain/journal/entry-fields';

const KINDS: JournalKind[] = ['audit-report', 'export-verified', 'block-export'];
const work = (i: number): JournalWork => ({
  kind: KINDS[i % 3]!,
  at: new Date(Date.UTC(2026, 10, 28 + (i % 4), 9, 0, i)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { file: i === 4 ? '=HYPERLINK("http://x")' : `bloc-${i}.jsonl`, seed: i },
  outputs: i % 3 === 1 ? { verdict: 'conforming', discrepancies: 0 } : { evaluator_pass: i !== 3 },
});

function verdict(n: number) {
  let tip: JournalTip | null = null;
  let text = '';
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, work(i));
    text += entryLine(e);
    tip = e;
  }
  return verifyJournal(text);
}

describe('the Journal screen’s rows', () => {
  const v = verdict(12);

  it('are newest first, filtered by kind, text (anywhere in the entry) and day', () => {
    expect(filterRows(v.rows, NO_FILTER).map((r) => r.entry.seq)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(filterRows(v.rows, { ...NO_FILTER, kind: 'export-verified' }).map((r) => r.entry.seq)).toEqual([
      11, 8, 5, 2,
    ]);
    expect(filterRows(v.rows, { ...NO_FILTER, text: 'BLOC-7.' }).map((r) => r.entry.seq)).toEqual([8]);
    // days 28, 29, 30 November, 1 December in turn
    expect(filterRows(v.rows, { ...NO_FILTER, from: '2026-11-30', to: '2026-11-30' }).map((r) => r.entry.seq)).toEqual([
      11, 7, 3,
    ]);
    expect(filterRows(v.rows, { ...NO_FILTER, from: '2026-12-01' }).map((r) => r.entry.seq)).toEqual([12, 8, 4]);
  });

  it('state their verdict: an export’s, or the evaluator’s', () => {
    expect(v.rows.map((r) => verdictOf(r.entry.outputs)).slice(0, 4)).toEqual(['PASS', 'conforming', 'PASS', 'FAIL']);
  });

  it('go to CSV one line per entry, formula-looking text guarded, and to JSON with the chain’s check', () => {
    const csv = journalCsv(filterRows(v.rows, NO_FILTER));
    const parsed = Papa.parse<string[]>(csv.trimEnd()).data;
    expect(parsed[0]).toEqual([
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
    ]);
    expect(parsed).toHaveLength(13);
    const row5 = parsed.find((r) => r[1] === '5')!;
    expect(row5[6]).toBe('{"file":"=HYPERLINK(\\"http://x\\")","seed":4}');
    expect(row5[11]).toBe('ok');
    const json = JSON.parse(journalJson(v.rows, v, 'IndexedDB')) as { check: { ok: boolean }; entries: unknown[] };
    expect(json.check.ok).toBe(true);
    expect(json.entries).toHaveLength(12);
  });
});

describe('an entry’s verdict, in the screen’s language', () => {
  it('says « conforme », « pas un export », « réussi » on a French screen, never the file’s codes', () => {
    const t = (i18n.global as unknown as { t: Parameters<typeof entryVerdictText>[0] }).t;
    setLocale('fr');
    expect(entryVerdictText(t, { verdict: 'conforming' })).toBe('conforme');
    expect(entryVerdictText(t, { verdict: 'not-an-export' })).toBe('pas un export');
    expect(entryVerdictText(t, { evaluator_pass: true })).toBe('réussi');
    expect(entryVerdictText(t, { evaluator_agrees: false })).toBe('ÉCHEC');
    expect(entryVerdictText(t, { bytes: 3 })).toBeNull();
    expect(entryVerdictText(t, { verdict: 'later-kind' })).toBe('later-kind');
    setLocale('en');
    expect(entryVerdictText(t, { verdict: 'not-conforming' })).toBe('DOES NOT CONFORM');
    expect(entryVerdictText(t, { evaluator_pass: true })).toBe('pass');
  });
});

describe('the text filter', () => {
  it('finds a row by what it shows in French (« Mine d’or », « 2,00 € » typed with a plain space) as by what it records', () => {
    const text = entryLine(
      nextEntry(null, {
        kind: 'audit-report',
        at: '2026-12-01T09:00:00.000Z',
        app: '0.1.0',
        generator: 'instant-lab-gen/2',
        inputs: { game: 'mine-d-or', stake_cents: 200, seeds: [7] },
        outputs: { evaluator_pass: true },
      }),
    );
    const rows = verifyJournal(text).rows;
    setLocale('fr');
    const g = i18n.global as unknown as {
      t: (k: string, n: Record<string, unknown>) => string;
      te: (k: string) => boolean;
    };
    const f = { euros: (c: number) => formatEuros(c, 'fr'), count: (n: number) => formatCount(n, 'fr') };
    const shown = (r: (typeof rows)[number]): string =>
      [r.entry.inputs, r.entry.outputs]
        .flatMap((o) => entryFields(o, g.t, f, (k) => g.te(k)))
        .map((x) => `${x.label} : ${x.value}`)
        .join('\n');
    const found = (needle: string) => filterRows(rows, { ...NO_FILTER, text: needle }, shown).length;
    for (const needle of ['Mine d’or', 'mine d’or', '2,00 €', 'réussi', 'mine-d-or', 'stake_cents'])
      expect(found(needle), needle).toBe(1);
    expect(found('Les 3 Gongs')).toBe(0);
    // without the row's shown text only what the entry records is found
    expect(filterRows(rows, { ...NO_FILTER, text: '2,00 €' }).length).toBe(0);
  });
});
