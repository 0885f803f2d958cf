/**
 * Presentation settings files on the simulation screen (M4, G2, M6, R5), in Chromium against the
 * browser build: the settings download as the file `--presentation` reads, open back into the
 * panel, and a file of another game is refused in French and English with the settings kept.
 * Screenshots: test-results/screenshots/presentation-file-*.png at 1280×720.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';

const engine = await load<typeof Engine>('src-engine/index.ts');

test.use({ viewport: { width: 1280, height: 720 } });

async function shot(page: Page, name: string): Promise<void> {
  await page.getByTestId('pres-open').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/screenshots/presentation-file-${name}.png` });
}

async function openFile(page: Page, path: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('pres-open').click()]);
  await chooser.setFiles(path);
}

test('settings save as a file, open back, and a file of another game is refused with the settings kept', async ({
  page,
}, info) => {
  await page.goto('/#/simulation');
  await page.getByTestId('sim-game').selectOption('les-3-gongs');
  await page.getByTestId('sim-stake').selectOption('50');
  await page.getByTestId('pres-settings').locator('summary').click();
  await page.getByTestId('pres-version').selectOption('1');
  await page.getByTestId('pres-bonus-300000').fill('100');
  await page.getByTestId('pres-bonus-1500').fill('50');

  // saved: a download in the browser build, the file of the command line's --presentation
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pres-save').click()]);
  expect(download.suggestedFilename()).toBe('presentation-les-3-gongs-0-50-eur-v1.json');
  const path = info.outputPath('gongs.json');
  await download.saveAs(path);
  const read = engine.parsePresentationJson(readFileSync(path, 'utf8'));
  expect(read.ok && read.file).toEqual({
    game: 'les-3-gongs',
    stakeCents: 50,
    generatorVersion: 1,
    m6Strict: false,
    weights: { gongs: { bonusShare: 0.2, bonusShareByPrize: { 300_000: 1, 1_500: 0.5 } } },
  });
  await expect(page.getByTestId('pres-file-note')).toHaveText(
    'Réglages enregistrés : presentation-les-3-gongs-0-50-eur-v1.json',
  );
  await shot(page, 'saved-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('pres-file-note')).toHaveText(
    'Settings saved: presentation-les-3-gongs-0-50-eur-v1.json',
  );
  await shot(page, 'saved-en');
  await page.getByTestId('lang-select').selectOption('fr');

  // back to the defaults, then the file brings its settings back
  await page.getByTestId('pres-reset').click();
  await expect(page.getByTestId('pres-bonus-300000')).toHaveValue('20');
  await expect(page.getByTestId('pres-file-note')).toHaveCount(0);
  await openFile(page, path);
  await expect(page.getByTestId('pres-file-note')).toHaveText('Réglages ouverts : gongs.json');
  await expect(page.getByTestId('pres-version')).toHaveValue('1');
  await expect(page.getByTestId('pres-bonus-300000')).toHaveValue('100');
  await expect(page.getByTestId('pres-bonus-1500')).toHaveValue('50');
  await expect(page.getByTestId('pres-bonus-50')).toHaveValue('20');
  await expect(page.getByTestId('pres-summary')).toHaveText('générateur v1 · poids personnalisés');

  // Mine d'or with a weight of its own: the Les 3 Gongs file is refused, nothing changes
  await page.getByTestId('sim-game').selectOption('mine-d-or');
  await page.getByTestId('pres-losingStage').fill('0,3');
  await openFile(page, path);
  const refused = page.getByTestId('pres-file-refused');
  await expect(refused).toContainText('Fichier « gongs.json » refusé ; vos réglages n’ont pas changé :');
  await expect(refused).toContainText(
    'ces réglages de présentation sont ceux de Les 3 Gongs (le champ "game" vaut "les-3-gongs") : attendu des réglages de Mine d\'or, le jeu des blocs',
  );
  await expect(page.getByTestId('pres-losingStage')).toHaveValue('0,3');
  await expect(page.getByTestId('pres-version')).toHaveValue('1');
  await shot(page, 'refused-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(refused).toContainText('File "gongs.json" refused; your settings have not changed:');
  await expect(refused).toContainText(
    'these presentation settings are for Les 3 Gongs (field "game" is "les-3-gongs"): expected settings of Mine d\'or, the game of the blocks',
  );
  await expect(page.getByTestId('pres-losingStage')).toHaveValue('0.3');
  await shot(page, 'refused-en');
});

test('a file with bad weights lists each problem, naming the field, found and expected, in both languages', async ({
  page,
}, info) => {
  const path = info.outputPath('bad.json');
  const f = JSON.parse(
    engine.presentationToJson({
      game: 'mine-d-or',
      stakeCents: null,
      generatorVersion: 2,
      m6Strict: false,
      weights: undefined,
    }),
  ) as { weights: { winning_extras: number[]; aligned_combination: number } };
  f.weights.winning_extras = [1, -0.5, 0, 0];
  f.weights.aligned_combination = 0;
  writeFileSync(path, JSON.stringify(f));
  await page.goto('/#/simulation');
  await page.getByTestId('pres-settings').locator('summary').click();
  await openFile(page, path);
  const items = page.getByTestId('pres-file-refused').locator('li');
  await expect(items).toHaveText([
    'le champ "weights.winning_extras[1]" vaut -0.5 : attendu un nombre, 0 ou de 0,000001 à 1000000 (M4)',
    'le champ "weights.aligned_combination" vaut 0 : attendu un nombre de 0,000001 à 1000000 (M4)',
  ]);
  await page.getByTestId('lang-select').selectOption('en');
  await expect(items).toHaveText([
    'field "weights.winning_extras[1]" is -0.5: expected a number, 0 or from 0.000001 to 1000000 (M4)',
    'field "weights.aligned_combination" is 0: expected a number from 0.000001 to 1000000 (M4)',
  ]);
  await expect(page.getByTestId('pres-winningExtras-1')).toHaveValue('0.45');
});
