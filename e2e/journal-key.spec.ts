/**
 * The browser build's journal key: a bundle made on the compliance screen carries the journal's
 * checkpoint signed by the key whose fingerprint the Journal screen shows, with its entry proved
 * included, and the printed report shows the checkpoint it carries, signed by that key; « Signer un
 * point de contrôle » saves checkpoint.json, signed by the same key, and keeps
 * the focus on the button; the key stays the same after a reload (IndexedDB). axe finds nothing;
 * screenshots at 1280×720, French and English.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import type * as Engine from '@engine';
import { axeViolations } from './helpers/axe';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');

test('a bundle carries a checkpoint signed by the key the Journal screen shows; a checkpoint is signed on demand', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/compliance');
  await page.getByTestId('lang-select').selectOption('fr');

  // the audit of Les 3 Gongs 0,50 €, seed 12 (entry 1), then its bundle (entry 2)
  await page.getByTestId('compliance-game').selectOption('les-3-gongs');
  await page.getByTestId('compliance-stake').selectOption('50');
  await page.getByTestId('compliance-seed').fill('12');
  await page.getByTestId('compliance-blocks').fill('1');
  await page.getByTestId('build-report').click();
  await until(page, `${testId('block-12')} ${testId('digest')}`, { timeout: 90_000 });
  await expect(page.getByTestId('block-12').getByTestId('digest')).toHaveText(/^[0-9a-f]{64}$/, { timeout: 90_000 });
  // the printed report carries the checkpoint of the journal's first entries as read before the report
  // (none here), signed by the app's key: the section shown in both languages, axe finding nothing
  await page.emulateMedia({ media: 'print' });
  const report = page.getByTestId('report');
  const journalHeading = report.getByRole('heading', { name: 'Journal de conformité' });
  await expect(journalHeading).toBeVisible();
  await expect(page.getByTestId('journal-checkpoint-size')).toHaveText('0');
  await expect(page.getByTestId('journal-checkpoint-root')).toHaveText(/^[0-9a-f]{64}$/);
  const signer = (await page.getByTestId('journal-checkpoint-signer').textContent())!;
  await journalHeading.scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/report-journal-checkpoint-fr.png' });
  // the language menu is not printed: chosen on the screen, then the report printed again
  await page.emulateMedia({ media: 'screen' });
  await page.getByTestId('lang-select').selectOption('en');
  await page.emulateMedia({ media: 'print' });
  await expect(report.getByRole('heading', { name: 'Compliance journal' })).toBeVisible();
  await expect(report).toContainText('Signed checkpoint of the empty journal, as read before this report');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/report-journal-checkpoint-en.png' });
  await page.emulateMedia({ media: 'screen' });
  await page.getByTestId('lang-select').selectOption('fr');
  const downloading = page.waitForEvent('download', { timeout: 240_000 });
  await page.getByTestId('evidence-panel').getByTestId('build-bundle').click();
  const zipPath = testInfo.outputPath('bundle.zip');
  await (await downloading).saveAs(zipPath);

  await page.getByTestId('nav-journal').click();
  await expect(page.getByTestId('journal-check-title')).toHaveText('Chaîne intacte, 2 entrées.');
  const fp = page.getByTestId('journal-key-fp');
  await expect(fp).toHaveText(/^[0-9a-f]{4}(:[0-9a-f]{4}){15}$/);
  const shown = (await fp.textContent())!;
  expect(signer).toBe(shown);
  await expect(page.getByTestId('journal-key-fingerprint')).toHaveText(`Empreinte de la clé : ${shown}`);
  await expect(page.getByTestId('journal-key')).toContainText('Elle la garde dans ce navigateur (IndexedDB)');

  // the bundle's excerpt: the report's entry, proved in the journal of 1 entry signed by that key
  const excerpt = new TextDecoder().decode(
    unzipSync(new Uint8Array(readFileSync(zipPath)))[engine.JOURNAL_EXCERPT_PATH],
  );
  const checked = engine.verifyJournal(excerpt);
  expect(checked.ok).toBe(true);
  expect(checked.inclusion).toMatchObject({ size: 1, signed: true, included: 1, fingerprint: shown });

  // a checkpoint on demand: the journal's 2 entries, signed by the same key; the focus stays on the button
  const sign = page.getByTestId('journal-sign');
  await expect(sign).toHaveText('Signer un point de contrôle');
  const saving = page.waitForEvent('download');
  await sign.click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe('checkpoint-2.json');
  const cpPath = testInfo.outputPath('checkpoint-2.json');
  await download.saveAs(cpPath);
  const cp = engine.readCheckpoint(readFileSync(cpPath, 'utf8'));
  expect(cp).toMatchObject({ size: 2, fingerprint: shown });
  const root = (cp as Engine.Checkpoint).root;
  await expect(page.getByTestId('journal-signed')).toHaveText(
    new RegExp(`^Point de contrôle enregistré dans checkpoint-2\\.json : 2 entrées, racine ${root}, signé le \\S+\\.$`),
  );
  await expect(sign).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/journal-key-fr.png' });

  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('journal-key-fingerprint')).toHaveText(`Key fingerprint: ${shown}`);
  await expect(sign).toHaveText('Sign a checkpoint');
  await expect(page.getByTestId('journal-signed')).toHaveText(
    new RegExp(`^Checkpoint saved in checkpoint-2\\.json: 2 entries, root ${root}, signed at \\S+\\.$`),
  );
  await expect(page.getByTestId('journal-key')).toContainText('It keeps it in this browser (IndexedDB)');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/journal-key-en.png' });

  // the key is kept: the same fingerprint after a reload
  await page.reload();
  await expect(page.getByTestId('journal-key-fp')).toHaveText(shown);
});
