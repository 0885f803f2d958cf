/**
 * The simulation history's lines are formatted once per run and language (the end of a
 * run formats one new line, not all of them): they must still follow a language switch both ways.
 * Screenshots at 1280×720 in French and English (test-results/screenshots/history-*.png).
 */
import { expect, test } from '@playwright/test';
import { testId, until } from './helpers/until';

test('history lines follow the language, and a new run adds its line on top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/simulation');
  await expect(page.getByTestId('official-table')).toBeVisible();
  const runBlocks = async (seed: string): Promise<void> => {
    await page.getByTestId('sim-game').selectOption('les-3-gongs');
    await page.getByTestId('sim-stake').selectOption('50');
    await page.getByTestId('sim-seed').fill(seed);
    await page.getByTestId('sim-blocks').fill('1');
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-progress', { 'data-status': 'done' }), { timeout: 60_000 });
    await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  };
  await runBlocks('31');
  const items = page.getByTestId('sim-history-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Les 3 Gongs, 0,50 €, graine 31, 1 bloc');
  await expect(items.first()).toContainText('conforme');
  await expect(page.getByTestId('sim-history-open').first()).toHaveAttribute(
    'aria-label',
    /^Rouvrir la simulation Les 3 Gongs, 0,50\s€, graine 31, 1 bloc, tableau officiel \(art\. 3\.1\), empreinte [0-9a-f]{12}, \d\d\/\d\d\/\d{4} \d\d:\d\d$/,
  );
  // the saved-file confirmation is written in the language on screen, whenever it changes
  await Promise.all([page.waitForEvent('download'), page.getByTestId('sim-export-csv').click()]);
  await expect(page.getByTestId('sim-export-status')).toHaveText('Fichier enregistré.');

  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('sim-export-status')).toHaveText('File saved.');
  await expect(items.first()).toContainText('Les 3 Gongs, €0.50, seed 31, 1 block');
  await expect(page.getByTestId('sim-history-open').first()).toHaveAttribute(
    'aria-label',
    /^Reopen simulation Les 3 Gongs, €0\.50, seed 31, 1 block, official table \(art\. 3\.1\), digest [0-9a-f]{12}, \d\d\/\d\d\/\d{4},? \d\d:\d\d$/,
  );
  await runBlocks('32');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('seed 32');
  await expect(items.nth(1)).toContainText('seed 31');
  await page.getByTestId('sim-history').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/history-en.png' });

  await page.getByTestId('lang-select').selectOption('fr');
  await expect(items.nth(0)).toContainText('Les 3 Gongs, 0,50 €, graine 32, 1 bloc');
  await expect(items.nth(1)).toContainText('graine 31');
  await page.getByTestId('sim-history').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/history-fr.png' });

  // a line removed goes, the others keep their text
  await page
    .getByTestId('sim-history-item')
    .nth(0)
    .getByRole('button', { name: /Supprimer/ })
    .click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('graine 31');

  // the same run twice: every « Rouvrir » and « Supprimer » still has a name of its own
  await runBlocks('31');
  await expect(items).toHaveCount(2);
  const names = await page
    .getByTestId('sim-history')
    .getByRole('button')
    .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? b.textContent));
  expect(names).toHaveLength(4);
  expect(new Set(names).size).toBe(4);
});
