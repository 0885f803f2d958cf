/**
 * Spreadsheets in the payout explorer. A modified table exported to XLSX (a real
 * download) imports back as the same table; a bad CSV lists its problems by row in French and
 * English and leaves the edited table untouched; undo and redo by keyboard; screenshots at
 * 1280×720 in both languages (test-results/screenshots/explorer-sheets-*.png).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { importSheet } from './helpers/explorer-screen';
import { testId, until } from './helpers/until';

test.beforeEach(async ({ page }) => {
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
});

test('a modified Les 3 Gongs table goes to XLSX and back unchanged; the workbook counts as its save', async ({
  page,
}, info) => {
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-stake').selectOption('100');
  await page.getByTestId('explorer-load-official').click();
  await page.getByTestId('level-amount-1').fill('600,20');
  await page.getByTestId('level-lots-8').fill('40001');
  await page.getByTestId('scenario-name').fill('Essai tableur');
  const rtp = await page.getByTestId('fig-rtp').textContent();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheet-export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = info.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await expect(page.getByTestId('sheet-done')).toContainText(download.suggestedFilename());
  await expect(page.getByTestId('scenario-unsaved')).toHaveCount(0);

  // another table, then the file back: the same table, name and figures
  await page.getByTestId('explorer-game').selectOption('mine-d-or');
  await page.getByTestId('explorer-stake').selectOption('50');
  await page.getByTestId('explorer-load-official').click();
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
  await importSheet(page, file);
  await expect(page.getByTestId('sheet-done')).toContainText('Tableau importé');
  await expect(page.getByTestId('scenario-game')).toHaveValue('les-3-gongs');
  await expect(page.getByTestId('level-amount-1')).toHaveValue('600,20');
  await expect(page.getByTestId('level-lots-8')).toHaveValue('40001');
  await expect(page.getByTestId('scenario-name')).toHaveValue('Essai tableur');
  await expect(page.getByTestId('fig-rtp')).toHaveText(rtp!);
  // the import is one step: Ctrl+Z gives the Mine d'or table back
  await page.getByTestId('table-undo').click();
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
});

test('a bad CSV lists its problems by row in French and English; the edited table is kept', async ({ page }, info) => {
  const bad = info.outputPath('mauvais.csv');
  writeFileSync(
    bad,
    "Jeu;Mise (€);Unités par bloc;Nom;Montant (€);Lots\r\nMine d'or;0,50;1000000;Essai;7 500,00;1\r\n;;;;12,5x;3\r\n;;;;7500;2\r\n;;;;0,30;dix\r\n",
  );
  await page.getByTestId('level-lots-11').fill('100021');
  await importSheet(page, bad);
  const problems = page.getByTestId('sheet-problems');
  await expect(problems).toContainText('Fichier « mauvais.csv » refusé (4 problèmes)');
  await expect(problems.locator('li')).toHaveText([
    "ligne 3 : le montant « 12,5x » n'est pas un montant en euros (ex. 7 500,00 : un fichier séparé par « ; » écrit la virgule décimale)",
    'ligne 4 : le montant 7\u202f500,00\u00a0€ figure déjà à la ligne 2',
    "ligne 5 : « dix » n'est pas un nombre de lots (un entier, 0 ou plus)",
    'ligne 5 : aucune combinaison de gains (art. 4.4–4.6, M4) ne fait 0,30\u00a0€',
  ]);
  await expect(page.getByTestId('level-lots-11')).toHaveValue('100021');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: 'test-results/screenshots/explorer-sheets-problems-fr.png', animations: 'disabled' });
  await page.getByTestId('lang-select').selectOption('en');
  await expect(problems).toContainText('File “mauvais.csv” refused (4 problems)');
  await expect(problems.locator('li').first()).toHaveText(
    'row 3: the amount “12,5x” is not an amount in euros (e.g. 7500,00: a file separated by « ; » writes decimal commas)',
  );
  await expect(problems.locator('li').nth(1)).toHaveText('row 4: the amount €7,500.00 is already on row 2');
  await expect(problems.locator('li').nth(3)).toHaveText(
    'row 5: no combination of gains (art. 4.4–4.6, M4) adds up to €0.30',
  );
  await page.screenshot({ path: 'test-results/screenshots/explorer-sheets-problems-en.png', animations: 'disabled' });
  await page.getByTestId('lang-select').selectOption('fr');
  await page.getByTestId('sheet-problems-close').click();
  await expect(problems).toHaveCount(0);
});

test('undo and redo by keyboard: Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z', async ({ page }) => {
  const amount = page.getByTestId('level-amount-0');
  const lots = page.getByTestId('level-lots-1');
  await amount.fill('15 000,00');
  await lots.fill('3');
  await expect(page.getByTestId('fig-rtp')).toHaveText('73,000\u00a0%');
  await lots.press('Control+z');
  await expect(lots).toHaveValue('1');
  await expect(amount).toHaveValue('15 000,00');
  await page.keyboard.press('Control+z');
  await expect(amount).toHaveValue('7 500,00');
  await expect(page.getByTestId('fig-rtp')).toHaveText('70,000\u00a0%');
  await expect(page.getByTestId('table-undo')).toBeDisabled();
  await page.keyboard.press('Control+y');
  await expect(amount).toHaveValue('15 000,00');
  await page.keyboard.press('Control+Shift+z');
  await expect(lots).toHaveValue('3');
  await expect(page.getByTestId('table-redo')).toBeDisabled();
  // a field outside the table keeps its own undo: the table is not touched
  await page.getByTestId('sessions-players').fill('500');
  await page.getByTestId('sessions-players').press('Control+z');
  await expect(lots).toHaveValue('3');
});

test('session results go to CSV: the figures beside their exact values, one long table', async ({ page }) => {
  await expect(page.getByTestId('sheet-sessions-csv')).toBeDisabled();
  await page.getByTestId('level-amount-0').fill('15 000,00');
  await page.getByTestId('sessions-players').fill('500');
  await page.getByTestId('sessions-units').fill('20');
  await page.getByTestId('sessions-run').click();
  await until(page, `${testId('sheet-sessions-csv')}:enabled`);
  await expect(page.getByTestId('sheet-sessions-csv')).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheet-sessions-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^sessions-.*\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  // the French screen's conventions: « ; », decimal commas, percentages
  expect(lines[0]).toBe('Section;Tableau;Élément;Valeur;IC 99 % bas;IC 99 % haut;Exact');
  expect(lines).toContain('Paramètres;;Sessions;500;;;');
  // the exact mean return is the table's RTP: 71.5 % with the top prize doubled
  expect(lines.find((l) => l.startsWith('Chiffres;Scénario;Retour moyen'))).toMatch(/;71,500%$/);
  expect(lines.some((l) => l.startsWith('Chiffres;Officiel;Retour moyen'))).toBe(true);
  expect(lines.find((l) => l.includes('Plus longue série perdante (moyenne) — Scénario'))).toMatch(/;\d+,\d\d;;;$/);
});

for (const lang of ['fr', 'en'] as const) {
  test(`a French « ; » CSV with decimal commas imports on the ${lang} screen; the table's CSV follows the screen's conventions and imports back`, async ({
    page,
  }, info) => {
    if (lang === 'en') await page.getByTestId('lang-select').selectOption('en');
    // as French Excel saves it: « ; », decimal commas, grouped thousands where the cell showed them
    const french = info.outputPath('tableau-excel-fr.csv');
    writeFileSync(
      french,
      "\uFEFFJeu;Mise (€);Unités par bloc;Nom;Montant (€);Lots\r\nMine d'or;0,50;1 000 000;Essai virgule;7 500,00;1\r\n;;;;20,00;30\r\n;;;;0,50;100 020\r\n",
    );
    await importSheet(page, french);
    await expect(page.getByTestId('sheet-done')).toContainText(lang === 'fr' ? 'Tableau importé' : 'Table imported');
    await expect(page.getByTestId('scenario-name')).toHaveValue('Essai virgule');
    await expect(page.getByTestId('level-lots-2')).toHaveValue(/^100[\s\u00a0\u202f,]?020$/);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({
      path: `test-results/screenshots/explorer-sheets-import-fr-csv-${lang}.png`,
      animations: 'disabled',
    });

    // a two-column « ; » file: only the columns really missing are named
    const two = info.outputPath('deux-colonnes.csv');
    writeFileSync(two, '\uFEFFMontant (€);Lots\r\n7 500,00;1\r\n0,50;100 020\r\n');
    await importSheet(page, two);
    await expect(page.getByTestId('sheet-problems').locator('li')).toHaveText([
      lang === 'fr'
        ? "colonnes manquantes : Jeu, Mise (€), Unités par bloc (la ligne d'en-tête doit nommer Jeu, Mise (€), Unités par bloc, Montant (€), Lots)"
        : 'missing columns: Game, Stake (€), Units per block (the header row must name Game, Stake (€), Units per block, Amount (€), Lots)',
    ]);
    await page.getByTestId('sheet-problems-close').click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheet-export-csv').click()]);
    const saved = info.outputPath(download.suggestedFilename());
    await download.saveAs(saved);
    const lines = readFileSync(saved, 'utf8').split('\r\n');
    if (lang === 'fr') {
      expect(lines[0]).toMatch(/^\uFEFFJeu;Mise \(€\);Unités par bloc;Nom;Montant \(€\);Lots;Probabilité \(calculé\);/);
      expect(lines[1]).toMatch(/^Mine d'or;0,50;1000000;Essai virgule;7500,00;1;0,000100%;[\d,]+%;1,500%;15000,00$/);
    } else {
      expect(lines[0]).toMatch(
        /^\uFEFFGame,Stake \(€\),Units per block,Name,Amount \(€\),Lots,Probability \(computed\),/,
      );
      expect(lines[1]).toMatch(
        /^Mine d'or,0\.50,1000000,Essai virgule,7500\.00,1,0\.000100%,[\d.]+%,1\.500%,15000\.00$/,
      );
    }
    await page.getByTestId('explorer-load-official').click();
    await importSheet(page, saved);
    await expect(page.getByTestId('scenario-name')).toHaveValue('Essai virgule');
    await expect(page.getByTestId('level-lots-2')).toHaveValue(/^100[\s\u00a0\u202f,]?020$/);
  });
}

for (const lang of ['fr', 'en'] as const) {
  test(`screenshot of the explorer's spreadsheet and undo buttons at 1280×720 in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    if (lang === 'en') await page.getByTestId('lang-select').selectOption('en');
    await page.getByTestId('level-lots-1').fill('2');
    await expect(page.getByTestId('table-undo')).toBeEnabled();
    await page.screenshot({ path: `test-results/screenshots/explorer-sheets-${lang}.png`, animations: 'disabled' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(1280);
  });
}
