/**
 * Two modified tables of one game and stake never go by one default name, the simulation screen
 * names the table « Lancer » will run, and reopening an older run says it changed that table:
 * a newer table sent from the explorer is never swapped for an older one unseen.
 * Screenshots at 1280×720 in French and English (test-results/screenshots/run-table-*.png).
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { testId, until } from './helpers/until';

const NBSP = '\u00a0';
const first = `Scénario — Les 3 Gongs 0,50${NBSP}€ (modifié)`;
const second = `Scénario — Les 3 Gongs 0,50${NBSP}€ (modifié 2)`;
const firstEn = 'Scenario — Les 3 Gongs €0.50 (modified)';
const secondEn = 'Scenario — Les 3 Gongs €0.50 (modified 2)';
const digestIn = async (page: Page, testId: string): Promise<string> =>
  /empreinte ([0-9a-f]{12})/.exec((await page.getByTestId(testId).textContent()) ?? '')![1]!;

test('a new table sent after an older run keeps a name of its own, and « Lancer » says which table it runs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/explorer');
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-load-official').click();
  // the older table: the top lot doubled (6 000,00 € is a Bonus of positive fifths, G1)
  await page.getByTestId('level-amount-0').fill('6 000,00');
  await expect(page.getByTestId('no-problem')).toBeVisible();
  await expect(page.getByTestId('scenario-name')).toHaveAttribute('placeholder', first);
  await page.getByTestId('open-in-simulation').click();
  await expect(page).toHaveURL(/#\/simulation/);
  await expect(page.getByTestId('sim-run-table')).toContainText(`« Lancer » utilisera : « ${first} »`);
  await page.getByTestId('sim-seed').fill('5');
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-progress', { 'data-status': 'done' }), { timeout: 90_000 });
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  const older = await digestIn(page, 'sim-run-table');

  // a newer table from the explorer: another default name, though nobody typed one
  await page.getByTestId('nav-explorer').click();
  await page.getByTestId('level-lots-8').fill('40001');
  await expect(page.getByTestId('no-problem')).toBeVisible();
  await expect(page.getByTestId('scenario-name')).toHaveAttribute('placeholder', second);
  await page.getByTestId('open-in-simulation').click();
  await expect(page).toHaveURL(/#\/simulation/);
  const runTable = page.getByTestId('sim-run-table');
  await expect(runTable).toContainText(`« ${second} »`);
  const newer = await digestIn(page, 'sim-run-table');
  expect(newer).not.toBe(older);
  const changed = page.getByTestId('sim-table-changed');
  await expect(changed).toHaveText('');

  // the older run reopened: its table is the one « Lancer » now runs, and that is said politely
  const reopen = page.getByTestId('sim-history-open').first();
  await reopen.click();
  await expect(page.getByTestId('sim-results-source')).toHaveAttribute('data-source', 'history');
  await expect(reopen).toBeFocused(); // focus stays where it was
  await expect(changed).toHaveAttribute('role', 'status');
  await expect(changed).toHaveText(
    `Simulation rouverte : « Lancer » utilisera désormais son tableau, « ${first} » (hors règlement), ` +
      `empreinte ${older}, au lieu de « ${second} » (hors règlement), empreinte ${newer}.`,
  );
  await expect(runTable).toHaveText(`« Lancer » utilisera : « ${first} » (hors règlement), empreinte ${older}`);
  const run = page.getByRole('button', { name: 'Lancer', exact: true });
  await expect(run).toHaveAccessibleDescription(
    `« Lancer » utilisera : « ${first} » (hors règlement), empreinte ${older}`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.getByTestId('sim-controls').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/run-table-fr.png' });

  await page.getByTestId('lang-select').selectOption('en');
  // a default name is said in the screen's language; the digests stay
  await expect(changed).toHaveText(
    `Run reopened: “Run” now uses its table, « ${firstEn} » (not the rules), digest ${older}, ` +
      `instead of « ${secondEn} » (not the rules), digest ${newer}.`,
  );
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toHaveAccessibleDescription(
    `“Run” will use: « ${firstEn} » (not the rules), digest ${older}`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.getByTestId('sim-controls').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/run-table-en.png' });

  // Run runs the table it named; the word about the reopened run goes
  await page.getByTestId('lang-select').selectOption('fr');
  await run.click();
  await until(page, testId('sim-progress', { 'data-status': 'done' }), { timeout: 90_000 });
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(changed).toHaveText('');
  await expect(page.getByTestId('sim-results-table')).toContainText(`« ${first} »`);
  await expect(page.getByTestId('sim-results-table')).toContainText(`empreinte SHA-256 ${older}`);
});
