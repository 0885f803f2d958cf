/**
 * Scenario files in the payout explorer: a huge file of a million bad levels is read in
 * a worker and refused at once by its size, in one problem; amounts beyond 2^53 cents are refused.
 */
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
});

test('a 29 MB file of a million bad levels is refused by its size, in one problem, the table kept', async ({
  page,
}, info) => {
  const huge = info.outputPath('million.json');
  const level = '{"prizeCents":"x","lots":-1},';
  writeFileSync(
    huge,
    `{"format":"instant-lab-scenario/1","scenario":{"name":"m","game":"mine-d-or","stakeCents":50,"blockUnits":10,"levels":[${level.repeat(1_000_000).slice(0, -1)}]}}`,
  );
  await page.getByTestId('level-lots-11').fill('100021');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser.setFiles(huge);
  const problems = page.getByTestId('file-problems');
  await expect(problems).toContainText('un fichier de scénario fait au plus 1\u202f048\u202f576 octets');
  await expect(problems.locator('li')).toHaveCount(1);
  // the page answered all along: the edit is still there and the field still takes input
  await expect(page.getByTestId('level-lots-11')).toHaveValue('100021');
  await page.getByTestId('level-lots-11').fill('100020');
  await expect(page.getByTestId('fig-rtp')).toHaveText('70,000\u00a0%');
});

test('an amount of 1e21 cents is refused as too large to count exactly, in French and English', async ({
  page,
}, info) => {
  const file = info.outputPath('huge-amount.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'instant-lab-scenario/1',
      scenario: {
        name: 'x',
        game: 'les-3-gongs',
        stakeCents: 50,
        blockUnits: 1000,
        levels: [{ prizeCents: 1e21, lots: 1 }],
      },
    }),
  );
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser.setFiles(file);
  const problems = page.getByTestId('file-problems');
  await expect(problems).toContainText('niveau 1 : montant trop grand pour être compté exactement');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(problems).toContainText('level 1: the amount is too large to count exactly');
  await page.getByTestId('lang-select').selectOption('fr');
});

test('a 100 MB file is refused by its size before it is read, in words, in both languages', async ({ page }, info) => {
  const big = info.outputPath('big.json');
  const fd = openSync(big, 'w');
  ftruncateSync(fd, 100 * 1024 * 1024);
  closeSync(fd);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser.setFiles(big);
  const problems = page.getByTestId('file-problems');
  await expect(problems).toContainText(
    'le fichier fait 104\u202f857\u202f600 octets : un fichier de scénario fait au plus 1\u202f048\u202f576 octets',
  );
  await page.getByTestId('lang-select').selectOption('en');
  await expect(problems).toContainText(
    'the file holds 104,857,600 bytes: a scenario file holds at most 1,048,576 bytes',
  );
  await page.getByTestId('lang-select').selectOption('fr');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
});
