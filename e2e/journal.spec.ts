/**
 * The « Journal » screen against the browser build's journal (IndexedDB): 1,000 entries seeded
 * as the engine writes them verify (« chaîne intacte, 1 000 entrées »); the same journal with one
 * entry removed, one altered and a torn last line, opened as a file, is reported entry by entry;
 * replay evidence saved on the replay screen becomes the next entry, chained to the last one.
 * Screenshots at 1280×720, French and English.
 */
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import type * as Engine from '@engine';
import { load, once } from './helpers/engine';
import { seedJournal } from './helpers/journal-screen';
import { until } from './helpers/until';

/** The narrow no-break space of French thousands (7 500,00 €). */
const NNBSP = '\u202f';
const engine = await load<typeof Engine>('src-engine/index.ts');

/** 1,000 entries of every kind in turn (and one emission), as the screens and the command line write them. */
function journalLines(n: number): string[] {
  const kinds = ['audit-report', 'export-verified', 'evidence-bundle', 'block-export', 'replay-evidence'] as const;
  const out: string[] = [];
  let tip: Engine.JournalTip | null = null;
  for (let i = 0; i < n; i++) {
    const e = engine.nextEntry(tip, {
      // one emission verified among the last rows, so the screenshots show its kind's label
      kind: i === 997 ? 'emission-verified' : kinds[i % 5]!,
      at: new Date(Date.UTC(2026, 10, 20 + (i % 10), 8, 0, i % 60)).toISOString(),
      app: '0.1.0',
      generator: 'instant-lab-gen/2',
      inputs: { game: 'les-3-gongs', stake_cents: 50, seed: i, file: `bloc-${i}.jsonl` },
      outputs: { verdict: 'conforming', discrepancies: 0, sha256: engine.sha256Hex(`bloc-${i}`) },
    });
    out.push(engine.entryLine(e));
    tip = e;
  }
  return out;
}

const lines = once(() => journalLines(1000));

for (const lang of ['fr', 'en'] as const) {
  test(`the Journal screen checks 1,000 entries, then names a removed, an altered and a torn one (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    await seedJournal(page, lines());
    await page.getByTestId('nav-journal').click();
    const title = page.getByTestId('journal-check-title');
    await expect(title).toHaveText(
      lang === 'fr' ? `Chaîne intacte, 1${NNBSP}000 entrées.` : 'Chain intact, 1,000 entries.',
    );
    // focus kept: the verdict takes it once the journal is checked
    await expect(title).toBeFocused();
    await expect(page.getByTestId('journal-where')).toContainText('IndexedDB');
    await expect(page.getByTestId('journal-row-1000')).toBeVisible();
    await expect(page.getByTestId('journal-shown')).toContainText(lang === 'fr' ? `1${NNBSP}000` : '1,000');
    // the verdict in the screen's words (the entry holds the engine's `conforming`)
    await expect(page.getByTestId('journal-row-1000').locator('td').nth(5)).toHaveText(
      lang === 'fr' ? 'conforme' : 'conforms',
    );
    await page.screenshot({ path: `test-results/screenshots/journal-intact-${lang}.png`, animations: 'disabled' });

    // filters: by kind, then by text
    await page.getByTestId('journal-kind').selectOption('block-export');
    await expect(page.getByTestId('journal-shown')).toContainText('200');
    await page.getByTestId('journal-text').fill('bloc-998.');
    await expect(page.locator('[data-testid^="journal-row-"]')).toHaveCount(1);
    await expect(page.getByTestId('journal-row-999')).toBeVisible();
    // what a row shows finds it too: its kind's words, not only the entry's `block-export`
    await page.getByTestId('journal-kind').selectOption('');
    await page.getByTestId('journal-text').fill(lang === 'fr' ? 'bloc exporté' : 'block exported');
    await expect(page.getByTestId('journal-shown')).toContainText(
      lang === 'fr' ? '200 entrées affichées' : 'Entries shown: 200 of',
    );
    await page.getByTestId('journal-kind').selectOption('block-export');
    await page.getByTestId('journal-text').fill('bloc-998.');
    const csv = page.waitForEvent('download');
    await page.getByTestId('journal-csv').click();
    const saved = await (await csv).path();
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(saved, 'utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(2);
    expect(text).toContain('bloc-998.jsonl');

    // the same journal with entry 500 removed, entry 100 altered and a torn last line, opened as a file
    const broken = [...lines()];
    broken[99] = broken[99]!.replace('"discrepancies":0', '"discrepancies":1');
    broken.splice(499, 1);
    const dir = await mkdtemp(join(tmpdir(), 'journal-e2e-'));
    const file = join(dir, 'journal-broken.jsonl');
    await writeFile(file, `${broken.join('')}{"app":"0.1.0","at":"2026-12`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('journal-open').click();
    await (await chooser).setFiles(file);
    await expect(title).toHaveText(
      lang === 'fr'
        ? `Chaîne rompue : 3 problèmes sur 1${NNBSP}000 lignes ; entrées vérifiées : 997.`
        : 'Chain broken: 3 problems over 1,000 lines; entries that verify: 997.',
    );
    await expect(page.getByTestId('journal-where')).toContainText('journal-broken.jsonl');
    await expect(page.getByTestId('journal-first-broken')).toContainText(
      lang === 'fr'
        ? "ligne 100 : le contenu de l'entrée 100 ne donne pas son empreinte : altérée"
        : "line 100: entry 100's content does not give its hash: altered",
    );
    const findings = page.getByTestId('journal-findings').locator('li');
    await expect(findings).toHaveCount(3);
    await expect(findings.nth(1)).toHaveText(
      lang === 'fr'
        ? "ligne 500 : l'entrée 500 manque avant l'entrée 501 : supprimée"
        : 'line 500: entry 500 is missing before entry 501: removed',
    );
    await expect(findings.nth(2)).toContainText(
      lang === 'fr' ? 'ligne 1000 : la dernière entrée est coupée' : 'line 1000: the last entry is torn',
    );
    await page.getByTestId('journal-kind').selectOption('');
    await page.getByTestId('journal-text').fill('');
    await page.screenshot({ path: `test-results/screenshots/journal-broken-${lang}.png`, animations: 'disabled' });
  });
}

for (const lang of ['fr', 'en'] as const)
  test(`an empty journal says it is empty, and only that; filters that match no entry say so (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('nav-journal').click();
    await expect(page.getByTestId('journal-check-title')).toHaveText(
      lang === 'fr'
        ? 'Le journal est vide : aucun travail n’a encore été journalisé.'
        : 'The journal is empty: no work has been journaled yet.',
    );
    await expect(page.getByTestId('journal-none')).toHaveCount(0);
    await expect(page.getByTestId('journal-entries')).toHaveCount(0);
    await page.screenshot({ path: `test-results/screenshots/journal-empty-${lang}.png`, animations: 'disabled' });

    await seedJournal(page, lines().slice(0, 3));
    await page.getByTestId('journal-reload').click();
    await expect(page.getByTestId('journal-check-title')).toHaveText(
      lang === 'fr' ? 'Chaîne intacte, 3 entrées.' : 'Chain intact, 3 entries.',
    );
    await expect(page.getByTestId('journal-none')).toHaveCount(0);
    await page.getByTestId('journal-text').fill('no-such-file');
    await expect(page.getByTestId('journal-none')).toHaveText(
      lang === 'fr' ? 'Aucune entrée ne correspond aux filtres.' : 'No entry matches the filters.',
    );
    await expect(page.getByTestId('journal-check-title')).not.toContainText(lang === 'fr' ? 'vide' : 'empty');
  });

for (const lang of ['fr', 'en'] as const)
  test(`date filters are written in the screen's format, read strictly, kept across a language switch (${lang})`, async ({
    page,
  }) => {
    const other = lang === 'fr' ? 'en' : 'fr';
    // day first, as the table writes its dates in both languages; ISO read in both
    const day = { fr: '21/11/2026', en: '21/11/2026' };
    const wrong = { fr: '31/02/2026', en: '31/02/2026' };
    const problem = {
      fr: `Date attendue au format jj/mm/aaaa (ou aaaa-mm-jj), et qui existe (par exemple 31/12/2026) : « ${wrong.fr} » n’en est pas une. Ce filtre ne s’applique qu’une fois la date corrigée.`,
      en: `Expected a date written dd/mm/yyyy (or yyyy-mm-dd) that exists (for example 31/12/2026): “${wrong.en}” is not one. This filter applies once the date is fixed.`,
    };
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    // entries of 20, 21 and 22 November 2026
    await seedJournal(page, lines().slice(0, 3));
    await page.getByTestId('nav-journal').click();
    await until(page, '[data-testid^="journal-row-"]', { count: 3 });
    const rows = page.locator('[data-testid^="journal-row-"]');
    await expect(rows).toHaveCount(3);
    const from = page.getByTestId('journal-from');
    await expect(page.getByLabel(lang === 'fr' ? 'Du (jj/mm/aaaa)' : 'From (dd/mm/yyyy)')).toHaveAttribute(
      'data-testid',
      'journal-from',
    );
    await from.fill(day[lang]);
    await from.press('Enter');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('journal-from-error')).toHaveCount(0);
    // the table writes its dates as the filter asks them
    await expect(rows.first().locator('td').nth(1)).toContainText('/11/2026');
    // ISO is read too
    await from.fill('2026-11-21');
    await from.press('Enter');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('journal-from-error')).toHaveCount(0);
    await from.fill(day[lang]);
    await from.press('Enter');
    await expect(from).toHaveAttribute('aria-invalid', 'false');

    // the other language writes the same day its way, and keeps filtering by it
    await page.getByTestId('lang-select').selectOption(other);
    await expect(from).toHaveValue(day[other]);
    await expect(rows).toHaveCount(2);
    await page.getByTestId('lang-select').selectOption(lang);
    await expect(from).toHaveValue(day[lang]);

    // a day that does not exist: one message under the field, tied to it, and no filter applied
    await from.fill(wrong[lang]);
    await from.press('Tab');
    const error = page.getByTestId('journal-from-error');
    await expect(error).toHaveText(problem[lang]);
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(from).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
    await expect(rows).toHaveCount(3);
    // a month-first date is not read as a day either
    await from.fill('11/21/2026');
    await from.press('Tab');
    await expect(error).toContainText('11/21/2026');
    await expect(rows).toHaveCount(3);
    await from.fill(wrong[lang]);
    await from.press('Tab');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screenshots/journal-date-error-${lang}.png`, animations: 'disabled' });
    await from.fill('');
    await from.press('Tab');
    await expect(error).toHaveCount(0);
    await expect(rows).toHaveCount(3); // no entry kept: said in the singular in French (« 0 entrée affichée »)
    await page.getByTestId('journal-text').fill('rien-de-tel');
    await expect(page.getByTestId('journal-shown')).toHaveText(
      lang === 'fr' ? '0 entrée affichée sur 3, les plus récentes en premier.' : 'Entries shown: 0 of 3, newest first.',
    );
    await page.screenshot({ path: `test-results/screenshots/journal-none-${lang}.png` });
  });

test('replay evidence saved on the replay screen is the next entry of the journal, chained to the last one', async ({
  page,
}) => {
  await page.goto('/#/simulation');
  // the app is started (its first screen shown) before the journal is seeded and the link followed
  await expect(page.getByTestId('simulation-view')).toBeVisible();
  await seedJournal(page, lines().slice(0, 3));
  const ref = engine.formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 11, generatorVersion: 2 });
  await page.goto(`/#/replay?ref=${ref}`);
  await expect(page.getByTestId('board-ref')).toHaveText(ref);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  await download;
  await expect(page.getByTestId('journal-status')).toHaveText('Journalisé : entrée 4.');
  await page.getByTestId('nav-journal').click();
  await expect(page.getByTestId('journal-check-title')).toHaveText('Chaîne intacte, 4 entrées.');
  const row = page.getByTestId('journal-row-4');
  await expect(row).toContainText('Preuve de rejeu');
  // labelled values, never key=value
  await expect(row).toContainText(`Référence\u00a0: ${ref}`);
  await expect(row).toContainText('Format\u00a0: JSON');
  await expect(row).toContainText('Mise\u00a0: 0,50\u00a0€');
  await expect(row).not.toContainText('stake_cents');
  await expect(row.getByTestId('journal-verdict')).toHaveText('réussi');
  await expect(row.getByTestId('journal-verdict')).toHaveClass(/\bpass\b/);
});
