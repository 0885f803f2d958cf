/**
 * Keyboard users keep their place (WCAG 2.4.1, 2.4.3, 4.1.3): a skip link past the header; after
 * Enter on « Lancer », « Construire le rapport » or « Optimiser », and after Space on a yin yang,
 * the focus is on the result (never on the page's body) and the live region says the action ended;
 * after optimising, « Charger dans l'éditeur » is the next Tab.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import type * as Engine from '@engine';

const engine = (await tsImport('../src-engine/index.ts', import.meta.url)) as typeof Engine;
const spec = engine.officialBlock('les-3-gongs', 100, 2011);
let index = 0;
for (; ; index++) {
  const v = engine.openUnit(spec, index).view;
  if (v.game === 'les-3-gongs' && v.bonusCents) break;
}
const bonusRef = engine.formatUnitRef({
  game: 'les-3-gongs',
  stakeCents: 100,
  seed: 2011,
  index,
  generatorVersion: engine.GENERATOR_VERSION,
});

/** What has the focus: its test id, else its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}:${el.textContent?.trim().slice(0, 40)}`;
  });

test('the skip link is the first Tab and takes the focus to the screen', async ({ page }) => {
  await page.goto('/#/simulation');
  await expect(page.getByTestId('sim-run')).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('skip-link');
  await expect(page.getByTestId('skip-link')).toBeInViewport();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  await expect(page).toHaveURL(/#\/simulation$/); // the router's hash is left alone
  await page.keyboard.press('Tab');
  expect(await focused(page)).not.toMatch(/^nav-|lang-select|skip-link/);
});

test('Enter on « Lancer » leaves the focus on the results heading and says the run ended', async ({ page }) => {
  await page.goto('/#/simulation');
  await page.getByTestId('sim-game').selectOption('les-3-gongs');
  await page.getByTestId('sim-run').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sim-verdict')).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => focused(page)).toBe('sim-results-heading');
  await expect(page.getByTestId('announcer')).toContainText('Simulation terminée.');
  await expect(page.getByTestId('announcer')).toContainText('conforme');
});

test('Enter on « Construire le rapport » leaves the focus on the report', async ({ page }) => {
  await page.goto('/#/compliance');
  await page.getByTestId('compliance-game').selectOption('les-3-gongs');
  await page.getByTestId('compliance-seed').fill('5');
  await page.getByTestId('build-report').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('block-5')).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => focused(page)).toMatch(/^h3:/);
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="report"]') !== null)).toBe(true);
  await expect(page.getByTestId('announcer')).toContainText('Rapport construit : 1 bloc.');
});

test('Enter on « Optimiser » leaves the focus on the table found, one Tab from « Charger dans l’éditeur »', async ({
  page,
}) => {
  await page.goto('/#/explorer');
  await page.getByTestId('optimise-hit-rate').fill('22');
  await page.getByTestId('optimise-run').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('optimise-load')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => focused(page)).toBe('optimise-found');
  await expect(page.getByTestId('announcer')).toContainText('Tableau trouvé');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('optimise-load');
});

test('Space on a yin yang keeps the focus on it and says its amount', async ({ page }) => {
  await page.goto(`/#/replay?ref=${bonusRef}`);
  await expect(page.getByTestId('board-ref')).toHaveText(bonusRef);
  await page.getByTestId('btn-jouer').click();
  for (let i = 0; i < 10 && !(await page.getByTestId('bonus').isVisible()); i++)
    await page.getByTestId('ctl-forward').click();
  await expect(page.getByTestId('bonus')).toBeVisible();
  for (const p of [1, 0, 2]) {
    await page.getByTestId(`yinyang-${p}`).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId(`yinyang-amount-${p}`)).toBeVisible();
    expect(await focused(page)).toBe(`yinyang-${p}`);
    await expect(page.getByTestId('announcer')).toContainText(new RegExp(`yin yang ${p + 1} :`, 'i'));
  }
});
