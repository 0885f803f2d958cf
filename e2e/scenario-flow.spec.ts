/**
 * Issue « payout explorer », item 4: a scenario is run as full blocks by the simulation screen and
 * its units are replayed like any other.
 */
import { expect, test } from '@playwright/test';
import { testId, until } from './helpers/until';

test('a what-if table is simulated as full blocks and its top lot replayed', async ({ page }) => {
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
  // Mine d'or at 0,50 €: the top lot doubled, 7 500 € → 15 000 € (a nugget line, art. 4.4–4.5, M4)
  await page.getByTestId('level-amount-0').fill('15 000,00');
  await expect(page.getByTestId('fig-rtp')).toHaveText('71,500\u00a0%');

  await page.getByTestId('open-in-simulation').click();
  await expect(page).toHaveURL(/#\/simulation/);
  await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
  await expect(page.getByTestId('sim-game')).toBeDisabled();
  await expect(page.getByTestId('official-table')).toContainText('15\u202f000,00\u00a0€');
  await page.getByTestId('sim-seed').fill('77');
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toContainText('conforme au tableau du scénario');
  await expect(page.getByTestId('rtp-total')).toHaveText('71,500 %');
  await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: 'test-results/screenshots/scenario-simulation.png', fullPage: true });

  await page.getByTestId('nav-explorer').click();
  await page.getByTestId('open-in-replay').click();
  await expect(page).toHaveURL(/#\/replay/);
  await expect(page.getByTestId('browse-table')).toHaveValue('scenario');
  await page.getByTestId('browse-seed').fill('77');
  await page.getByTestId('browse-level').selectOption('0'); // the 15 000 € level
  await page.getByTestId('browse-next').click();
  await expect(page.getByTestId('recall-scenario')).toBeVisible();
  // no player saw a scenario's unit: the board's title says what it is
  await expect(page.getByTestId('board-title')).toContainText('Unité d’un scénario (aucun joueur ne l’a vue)');
  await page.getByTestId('ctl-end').click();
  // the assigned lot shows with the final state, never before the board shows it
  await expect(page.getByTestId('recall-assigned')).toHaveText('15\u202f000,00\u00a0€');
  await expect(page.getByTestId('final-lot')).toHaveText('15\u202f000,00\u00a0€');
  // R4: the evaluator re-derived the scenario's lot from what is shown
  await until(page, testId('recall-digest', { 'data-status': 'done' }), { timeout: 30_000 });
  await expect(page.getByTestId('recall-digest')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: 'test-results/screenshots/scenario-replay.png', fullPage: true });
});
