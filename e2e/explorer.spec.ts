/**
 * Payout explorer, end to end in the browser build: what-if table figures, rule refusals (G1),
 * sessions against the exact value, and scenario files saved then reopened.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

// Back to the top first: a full-page shot taken scrolled leaves the sticky header mid-page.
const shot = async (page: Page, name: string) => {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `e2e/screenshots/explorer-${name}.png`, fullPage: true });
};

test.beforeEach(async ({ page }) => {
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
});

test('doubling the top prize of Mine d’or (0,50 €) gives an RTP of 71,500 %', async ({ page }) => {
  await expect(page.getByTestId('fig-rtp')).toHaveText('70,000\u00a0%');
  await page.getByTestId('level-amount-0').fill('15 000,00');
  // (350,000 + 7,500) / (1,000,000 × 0.50) = 0.715
  await expect(page.getByTestId('fig-rtp')).toHaveText('71,500\u00a0%');
  await expect(page.getByTestId('fig-band')).toContainText('dans la fourchette');
  await expect(page.getByTestId('fig-max')).toContainText('30\u202f000 mises');
  await expect(page.getByTestId('no-problem')).toBeVisible();
  await expect(page.getByTestId('scenario-unsaved')).toBeVisible();
  await shot(page, 'table');
});

test('Les 3 Gongs refuses 0,20 € at 0,50 €, with its reason (art. 4.3.1, G1)', async ({ page }) => {
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-load-official').click();
  await expect(page.getByTestId('level-amount-0')).toHaveValue('3 000,00');
  await expect(page.getByTestId('fig-rtp')).toHaveText('69,993\u00a0%');
  await page.getByTestId('level-add').click();
  await page.getByTestId('level-amount-9').fill('0,20');
  await page.getByTestId('level-lots-9').fill('100');
  await expect(page.getByTestId('level-shown-9')).toContainText(
    'ni un symbole (art. 4.3.1) ni un Bonus de cinquièmes positifs de la mise (G1',
  );
  await expect(page.getByTestId('level-shown-9')).toContainText('0,20\u00a0€');
  await expect(page.getByTestId('problems')).toBeVisible();
  await expect(page.getByTestId('sessions-run')).toBeDisabled();
  await expect(page.getByTestId('scenario-save')).toBeDisabled();
  await shot(page, 'refused');
  // the same reason in English, with the amount written the English way
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('level-shown-9')).toContainText('€0.20');
  await page.getByTestId('lang-select').selectOption('fr');
});

test('sessions of 50 units with replacement for 10,000 players: chance to end ahead within its CI of the exact value', async ({
  page,
}) => {
  await page.getByTestId('sessions-players').fill('10000');
  await page.getByTestId('sessions-units').fill('50');
  await page.getByTestId('sessions-replacement').selectOption({ index: 0 });
  await page.getByTestId('sessions-run').click();
  const sim = page.getByTestId('sessions-ahead-sim');
  await expect(sim).toBeVisible();
  const exact = Number(await page.getByTestId('sessions-ahead-exact').getAttribute('data-value'));
  const ci = page.getByTestId('sessions-ahead-ci');
  const low = Number(await ci.getAttribute('data-low'));
  const high = Number(await ci.getAttribute('data-high'));
  const p = Number(await sim.getAttribute('data-value'));
  expect(exact).toBeGreaterThan(0);
  expect(low).toBeLessThanOrEqual(p);
  expect(p).toBeLessThanOrEqual(high);
  expect(exact).toBeGreaterThanOrEqual(low);
  expect(exact).toBeLessThanOrEqual(high);
  await expect(page.getByTestId('chart-session-bands')).toBeVisible();
  await expect(page.getByTestId('chart-session-at-least')).toBeVisible();
  await shot(page, 'sessions');
});

test('a scenario is saved, reopened, and an impossible file is refused without losing the table', async ({
  page,
}, info) => {
  await page.getByTestId('scenario-name').fill('gros lot doublé');
  await page.getByTestId('level-amount-0').fill('15 000,00');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('scenario-save').click()]);
  const saved = info.outputPath('scenario.json');
  await download.saveAs(saved);
  await expect(page.getByTestId('scenario-unsaved')).toHaveCount(0);

  // back to the official table, then open the saved file
  await page.getByTestId('explorer-load-official').click();
  await expect(page.getByTestId('fig-rtp')).toHaveText('70,000\u00a0%');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser.setFiles(saved);
  await expect(page.getByTestId('level-amount-0')).toHaveValue('15 000,00');
  await expect(page.getByTestId('scenario-name')).toHaveValue('gros lot doublé');
  await expect(page.getByTestId('fig-rtp')).toHaveText('71,500\u00a0%');

  // an unsaved edit, then a file with an unreachable amount and negative lots: refused, edit kept
  await page.getByTestId('level-lots-11').fill('100021');
  const bad = info.outputPath('impossible.json');
  writeFileSync(
    bad,
    JSON.stringify({
      format: 'instant-lab-scenario/1',
      scenario: {
        name: 'impossible',
        game: 'mine-d-or',
        stakeCents: 50,
        blockUnits: 1000,
        levels: [
          { prizeCents: 30, lots: 5 },
          { prizeCents: 100, lots: -2 },
        ],
      },
    }),
  );
  const [chooser2] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser2.setFiles(bad);
  const problems = page.getByTestId('file-problems');
  await expect(problems).toContainText('aucune combinaison de gains (art. 4.4–4.6, M4) ne fait 0,30\u00a0€');
  await expect(problems).toContainText('niveau 2 : -2 lots, nombre négatif');
  // the English switch shows the same refusal in English
  await page.getByTestId('lang-select').selectOption('en');
  await expect(problems).toContainText('level 2: -2 lots is negative');
  await page.getByTestId('lang-select').selectOption('fr');
  await expect(page.getByTestId('level-lots-11')).toHaveValue('100021');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('15 000,00');
  await expect(page.getByTestId('scenario-unsaved')).toBeVisible();
  await shot(page, 'files');

  // a file of another format: the engine's own message, in French then in English
  const other = info.outputPath('other.json');
  writeFileSync(other, JSON.stringify({ format: 'something-else/1', scenario: {} }));
  const [chooser3] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser3.setFiles(other);
  await expect(problems).toContainText(
    'ce n\'est pas un fichier de scénario Instant Lab : "format" doit valoir "instant-lab-scenario/1"',
  );
  await page.getByTestId('lang-select').selectOption('en');
  await expect(problems).toContainText('not an Instant Lab scenario file: "format" must be "instant-lab-scenario/1"');
  await page.getByTestId('lang-select').selectOption('fr');
});

test('« Simuler ce tableau » generates and audits full blocks of the scenario table (R4)', async ({ page }) => {
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-load-official').click();
  // a what-if table: the top lot doubled (6 000,00 € is a Bonus of positive fifths, G1)
  await page.getByTestId('level-amount-0').fill('6 000,00');
  await expect(page.getByTestId('no-problem')).toBeVisible();
  await page.getByTestId('block-run').click();
  await expect(page.getByTestId('block-audit')).toHaveText('réussi', { timeout: 90_000 });
  const first = page.getByTestId('block-reconciliation').locator('tbody tr').first();
  await expect(first).toContainText('6\u202f000,00\u00a0€');
  await expect(first.locator('td').nth(2)).toHaveText('1');
  await shot(page, 'block');
});
