/**
 * The payout explorer at the widths operators use (1024 to 1920 pixels), in both languages: the
 * prize table and its exact figures sit side by side or one above the other, never one over the
 * other, and nothing runs off the right edge.
 */
import { expect, test } from '@playwright/test';

for (const lang of ['fr', 'en'] as const) {
  test(`the prize table never covers its figures, 1024 to 1920 pixels, in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/explorer');
    await page.getByTestId('lang-select').selectOption(lang);
    const figures = page.getByTestId('explorer-figures');
    await expect(figures.locator('[data-testid="fig-rtp"]')).toBeVisible();
    const table = page.locator('table.levels');
    for (const width of [1024, 1100, 1180, 1280, 1920]) {
      await page.setViewportSize({ width, height: 720 });
      const t = (await table.boundingBox())!;
      const f = (await figures.boundingBox())!;
      const apart = t.x + t.width <= f.x + 0.5 || t.y + t.height <= f.y + 0.5;
      expect(apart, `${width} px: table ${JSON.stringify(t)} figures ${JSON.stringify(f)}`).toBe(true);
      // every figure's value inside the window, none cut at the right edge
      for (const box of await figures
        .locator('dd')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right)))
        expect(box, `${width} px`).toBeLessThanOrEqual(width);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `${width} px: the page scrolls sideways`).toBeLessThanOrEqual(width);
    }
  });
}
