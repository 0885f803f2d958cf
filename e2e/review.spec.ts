/**
 * What new users met on a walk through the app (fresh eyes, French and English, 1280×720): the
 * replay's recall names the unit's own generator (R5) and M6 reading; the reference hint names
 * every version; an export check shows its expectations in the screen's language and can be
 * cancelled. Screenshots go to test-results/screenshots/review-*.png.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';
import { holdWorkers } from './helpers/hold-workers';

const engine = await load<typeof Engine>('src-engine/index.ts');
const { formatUnitRef, iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } = engine;

test.use({ viewport: { width: 1280, height: 720 } });

const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: `test-results/screenshots/review-${name}.png`, animations: 'disabled' });

/** The export lines of units [0, n) of a block, header first. */
function exportLines(spec: Engine.BlockSpec, n: number): string[] {
  const lines = [jsonlHeader(spec)];
  iterateUnits(spec, 0, n, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
  return lines;
}

const v1 = formatUnitRef({ game: 'les-3-gongs', stakeCents: 100, seed: 42, index: 7, generatorVersion: 1 });
const v2s = formatUnitRef({
  game: 'mine-d-or',
  stakeCents: 50,
  seed: 42,
  index: 7,
  generatorVersion: 2,
  m6Strict: true,
});

for (const lang of ['fr', 'en'] as const) {
  test(`replay recall: a V1 unit names generator 1, a V2S unit M6's strict reading; the hint names V1, V2, V2S (${lang})`, async ({
    page,
  }) => {
    await page.goto(`/#/replay?ref=${v1}`);
    await page.getByTestId('lang-select').selectOption(lang);
    await expect(page.getByTestId('board-ref')).toHaveText(v1);
    await expect(page.getByTestId('recall-generator')).toHaveText('instant-lab-gen/1');
    await expect(page.getByTestId('recall-m6')).toHaveCount(0);
    // the block browser stays in the V1 block: « open index » opens a V1 unit, not this build's V2 one
    await expect(page.getByTestId('browse-version')).toHaveText(lang === 'fr' ? 'générateur V1' : 'generator V1');
    await page.getByTestId('browse-index').fill('8');
    await page.getByTestId('browse-jump').click();
    await expect(page.getByTestId('board-ref')).toHaveText(/^GONG-100-000001A-0008-V1-/);
    await expect(page.getByTestId('recall-generator')).toHaveText('instant-lab-gen/1');
    await page.getByTestId('ref-input').fill(v2s);
    await page.getByTestId('ref-open').click();
    await expect(page.getByTestId('board-ref')).toHaveText(v2s);
    await expect(page.getByTestId('recall-generator')).toContainText('instant-lab-gen/2');
    await expect(page.getByTestId('recall-m6')).toContainText(
      lang === 'fr' ? 'lecture stricte de l’art. 3 (M6)' : 'strict reading of art. 3 (M6)',
    );
    await page.getByTestId('recall').scrollIntoViewIfNeeded();
    await shot(page, `recall-v2s-${lang}`);
    // a typo: the expected form names every version a reference can carry
    await page.getByTestId('ref-input').fill(v2s.slice(0, -1) + (v2s.endsWith('A') ? 'B' : 'A'));
    await page.getByTestId('ref-open').click();
    await expect(page.getByTestId('ref-error')).toContainText(
      lang === 'fr' ? 'version du générateur (V1, V2 ou V2S)' : 'generator version (V1, V2 or V2S)',
    );
    await shot(page, `ref-typo-${lang}`);
  });
}

test('export check: a missing field is explained in French on a French screen, in English on an English one', async ({
  page,
}, testInfo) => {
  const lines = exportLines(officialBlock('les-3-gongs', 50, 9), 5);
  const u = JSON.parse(lines[3]!) as Record<string, unknown>;
  delete u.index;
  lines[3] = JSON.stringify(u);
  const path = testInfo.outputPath('sans-indice.jsonl');
  writeFileSync(path, lines.join('\n') + '\n');
  await page.goto('/#/compliance');
  for (const lang of ['fr', 'en'] as const) {
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('import-file').setInputFiles(path);
    await expect(page.getByTestId('import-verdict')).toHaveAttribute('data-verdict', 'not-conforming', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('discrepancy-expected').first()).toHaveText(
      lang === 'fr' ? "l'indice de l'unité (un nombre entier)" : 'the unit index (a whole number)',
    );
    await page.getByTestId('discrepancies').scrollIntoViewIfNeeded();
    await shot(page, `check-missing-field-${lang}`);
  }
});

test('export check: a long check of a big file shows its progress and can be cancelled', async ({ page }, testInfo) => {
  const block = exportLines(officialBlock('les-3-gongs', 50, 9), 300_000).join('\n') + '\n';
  const path = testInfo.outputPath('gros.jsonl');
  writeFileSync(path, block.repeat(4)); // about 150 MB: four blocks one after the other
  // the check's workers held from the start: it is surely running when « Annuler » is pressed
  const workers = await holdWorkers(page);
  await page.goto('/#/compliance');
  await page.getByTestId('lang-select').selectOption('fr');
  await page.getByTestId('import-file').setInputFiles(path);
  await workers.requested;
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await expect(page.getByTestId('cancel-check')).toHaveText('Annuler');
  await page.getByTestId('import-progress').scrollIntoViewIfNeeded();
  await shot(page, 'check-running-fr');
  await page.getByTestId('cancel-check').click();
  await expect(page.getByTestId('check-cancelled')).toHaveText('Annulé.');
  await expect(page.getByTestId('import-progress')).toHaveCount(0);
  await expect(page.getByTestId('import-result')).toHaveCount(0);
  await expect(page.getByTestId('import-file')).toBeEnabled();
  workers.release();
});

test('the legal band’s citation follows the language: « version en vigueur » in French, “version in force” in English', async ({
  page,
}) => {
  await page.goto('/#/explorer');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('explorer-figures')).toContainText('(version in force since 7 November 2020)');
  await expect(page.getByTestId('explorer-figures')).not.toContainText('en vigueur');
  await shot(page, 'explorer-band-en');
  await page.getByTestId('lang-select').selectOption('fr');
  await expect(page.getByTestId('explorer-figures')).toContainText('(version en vigueur depuis le 7 novembre 2020)');
  await shot(page, 'explorer-band-fr');
});

test('« Rejouer ses unités » browses the block of the seed typed in the explorer, not another seed', async ({
  page,
}) => {
  await page.goto('/#/explorer');
  await page.getByTestId('lang-select').selectOption('fr');
  await page.getByTestId('level-amount-0').fill('15 000,00');
  await page.getByTestId('level-amount-0').blur();
  await page.getByTestId('block-seed').fill('7');
  await page.getByTestId('open-in-replay').click();
  await expect(page.getByTestId('browse-table')).toHaveValue('scenario');
  await expect(page.getByTestId('browse-seed')).toHaveValue('7');
  await page.getByTestId('browse-jump').click();
  await expect(page.getByTestId('board-ref')).toHaveText('SCENARIO-7-0');
  await shot(page, 'scenario-replay-seed-fr');
});
