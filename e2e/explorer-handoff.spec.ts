/**
 * The explorer hands a modified table to the simulation screen with the block seed typed beside
 * it, and the table's default name follows the screen's language there (form, history, results),
 * as it does in the explorer, while its digest stays the same in both languages.
 * Screenshots at 1280×720 in French and English (test-results/screenshots/explorer-handoff-*.png).
 */
import { expect, test } from '@playwright/test';
import { testId, until } from './helpers/until';

const NBSP = '\u00a0';
const en = 'Scenario — Les 3 Gongs €0.50 (modified)';
const fr = `Scénario — Les 3 Gongs 0,50${NBSP}€ (modifié)`;

test('handed over in English, a modified table keeps the explorer’s block seed and is named in French on a French screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/explorer');
  await page.getByTestId('lang-select').selectOption('en');
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-load-official').click();
  await page.getByTestId('level-lots-8').fill('40001');
  await expect(page.getByTestId('no-problem')).toBeVisible();
  await expect(page.getByTestId('scenario-name')).toHaveAttribute('placeholder', en);
  await page.getByTestId('block-seed').fill('42');
  await page.getByTestId('open-in-simulation').click();
  await expect(page).toHaveURL(/#\/simulation/);
  // the block the explorer would show is the first block run here
  await expect(page.getByTestId('sim-seed')).toHaveValue('42');
  const runTable = page.getByTestId('sim-run-table');
  await expect(runTable).toContainText(`“Run” will use: « ${en} »`);
  const digest = /digest ([0-9a-f]{12})/.exec((await runTable.textContent()) ?? '')![1]!;

  await page.getByTestId('lang-select').selectOption('fr');
  await expect(runTable).toHaveText(`« Lancer » utilisera : « ${fr} » (hors règlement), empreinte ${digest}`);
  await expect(page.getByTestId('sim-table')).toContainText(fr);
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-progress', { 'data-status': 'done' }), { timeout: 90_000 });
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('sim-results-heading')).toContainText(`« ${fr} »`);
  await expect(page.getByTestId('sim-history-item').first()).toContainText(
    `« ${fr} » (hors règlement), empreinte ${digest}`,
  );
  await expect(page.getByTestId('sim-verdict')).toContainText(fr);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: 'test-results/screenshots/explorer-handoff-fr.png' });

  // the same table in English: its English name, the same digest
  await page.getByTestId('lang-select').selectOption('en');
  await expect(runTable).toHaveText(`“Run” will use: « ${en} » (not the rules), digest ${digest}`);
  await expect(page.getByTestId('sim-results-heading')).toContainText(`« ${en} »`);
  await expect(page.getByTestId('sim-history-item').first()).toContainText(
    `« ${en} » (not the rules), digest ${digest}`,
  );
  await expect(page.getByTestId('sim-verdict')).toContainText(en);
  await page.screenshot({ path: 'test-results/screenshots/explorer-handoff-en.png' });

  // the explorer names the same table the same way in each language
  await page.getByTestId('nav-explorer').click();
  await expect(page.getByTestId('scenario-name')).toHaveAttribute('placeholder', en);
});
