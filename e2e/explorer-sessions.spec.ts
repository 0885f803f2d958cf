/**
 * Player sessions of the payout explorer, end to end in the browser build, at 1280×720, in French
 * and English: every exact figure inside its simulated 99 % interval in
 * both sampling models, the seed that reproduces a set, the shared seed wording for a bad seed,
 * results dropped when the table changes. Screenshots: test-results/screenshots/explorer-sessions-*.png.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { testId, until } from './helpers/until';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
/** The figures of the summary that have an exact value beside a simulated one. */
const FIGURES = ['mean', 'ahead', 'nowin', 'first-mean', 'first-median', 'p1', 'p10', 'p50', 'p90', 'p99'] as const;

test.use({ viewport: { width: 1280, height: 720 } });

// Back to the top first: a full-page shot taken scrolled leaves the sticky header mid-page.
const shot = async (page: Page, name: string) => {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `test-results/screenshots/explorer-sessions-${name}.png`, fullPage: true });
  // the top of the sessions panel (fields, run line, summary, notes) at full size
  const box = (await page.getByTestId('explorer-sessions').boundingBox())!;
  await page.screenshot({
    path: `test-results/screenshots/explorer-sessions-${name}-panel.png`,
    fullPage: true,
    clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 760) },
  });
};
const lang = (page: Page, l: 'fr' | 'en') => page.getByTestId('lang-select').selectOption(l);

/** Fails when the page is wider than the window. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over).toBeLessThanOrEqual(0);
}

/** Every exact value of a table's column lies in its simulated 99 % interval; returns the simulated values. */
async function expectExactInside(page: Page, table: 'scenario' | 'official'): Promise<number[]> {
  const attr = async (id: string, name: string) =>
    Number(await page.getByTestId(`sessions-${id}-${table}`).getAttribute(name));
  const sims: number[] = [];
  for (const figure of FIGURES) {
    const sim = await attr(`${figure}-sim`, 'data-value');
    const low = await attr(`${figure}-ci`, 'data-low');
    const high = await attr(`${figure}-ci`, 'data-high');
    const exact = await page.getByTestId(`sessions-${figure}-exact-${table}`).getAttribute('data-value');
    expect(exact, `${figure}: an exact value`).not.toBe('');
    expect(low, figure).toBeLessThanOrEqual(sim);
    expect(sim, figure).toBeLessThanOrEqual(high);
    expect(Number(exact), `${figure}: exact inside [${low}, ${high}]`).toBeGreaterThanOrEqual(low);
    expect(Number(exact), `${figure}: exact inside [${low}, ${high}]`).toBeLessThanOrEqual(high);
    await expect(page.getByTestId(`sessions-${figure}-exact-${table}`)).toHaveClass(/\bok\b/);
    sims.push(sim);
  }
  return sims;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
});

test('sessions with replacement: the number asked per table, common draws said, every exact value inside its 99 % interval', async ({
  page,
}) => {
  await page.getByTestId('level-amount-0').fill('15 000,00');
  await page.getByTestId('sessions-players').fill('10000');
  await page.getByTestId('sessions-units').fill('50');
  await page.getByTestId('sessions-seed').fill('2026');
  await page.getByTestId('sessions-replacement').selectOption({ index: 0 });
  await page.getByTestId('sessions-run').click();
  await until(page, testId('sessions-done'), { text: `10${NNBSP}000 sessions par tableau` });
  await expect(page.getByTestId('sessions-done')).toContainText(`10${NNBSP}000 sessions par tableau`);
  await expect(page.getByTestId('sessions-done')).not.toContainText(`20${NNBSP}000`);
  await expect(page.getByTestId('sessions-seed-shown')).toHaveText('graine 2026');
  await expect(page.getByTestId('sessions-shared-draws')).toContainText('mêmes tirages (nombres aléatoires communs)');
  for (const table of ['scenario', 'official'] as const) await expectExactInside(page, table);
  // the exact mean return is the table's RTP; no win in 50 units is (1 − 0,198665)^50 = 1,55 × 10⁻⁵
  await expect(page.getByTestId('sessions-mean-exact-scenario')).toHaveText(`71,500${NBSP}%`);
  await expect(page.getByTestId('sessions-mean-exact-official')).toHaveText(`70,000${NBSP}%`);
  await expect(page.getByTestId('sessions-nowin-exact-official')).toHaveText(`0,00155${NBSP}%`);
  // percentiles in euros, net of the 25 € staked; the largest lot is a lot of the table
  await expect(page.getByTestId('sessions-p1-exact-official')).toHaveText(`-22,00${NBSP}€`);
  await expect(page.getByTestId('sessions-p50-exact-official')).toHaveText(`-9,00${NBSP}€`);
  const largest = Number(await page.getByTestId('sessions-largest-official').getAttribute('data-value'));
  expect([750_000, 375_000, 20_000, 10_000, 4000, 2000, 1000, 500, 400, 200, 100, 50]).toContain(largest);
  await expect(page.getByTestId('chart-session-bands')).toBeVisible();
  await expect(page.getByTestId('chart-session-at-least')).toBeVisible();
  // the note names the run's own model: with replacement here, also once the form says otherwise
  await expect(page.getByTestId('sessions-model-note')).toContainText('Avec remise : les n unités');
  await expect(page.getByTestId('sessions-model-note')).not.toContainText('sans remise');
  await expectNoHorizontalScroll(page);
  await shot(page, 'with-fr');
  await page.getByTestId('sessions-replacement').selectOption({ index: 1 });
  await expect(page.getByTestId('sessions-model-note')).toContainText('Avec remise');
  await expect(page.getByTestId('sessions-done')).toContainText('avec remise');
  await lang(page, 'en');
  await expect(page.getByTestId('sessions-model-note')).toContainText('With replacement: each player’s n units');
  await expect(page.getByTestId('sessions-model-note')).not.toContainText('without replacement');
  await expect(page.getByTestId('sessions-done')).toContainText('10,000 sessions per table');
  await expect(page.getByTestId('sessions-seed-shown')).toHaveText('seed 2026');
  await expect(page.getByTestId('sessions-shared-draws')).toContainText('same draws (common random numbers)');
  await expect(page.getByTestId('sessions-summary')).toContainText(
    'Unit of the first win — median (sessions with a win)',
  );
  await expect(page.getByTestId('sessions-summary')).toContainText('Net result (won − staked) — 99th percentile');
  await expect(page.getByTestId('sessions-mean-exact-official')).toHaveText('70.000%');
  await expect(page.getByTestId('sessions-p50-exact-official')).toHaveText('-€9.00');
  await expectNoHorizontalScroll(page);
  await shot(page, 'with-en');
  await lang(page, 'fr');
  // another table: the results of this one are not shown for it
  await page.getByTestId('level-lots-11').fill('100021');
  await expect(page.getByTestId('sessions-summary')).toHaveCount(0);
  await expect(page.getByTestId('sessions-empty')).toBeVisible();
});

test('sessions without replacement (Les 3 Gongs): exact values inside the intervals, and the seed reproduces the set', async ({
  page,
}) => {
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-load-official').click();
  await expect(page.getByTestId('level-amount-0')).toHaveValue('3 000,00');
  await lang(page, 'en');
  await page.getByTestId('sessions-players').fill('5000');
  await page.getByTestId('sessions-units').fill('40');
  await page.getByTestId('sessions-replacement').selectOption({ index: 1 });
  const runWith = async (seed: string): Promise<number[]> => {
    await page.getByTestId('sessions-seed').fill(seed);
    await page.getByTestId('sessions-run').click();
    await until(page, testId('sessions-seed-shown'), { text: `seed ${seed}` });
    await expect(page.getByTestId('sessions-seed-shown')).toHaveText(`seed ${seed}`);
    await expect(page.getByTestId('sessions-run')).toBeEnabled();
    // the official table alone: its figures are in the first column, named as the official table
    await expect(page.getByTestId('sessions-summary').locator('thead')).toContainText('Official — simulated');
    return expectExactInside(page, 'scenario');
  };
  const first = await runWith('31');
  await expect(page.getByTestId('sessions-done')).toContainText('5,000 sessions of 40 units, without replacement');
  await expect(page.getByTestId('sessions-model-note')).toContainText('Without replacement: each player buys');
  await expectNoHorizontalScroll(page);
  await shot(page, 'without-en');
  const other = await runWith('32');
  expect(other).not.toEqual(first);
  expect(await runWith('31')).toEqual(first);
  await lang(page, 'fr');
  await expect(page.getByTestId('sessions-done')).toContainText(`5${NNBSP}000 sessions de 40 unités, sans remise`);
  await expect(page.getByTestId('sessions-model-note')).toContainText('Sans remise : chaque joueur achète');
  await expect(page.getByTestId('sessions-seed-shown')).toHaveText('graine 31');
  await expect(page.getByTestId('sessions-summary')).toContainText(
    'Rang du premier gain — moyenne (sessions gagnantes)',
  );
  await shot(page, 'without-fr');
});

test('the official table alone: « 1 000 sessions », no second table and no shared draws to mention', async ({
  page,
}) => {
  await page.getByTestId('sessions-players').fill('1000');
  await page.getByTestId('sessions-units').fill('20');
  await page.getByTestId('sessions-run').click();
  await until(page, testId('sessions-done'), { text: `1${NNBSP}000 sessions de 20 unités` });
  await expect(page.getByTestId('sessions-done')).toContainText(`1${NNBSP}000 sessions de 20 unités`);
  await expect(page.getByTestId('sessions-done')).not.toContainText('par tableau');
  await expect(page.getByTestId('sessions-seed-shown')).toHaveText('graine 1');
  await expect(page.getByTestId('sessions-shared-draws')).toHaveCount(0);
  await expect(page.getByTestId('sessions-mean-exact-official')).toHaveCount(0);
});

test('a bad sessions seed gets the shared seed wording in French and English, and runs nothing', async ({ page }) => {
  await page.getByTestId('sessions-seed').fill('12a');
  await expect(page.getByTestId('sessions-seed-problem')).toHaveText(
    `Graine « 12a » refusée : attendu un nombre entier (chiffres uniquement) de 0 à 4${NNBSP}294${NNBSP}967${NNBSP}295.`,
  );
  await expect(page.getByTestId('sessions-seed')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('sessions-run')).toBeDisabled();
  await shot(page, 'bad-seed-fr');
  await page.getByTestId('sessions-seed').fill('4294967296');
  await expect(page.getByTestId('sessions-seed-problem')).toHaveText(
    `Graine 4294967296 hors limites : attendu un nombre entier de 0 à 4${NNBSP}294${NNBSP}967${NNBSP}295.`,
  );
  await lang(page, 'en');
  await expect(page.getByTestId('sessions-seed-problem')).toHaveText(
    'Seed 4294967296 is out of range: expected a whole number from 0 to 4,294,967,295.',
  );
  await shot(page, 'bad-seed-en');
  await expect(page.getByTestId('sessions-run')).toBeDisabled();
  await page.getByTestId('sessions-seed').fill('4294967295');
  await expect(page.getByTestId('sessions-seed-problem')).toHaveCount(0);
  await expect(page.getByTestId('sessions-run')).toBeEnabled();
  await lang(page, 'fr');
});
