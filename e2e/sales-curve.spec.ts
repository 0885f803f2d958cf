/**
 * The sales curve of many blocks (issue 9): not one unnamed line per block, but the blocks' mean,
 * their 10th–90th percentile band and the expected band, with a legend, a sentence saying what is
 * drawn and the numbers beside it — in French and English. A few blocks are drawn each by seed.
 */
import { expect, test } from '@playwright/test';

const NBSP = '\u00a0';

test('twelve blocks: the mean curve and its band over the blocks, said in words, numbers beside', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/simulation');
  await page.getByTestId('sim-game').selectOption('les-3-gongs');
  await page.getByTestId('sim-stake').selectOption('50');
  await page.getByTestId('sim-seed').fill('3');
  await page.getByTestId('sim-blocks').fill('12');
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
  const note = page.getByTestId('curve-note');
  await expect(note).toContainText('TRJ cumulé moyen de 12 blocs (sur 12)');
  await expect(note).toContainText('10e–90e centile');
  const chart = page.getByTestId('chart-curve');
  await expect(chart.locator('thead')).toContainText('10e–90e centile');
  const rows = chart.locator('tbody tr');
  await expect(rows).toHaveCount(6);
  // all sold: every block pays its whole table, so mean and both percentiles are the table RTP
  await expect(rows.nth(5)).toContainText(`100${NBSP}%`);
  await expect(rows.nth(5).locator('td').nth(1)).toHaveText(`69,99${NBSP}%`);
  await expect(rows.nth(5).locator('td').nth(2)).toHaveText(`69,99${NBSP}% – 69,99${NBSP}%`);
  await expect(rows.nth(5).locator('td').nth(3)).toHaveText(`70,0${NBSP}% – 70,0${NBSP}%`);
  await chart.scrollIntoViewIfNeeded();
  await chart.screenshot({ path: 'e2e/screenshots/sales-curve-band-fr.png' });
  await page.getByTestId('lang-select').selectOption('en');
  await expect(note).toContainText('mean cumulative RTP of 12 blocks (of 12)');
  await expect(rows.nth(5).locator('td').nth(1)).toHaveText('69.99%');
  await chart.screenshot({ path: 'e2e/screenshots/sales-curve-band-en.png' });
  await page.getByTestId('lang-select').selectOption('fr');
});

test('two blocks: each drawn under its seed, and the sentence says so', async ({ page }) => {
  await page.goto('/#/simulation');
  await page.getByTestId('sim-game').selectOption('les-3-gongs');
  await page.getByTestId('sim-stake').selectOption('50');
  await page.getByTestId('sim-seed').fill('3');
  await page.getByTestId('sim-blocks').fill('2');
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
  await expect(page.getByTestId('curve-note')).toContainText('Chaque ligne est un bloc (sa graine en légende)');
  const chart = page.getByTestId('chart-curve');
  await expect(chart.locator('thead')).toContainText('Graine 3');
  await expect(chart.locator('thead')).toContainText('Graine 4');
  await expect(chart.locator('tbody tr').nth(5).locator('td').nth(1)).toHaveText(`69,99${NBSP}%`);
  await page.getByTestId('chart-curve').screenshot({ path: 'e2e/screenshots/sales-curve-named-fr.png' });
});
