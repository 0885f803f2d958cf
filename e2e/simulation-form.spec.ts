/**
 * The simulation form at 1280×720 once a scenario exists and the « Tableau de lots » selector shows:
 * every select stays inside its card and the seed button shows its whole label, in French and in
 * English. Screenshots: test-results/screenshots/simulation-form-{fr,en}.png.
 */
import { expect, test } from '@playwright/test';

for (const lang of ['fr', 'en'] as const) {
  test(`the form with a scenario fits its card at 1280×720 (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/explorer');
    await page.getByTestId('lang-select').selectOption(lang);
    await expect(page.getByTestId('level-amount-0')).toBeVisible();
    await page
      .getByTestId('scenario-name')
      .fill("Mine d'or 0,50 € — lot principal doublé, 15 000 € au lieu de 7 500 €");
    await page.getByTestId('level-amount-0').fill(lang === 'fr' ? '15 000,00' : '15,000.00');
    await page.getByTestId('open-in-simulation').click();
    await expect(page.getByTestId('sim-table')).toHaveValue('scenario');

    const card = (await page
      .getByTestId('sim-controls')
      .locator('xpath=ancestor::div[contains(@class,"panel")][1]')
      .boundingBox())!;
    for (const id of ['sim-table', 'sim-game', 'sim-stake', 'sim-seed', 'sim-random-seed', 'sim-blocks']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width, id).toBeLessThanOrEqual(card.x + card.width);
    }
    const seedButton = page.getByTestId('sim-random-seed');
    await expect(seedButton).toHaveText(lang === 'fr' ? 'Graine aléatoire' : 'Random seed');
    const fits = await seedButton.evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }));
    expect(fits.scroll).toBeLessThanOrEqual(fits.client);
    // the label is on one line: the button is no taller than the seed field beside it
    const button = (await seedButton.boundingBox())!;
    const field = (await page.getByTestId('sim-seed').boundingBox())!;
    expect(button.height).toBeLessThanOrEqual(field.height + 1);
    await page.screenshot({ path: `test-results/screenshots/simulation-form-${lang}.png`, animations: 'disabled' });
  });
}
