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

test('a settings file kept aside is said in a banner, which closes', async ({ page }) => {
  // what main's store answers for the read-only key after keeping an unreadable settings.json aside
  await page.addInitScript(() => {
    localStorage.setItem(
      'instant-lab:settings.recovered',
      JSON.stringify({
        keptAs: 'settings.corrupt-2026-12-01T20-30-00-000Z.json',
        reason: 'Expected double-quoted property name in JSON at position 19',
      }),
    );
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  const banner = page.getByTestId('settings-recovered');
  await expect(banner).toHaveAttribute('role', 'alert');
  await expect(banner).toContainText(
    'il est gardé tel quel sous le nom settings.corrupt-2026-12-01T20-30-00-000Z.json',
  );
  await page.screenshot({ path: 'test-results/screenshots/settings-recovered-fr.png' });
  await page.getByTestId('lang-select').selectOption('en');
  await expect(banner).toContainText(
    'it is kept as it was under the name settings.corrupt-2026-12-01T20-30-00-000Z.json',
  );
  await page.screenshot({ path: 'test-results/screenshots/settings-recovered-en.png' });
  await banner.getByRole('button').click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('nav-simulation')).toBeFocused();
});
