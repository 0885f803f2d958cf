import { expect, test } from '@playwright/test';

test('the app opens in French and switches to English', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('nav-simulation')).toHaveText('Simulation');
  await expect(page.getByTestId('nav-replay')).toHaveText('Rejeu');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('nav-replay')).toHaveText('Replay');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  // the choice is kept (browser build: localStorage through the bridge)
  await expect(page.getByTestId('nav-replay')).toHaveText('Replay');
});
