/**
 * Every screen as a new user first sees it at 1280×720, in French and in English: nothing wider
 * than the window (no horizontal scrolling), and a screenshot of each (e2e/screenshots/screen-*.png)
 * for a person to look at.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import type * as Engine from '../src-engine/index';

const engine = (await tsImport('../src-engine/index.ts', import.meta.url)) as typeof Engine;
// a Mine d'or unit with three Extra stages: the widest board the replay screen shows
const spec = engine.officialBlock('mine-d-or', 100, 2011);
let index = 0;
while (engine.openUnit(spec, index).view.game !== 'mine-d-or' || !hasThreeStages(index)) index++;
function hasThreeStages(i: number): boolean {
  const v = engine.openUnit(spec, i).view;
  return v.game === 'mine-d-or' && v.extras.length === 3;
}
const ref = engine.formatUnitRef({
  game: 'mine-d-or',
  stakeCents: 100,
  seed: 2011,
  index,
  generatorVersion: engine.GENERATOR_VERSION,
});

/** Fails when the page is wider than the window, naming the widest element. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const over = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= w) return null;
    const widest = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > w + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)
      .slice(0, 3);
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
  expect(over).toBeNull();
}

for (const lang of ['fr', 'en'] as const) {
  test(`the four screens at 1280×720 in ${lang === 'fr' ? 'French' : 'English'}: nothing wider than the window`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    // transitions finished, so that the picture shows the settled screen
    const shot = (name: string) =>
      page.screenshot({ path: `e2e/screenshots/screen-${name}-${lang}.png`, animations: 'disabled' });

    await page.getByTestId('sim-game').selectOption('les-3-gongs');
    await page.getByTestId('sim-run').click();
    await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
    await expectNoHorizontalScroll(page);
    await shot('simulation');

    await page.goto(`/#/replay?ref=${ref}`);
    await expect(page.getByTestId('board-ref')).toHaveText(ref);
    await page.getByTestId('ctl-end').click();
    await expectNoHorizontalScroll(page);
    await shot('replay');

    await page.goto('/#/compliance');
    await page.getByTestId('compliance-seed').fill('3');
    await page.getByTestId('build-report').click();
    await expect(page.getByTestId('block-3')).toBeVisible({ timeout: 90_000 });
    await expectNoHorizontalScroll(page);
    await shot('compliance');

    await page.goto('/#/explorer');
    await expect(page.locator('main')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot('explorer');
  });
}
