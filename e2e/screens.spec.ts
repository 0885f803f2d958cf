/**
 * Every screen as a new user first sees it at 1280×720, in French and in English: nothing wider
 * than the window (no horizontal scrolling), and a screenshot of each (test-results/screenshots/screen-*.png)
 * for a person to look at.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
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

/**
 * Numbers on screen follow the language: no « 1,000.0 » or « 1e-1 » on a French screen,
 * no « 15 000,00 € » on an English one. Digests, references and typed fields are left out.
 */
async function expectNumbersIn(page: Page, lang: 'fr' | 'en'): Promise<void> {
  const wrong = await page.evaluate((l) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('code, pre, input, textarea, select, script, style')) continue;
      const t = n.textContent?.trim();
      if (t) texts.push(t);
    }
    const bad =
      l === 'fr'
        ? [/\d,\d{3}\.\d/, /\d\.\d+e[-+]?\d/i, /\b\de[-+]\d/i, /\d\.\d\d[\u00a0 ]?%/]
        : [/\d[\u202f\u00a0 ]\d{3},\d\d\s?€/, /\d,\d\d\u00a0€/, /\b\de[-+]\d/i];
    return texts.filter((t) => bad.some((r) => r.test(t)));
  }, lang);
  expect(wrong).toEqual([]);
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
      page.screenshot({ path: `test-results/screenshots/screen-${name}-${lang}.png`, animations: 'disabled' });

    await page.getByTestId('sim-game').selectOption('les-3-gongs');
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 120_000 });
    await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
    // every panel mounted and drawn (they arrive a frame each)
    await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
    await expectNoHorizontalScroll(page);
    await expectNumbersIn(page, lang);
    await shot('simulation');

    await page.goto(`/#/replay?ref=${ref}`);
    await expect(page.getByTestId('board-ref')).toHaveText(ref);
    await page.getByTestId('ctl-end').click();
    await expectNoHorizontalScroll(page);
    await expectNumbersIn(page, lang);
    await shot('replay');

    await page.goto('/#/compliance');
    await page.getByTestId('compliance-seed').fill('3');
    await page.getByTestId('build-report').click();
    await until(page, testId('block-3'), { timeout: 90_000 });
    await expect(page.getByTestId('block-3')).toBeVisible({ timeout: 90_000 });
    await expectNoHorizontalScroll(page);
    await expectNumbersIn(page, lang);
    await shot('compliance');

    await page.goto('/#/explorer');
    await expect(page.locator('main')).toBeVisible();
    await page.getByTestId('sessions-run').click();
    await until(page, testId('sessions-done'), { timeout: 60_000 });
    await expect(page.getByTestId('sessions-done')).toBeVisible({ timeout: 60_000 });
    await expectNoHorizontalScroll(page);
    await expectNumbersIn(page, lang);
    await shot('explorer');
  });
}
