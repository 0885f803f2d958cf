/**
 * The app loads without a request that fails (no « /favicon.ico » 404 in the
 * console), and the simulation's intro names the table a scenario run is reconciled with.
 */
import { expect, test } from '@playwright/test';

test('no request fails while the app loads: its icon is its own', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/#/simulation');
  await expect(page.getByTestId('sim-run')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('./favicon.svg');
});

test('the simulation intro says a scenario run is reconciled with the scenario’s table', async ({ page }) => {
  await page.goto('/#/explorer');
  await page.getByTestId('level-amount-0').fill('15 000,00');
  await page.getByTestId('open-in-simulation').click();
  await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
  await expect(page.getByTestId('sim-intro')).toContainText('rapproché du tableau du scénario (pas du règlement)');
  await page.getByTestId('sim-table').selectOption('official');
  await expect(page.getByTestId('sim-intro')).toContainText('rapproché du tableau officiel de lots');
});
