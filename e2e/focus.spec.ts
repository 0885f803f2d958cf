/**
 * Keyboard users keep their place (WCAG 2.4.1, 2.4.3, 4.1.3): a skip link past the header; after
 * Enter on « Lancer », « Construire le rapport » or « Optimiser », and after Space on a yin yang,
 * the focus is on the result (never on the page's body) and the live region says the action ended;
 * after optimising, « Charger dans l'éditeur » is the next Tab.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
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
  await until(page, testId('sim-verdict'), { timeout: 90_000 });
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
  await until(page, testId('block-5'), { timeout: 90_000 });
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
  await until(page, testId('optimise-load'), { timeout: 60_000 });
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

// a Mine d'or unit with an Extra stage: « Jouer », then « EXTRA »
const mineSpec = engine.officialBlock('mine-d-or', 100, 2011);
let mineIndex = 0;
for (; ; mineIndex++) {
  const v = engine.openUnit(mineSpec, mineIndex).view;
  if (v.game === 'mine-d-or' && v.extras.length > 0) break;
}
const extraRef = engine.formatUnitRef({
  game: 'mine-d-or',
  stakeCents: 100,
  seed: 2011,
  index: mineIndex,
  generatorVersion: engine.GENERATOR_VERSION,
});

test('« Lancer » hands the focus to « Annuler »; Escape cancels, « Lancer » has it back; the message says no result is kept', async ({
  page,
}) => {
  await page.goto('/#/simulation');
  // 100 blocks of 1,000,000 units: a run that lasts minutes, cancelled as soon as it runs
  await page.getByTestId('sim-blocks').fill('100');
  await page.getByTestId('sim-run').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'running');
  await expect.poll(() => focused(page)).toBe('sim-cancel');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'cancelled');
  await expect.poll(() => focused(page)).toBe('sim-run');
  // nothing was shown before: the message says so, above « Aucun résultat pour l'instant »
  await expect(page.getByTestId('sim-status')).toHaveText(
    'Simulation annulée : aucun bloc n’a été gardé, il n’y a pas de résultat à afficher.',
  );
  await expect(page.getByTestId('sim-no-results')).toBeVisible();
  await expect(page.getByTestId('announcer')).toContainText('Simulation annulée : aucun résultat à afficher.');

  // « Annuler » pressed from the keyboard: it is disabled at once, the focus goes back to « Lancer »
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'running');
  await expect.poll(() => focused(page)).toBe('sim-cancel');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'cancelled');
  await expect.poll(() => focused(page)).toBe('sim-run');
});

test('« Lancer les sessions » and « Simuler ce tableau » leave the focus on what they found', async ({ page }) => {
  await page.goto('/#/explorer');
  await page.getByTestId('sessions-players').fill('1000');
  await page.getByTestId('sessions-run').focus();
  await page.keyboard.press('Enter');
  await until(page, testId('sessions-done'), { timeout: 60_000 });
  await expect(page.getByTestId('sessions-done')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => focused(page)).toBe('sessions-done');

  await page.getByTestId('block-run').focus();
  await page.keyboard.press('Enter');
  await until(page, testId('block-audit'), { timeout: 90_000 });
  await expect(page.getByTestId('block-audit')).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => focused(page)).toMatch(/^p:/);
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="block-result"]') !== null)).toBe(
    true,
  );
});

test('« Exporter en JSONL » leaves the focus on the export saved, a file checked on its verdict', async ({ page }) => {
  await page.goto('/#/compliance');
  await page.getByTestId('compliance-game').selectOption('les-3-gongs');
  await page.getByTestId('compliance-stake').selectOption('50');
  const downloading = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('export-jsonl').focus();
  await page.keyboard.press('Enter');
  await downloading;
  await expect(page.getByTestId('export-done')).toBeVisible();
  await expect.poll(() => focused(page)).toBe('export-done');

  // a file that is no export: the check ends on its verdict, never on the page's body
  await page.getByTestId('import-file').focus();
  await page.getByTestId('import-file').setInputFiles({
    name: 'notes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b\n1,2\n'),
  });
  await expect(page.getByTestId('import-result').or(page.getByTestId('import-error'))).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(() => focused(page)).toMatch(/^import-(verdict|error|set)$/);
});

test('« Jouer » and « EXTRA » go away with their grid: the focus goes on to the next control', async ({ page }) => {
  await page.goto(`/#/replay?ref=${extraRef}`);
  await expect(page.getByTestId('board-ref')).toHaveText(extraRef);
  await page.getByTestId('btn-jouer').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('btn-jouer')).toHaveCount(0);
  await expect.poll(() => focused(page)).toMatch(/^(btn-extra-1|ctl-forward)$/);
  for (let i = 0; i < 20 && (await page.getByTestId('btn-extra-1').isDisabled()); i++)
    await page.getByTestId('ctl-forward').click();
  await page.getByTestId('btn-extra-1').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('btn-extra-1')).toHaveCount(0);
  await expect.poll(() => focused(page)).toMatch(/^(btn-extra-2|ctl-forward|ctl-play)$/);
});

for (const lang of ['fr', 'en'] as const) {
  test(`« État final » / End and « Recommencer » / Home keep the focus on a step button that still works (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/#/replay?ref=${extraRef}`);
    await page.getByTestId('lang-select').selectOption(lang);
    await expect(page.getByTestId('board-ref')).toHaveText(extraRef);
    const counter = page.getByTestId('step-caption');

    // clicked: « État final » is disabled with « Suivante »; the focus goes to « Précédente »
    await page.getByTestId('ctl-end').click();
    await expect(page.getByTestId('ctl-end')).toBeDisabled();
    await expect.poll(() => focused(page)).toBe('ctl-back');
    // clicked back at the start: « Précédente » is disabled with « Recommencer »; « Suivante » has the focus
    await page.getByTestId('ctl-restart').click();
    await expect(page.getByTestId('ctl-restart')).toBeDisabled();
    await expect.poll(() => focused(page)).toBe('ctl-forward');

    // from the keyboard: End with the focus on « Suivante », then Home with it on « Précédente »
    await page.keyboard.press('End');
    await expect(page.getByTestId('ctl-forward')).toBeDisabled();
    await expect.poll(() => focused(page)).toBe('ctl-back');
    // from the keyboard, the focus ring shows where it went
    await page.screenshot({ path: `test-results/screenshots/replay-after-end-${lang}.png`, animations: 'disabled' });
    await page.keyboard.press('Home');
    await expect(counter).toContainText(lang === 'fr' ? 'Étape 1' : 'Step 1');
    await expect.poll(() => focused(page)).toBe('ctl-forward');

    // « Suivante » onto the last step and « Précédente » onto the first do the same
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('ctl-forward').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ctl-forward')).toBeDisabled();
    await expect.poll(() => focused(page)).toBe('ctl-back');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('ctl-back').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ctl-back')).toBeDisabled();
    await expect.poll(() => focused(page)).toBe('ctl-forward');
  });
}
