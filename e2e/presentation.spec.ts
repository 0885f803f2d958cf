/**
 * Presentation settings and generator versions end to end (R5, G5, M6, M4, G2), in Chromium against
 * the browser build: a version-2 Les 3 Gongs Bonus unit replays with round amounts, a version-1
 * reference still replays its own unit, and the simulation screen's settings change the presentation
 * table (and drop results computed under other settings). Screenshots: test-results/screenshots/presentation-*.png
 * at 1280×720, French and English.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import type { GongsView, OpenedUnit } from '@engine';
import { load, once } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
const { formatEuros, formatUnitRef, officialBlock, openUnit } = engine;

const SEED = 2026;
const LOT = 30_000; // 300 € at 0.50 €: G5 step 50 €

/** The first Bonus unit of the 300 € level of a version (0.50 €, seeds from `SEED`), with three different amounts. */
function bonusUnit(version: number): { ref: string; unit: OpenedUnit; amounts: number[] } {
  for (let seed = SEED; seed < SEED + 200; seed++) {
    const spec = officialBlock('les-3-gongs', 50, seed, version);
    for (const index of engine.indicesOfLevel(spec, 1)) {
      const unit = openUnit(spec, index);
      const b = (unit.view as GongsView).bonusCents;
      if (unit.assignedCents === LOT && b && new Set(b).size === 3) {
        const ref = formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed, index, generatorVersion: version });
        return { ref, unit, amounts: [...b] };
      }
    }
  }
  throw new Error(`no 300 € Bonus unit of version ${version} in 200 blocks`);
}
const v2 = once(() => bonusUnit(2));
const v1 = once(() => bonusUnit(1));

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );
  await page.screenshot({ path: `test-results/screenshots/presentation-${name}.png` });
}

/** Opens a reference, plays to the Bonus and uncovers the three yin yang; returns their texts. */
async function revealBonus(page: Page, ref: string): Promise<string[]> {
  await page.goto(`/#/replay?ref=${ref}`);
  await expect(page.getByTestId('board-ref')).toHaveText(ref);
  // art. 4.3: « Jouer » uncovers the three gongs; the next step opens the Bonus
  await page.getByTestId('btn-jouer').click();
  await page.getByTestId('ctl-forward').click();
  await expect(page.getByTestId('bonus')).toBeVisible();
  for (const p of [0, 1, 2]) await page.getByTestId(`yinyang-${p}`).click();
  return Promise.all([0, 1, 2].map(async (p) => (await page.getByTestId(`yinyang-amount-${p}`).textContent()) ?? ''));
}

test.use({ viewport: { width: 1280, height: 720 } });

test('G5, R5: a version-2 Les 3 Gongs Bonus unit replays with round amounts', async ({ page }) => {
  // 50 € steps (G5), drawn among the 10 splits of 300 €
  for (const a of v2().amounts) expect(a % 5_000).toBe(0);
  expect(v2().ref).toMatch(/-V2-/);
  const shown = await revealBonus(page, v2().ref);
  expect(shown).toEqual(v2().amounts.map((a) => formatEuros(a, 'fr')));
  for (const s of shown) expect(s).toMatch(/^(50|100|150|200),00\s€$/);
  await page.getByTestId('ctl-end').click();
  await expect(page.getByTestId('final-lot')).toHaveText(formatEuros(LOT, 'fr'));
  await expect(page.getByTestId('verdict')).toContainText('R4');
  await shot(page, 'v2-bonus-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('final-lot')).toHaveText(formatEuros(LOT, 'en'));
  await shot(page, 'v2-bonus-en');
});

test('R5: a version-1 reference still replays its own unit, amounts in fifths of the stake (G1)', async ({ page }) => {
  expect(v1().ref).toMatch(/-V1-/);
  const shown = await revealBonus(page, v1().ref);
  expect(shown).toEqual(v1().amounts.map((a) => formatEuros(a, 'fr')));
  await page.getByTestId('ctl-end').click();
  await expect(page.getByTestId('final-lot')).toHaveText(formatEuros(LOT, 'fr'));
  await expect(page.getByTestId('verdict')).toContainText('R4');
  await shot(page, 'v1-bonus-fr');
});

/** A level's row of the presentation table: its units and the cell of one column (« Bonus », « 3 EXTRA »…). */
async function presentationCells(page: Page, level: string, column: string): Promise<{ units: string; cell: string }> {
  // the results arrive a panel a frame: read the table once every panel is drawn
  await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
  const table = page.getByTestId('chart-presentation');
  const headers = await table.locator('thead th').allTextContents();
  const row = table
    .locator('tbody tr')
    .filter({ has: page.locator('td', { hasText: level }) })
    .first();
  await expect(row).toBeVisible();
  const cells = await row.locator('td').allTextContents();
  return { units: cells[1]!, cell: cells[headers.indexOf(column)]! };
}

test('G2, M4: the settings change the presentation table; invalid weights are explained; results follow the settings', async ({
  page,
}) => {
  await page.goto('/#/simulation');
  await page.getByTestId('sim-game').selectOption('les-3-gongs');
  await page.getByTestId('sim-stake').selectOption('50');
  await page.getByTestId('sim-seed').fill('5');
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('pres-settings').locator('summary').click();
  await expect(page.getByTestId('pres-version')).toHaveValue('2');
  await expect(page.getByTestId('pres-summary')).toHaveText('générateur v2 · poids par défaut');

  // the default run: 20 % of the 15 € lots through the Bonus
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  const before = await presentationCells(page, '15,00 €', 'Bonus');
  expect(Number(before.cell)).toBeGreaterThan(0);
  expect(before.cell).not.toBe(before.units);

  // G2: every 15 € lot through the Bonus; the results of the other settings are dropped at once
  await page.getByTestId('pres-bonus-1500').fill('100');
  await expect(page.getByTestId('sim-no-results')).toBeVisible();
  await expect(page.getByTestId('pres-custom-note')).toContainText('R1');
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  const after = await presentationCells(page, '15,00 €', 'Bonus');
  expect(after.cell).toBe(after.units);
  await page.getByTestId('pres-settings').scrollIntoViewIfNeeded();
  await shot(page, 'settings-gongs-fr');

  // a share above 100 % and a word: what is wrong and what is expected, in both languages; no run
  await page.getByTestId('pres-bonus-300').fill('150');
  await page.getByTestId('pres-bonus-50').fill('beaucoup');
  await expect(page.getByTestId('pres-errors')).toContainText(
    'Part Bonus, 3,00 € — « 150 » refusé : attendu un pourcentage de 0 à 100, par exemple 20.',
  );
  await expect(page.getByTestId('pres-errors')).toContainText('« beaucoup » refusé');
  await expect(page.getByTestId('pres-summary')).toHaveText('générateur v2 · réglages à corriger');
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('pres-refused')).toBeVisible();
  // as for a bad seed, a refused run keeps the results on screen (they still match their settings)
  await expect(page.getByTestId('sim-results')).toBeVisible();
  await page.getByTestId('pres-settings').scrollIntoViewIfNeeded();
  await shot(page, 'settings-errors-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('pres-errors')).toContainText(
    'Bonus share, €3.00 — "150" refused: expected a percentage from 0 to 100, such as 20.',
  );
  await shot(page, 'settings-errors-en');

  // reset: the defaults again
  await page.getByTestId('pres-reset').click();
  await expect(page.getByTestId('pres-errors')).toHaveCount(0);
  await expect(page.getByTestId('pres-bonus-1500')).toHaveValue('20');
  await expect(page.getByTestId('pres-summary')).toHaveText('generator v2 · default weights');

  // Mine d'or: M6 strict and the M4 weights, in English then French
  await page.getByTestId('sim-game').selectOption('mine-d-or');
  await page.getByTestId('pres-m6').check();
  await page.getByTestId('pres-winningExtras-1').fill('0,9');
  await page.getByTestId('pres-additionalCombination').fill('0');
  await expect(page.getByTestId('pres-errors')).toContainText('Factor per additional combination — "0" refused');
  await expect(page.getByTestId('pres-summary')).toHaveText('generator v2 · M6 strict · settings to correct');
  await page.getByTestId('pres-settings').scrollIntoViewIfNeeded();
  await shot(page, 'settings-mine-en');
  await page.getByTestId('pres-additionalCombination').fill('0,35');
  await page.getByTestId('lang-select').selectOption('fr');
  await expect(page.getByTestId('pres-summary')).toHaveText('générateur v2 · M6 stricte · poids personnalisés');
  await page.getByTestId('pres-settings').scrollIntoViewIfNeeded();
  await shot(page, 'settings-mine-fr');
});

test('M4 per level: 10 € with 3 EXTRA only puts every 10 € unit in the 3-EXTRA column, in French and English', async ({
  page,
}) => {
  await page.goto('/#/simulation');
  await page.getByTestId('sim-game').selectOption('mine-d-or');
  await page.getByTestId('sim-stake').selectOption('50');
  await page.getByTestId('sim-seed').fill('5');
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('pres-settings').locator('summary').click();
  await expect(page.getByTestId('pres-levels-own')).toHaveText(
    'Aucun niveau n’a ses propres poids : tous suivent les poids du bloc.',
  );
  // the 10 € level: its fields show the block's weights as placeholders until typed
  await page.getByTestId('pres-level').selectOption('1000');
  await expect(page.getByTestId('pres-winningExtras-1')).toHaveValue('');
  await expect(page.getByTestId('pres-winningExtras-1')).toHaveAttribute('placeholder', '0,45');
  await expect(page.getByTestId('pres-losingExtras-0')).toHaveCount(0); // losing units keep the block's
  await expect(page.getByTestId('pres-level-clear')).toBeDisabled();
  for (const [i, v] of ['0', '0', '0', '1'].entries()) await page.getByTestId(`pres-winningExtras-${i}`).fill(v);
  await expect(page.getByTestId('pres-levels-own')).toHaveText(
    `Niveaux avec leurs propres poids : ${formatEuros(1_000, 'fr')}`,
  );
  await expect(page.getByTestId('pres-summary')).toHaveText('générateur v2 · M6 par défaut · poids personnalisés');
  // back on every level, the block's weights are unchanged
  await page.getByTestId('pres-level').selectOption('all');
  await expect(page.getByTestId('pres-winningExtras-0')).toHaveValue('1');
  await page.getByTestId('pres-level').selectOption('1000');

  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  const ten = await presentationCells(page, formatEuros(1_000, 'fr'), '3 EXTRA');
  expect(ten.cell).toBe(ten.units);
  expect(ten.units).toMatch(/^20\s000$/);
  const five = await presentationCells(page, formatEuros(500, 'fr'), '3 EXTRA');
  expect(five.cell).not.toBe(five.units); // other levels keep the block's weights
  await page.getByTestId('pres-settings').scrollIntoViewIfNeeded();
  await shot(page, 'level-weights-fr');
  await page.getByTestId('chart-presentation').scrollIntoViewIfNeeded();
  await shot(page, 'level-table-fr');

  await page.getByTestId('lang-select').selectOption('en');
  const tenEn = await presentationCells(page, formatEuros(1_000, 'en'), '3 EXTRA');
  expect(tenEn.cell).toBe(tenEn.units);
  expect(tenEn.units).toBe('20,000');
  await shot(page, 'level-table-en');
  await page.getByTestId('pres-settings').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('pres-levels-own')).toHaveText(
    `Levels with their own weights: ${formatEuros(1_000, 'en')}`,
  );
  await shot(page, 'level-weights-en');

  // an all-zero level is explained; « Back to the block weights » clears the level and the results
  await page.getByTestId('pres-winningExtras-3').fill('0');
  await expect(page.getByTestId('pres-errors')).toContainText(
    `Winning unit (${formatEuros(1_000, 'en')}) — all four weights are 0: at least one must be above 0 (M4).`,
  );
  await page.getByTestId('pres-level-clear').click();
  await expect(page.getByTestId('pres-errors')).toHaveCount(0);
  await expect(page.getByTestId('pres-levels-own')).toHaveText(
    'No level has its own weights: all follow the block weights.',
  );
  await expect(page.getByTestId('sim-no-results')).toBeVisible();
});
