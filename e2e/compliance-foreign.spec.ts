/**
 * A foreign block in the compliance screen's check (issue 14, item 3): an export whose header names
 * no generator of ours and no seed, and whose units have no reference. A fair one conforms with its
 * placement passed; the same units with winners shifted towards the first half fail, the verdict
 * naming the failing tests, in French and English. Screenshots at 1280×720.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import type * as Engine from '../src-engine/index';
import type * as Fixture from '../src-engine/import/foreign-block.fixture';

const engine = (await tsImport('../src-engine/index.ts', import.meta.url)) as typeof Engine;
const fixture = (await tsImport('../src-engine/import/foreign-block.fixture.ts', import.meta.url)) as typeof Fixture;

const spec = engine.officialBlock('les-3-gongs', 100, 314);
const ours = [engine.jsonlHeader(spec)];
engine.iterateUnits(spec, 0, spec.table.blockUnits, (i, prize, view) =>
  ours.push(engine.jsonlUnit(i, engine.refOf(spec, i), prize, view)),
);
const fair = fixture.foreignExportLines(ours);
const shifted = fixture.shiftWinnersTowardsFirstHalf(fair, 4);

const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: `e2e/screenshots/compliance-foreign-${name}.png` });

async function check(page: Page, path: string): Promise<void> {
  await page.getByTestId('lang-select').selectOption('fr');
  await page.getByTestId('import-file').setInputFiles(path);
  await expect(page.getByTestId('import-progress')).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByTestId('import-verdict')).toBeVisible();
}

test.use({ viewport: { width: 1280, height: 720 } });

test('a fair foreign block conforms; its winners shifted towards the first half fail, naming the tests', async ({
  page,
}, testInfo) => {
  await page.goto('/#/compliance');
  const fairPath = testInfo.outputPath('bloc-etranger.jsonl');
  writeFileSync(fairPath, `${fair.join('\n')}\n`);
  await check(page, fairPath);
  const verdict = page.getByTestId('import-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'conforming');
  await expect(verdict).toContainText('CONFORME : bloc-etranger.jsonl — 300\u202f000 unités vérifiées');
  await expect(page.getByTestId('import-foreign')).toContainText('Bloc étranger (générateur : other-maker 3.2)');
  await expect(page.getByTestId('import-placement')).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('import-placement').scrollIntoViewIfNeeded();
  await shot(page, 'pass-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('import-foreign')).toContainText('Foreign block (generator: other-maker 3.2)');
  await expect(verdict).toContainText('PASS: bloc-etranger.jsonl');
  await shot(page, 'pass-en');

  const shiftedPath = testInfo.outputPath('bloc-etranger-decale.jsonl');
  writeFileSync(shiftedPath, `${shifted.join('\n')}\n`);
  await check(page, shiftedPath);
  await expect(verdict).toHaveAttribute('data-verdict', 'not-conforming');
  await expect(verdict).toContainText('NON CONFORME : bloc-etranger-decale.jsonl — 1 écart.');
  const placement = page.getByTestId('import-placement');
  await expect(placement).toHaveAttribute('data-ok', 'false');
  await expect(placement).toContainText('Placement des gagnants : ÉCHEC au verdict d’ensemble');
  await expect(placement).toContainText('segments');
  const first = page.getByTestId('discrepancies').locator('li').first();
  await expect(first).toContainText('bloc étranger : les tests de placement le rejettent (Holm–Bonferroni à 1 %)');
  await expect(first).toContainText('segments');
  await expect(first.getByTestId('discrepancy-replay')).toHaveCount(0);
  // the placement verdict in words, never the file's tokens « pass » / « fail » on a French screen
  await expect(first.getByTestId('discrepancy-expected')).toHaveText('placement accepté');
  await expect(first.getByTestId('discrepancy-found')).toHaveText('placement rejeté');
  await first.scrollIntoViewIfNeeded();
  await shot(page, 'fail-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(verdict).toContainText('FAIL: bloc-etranger-decale.jsonl — 1 discrepancy.');
  await expect(placement).toContainText('Placement of the winners: FAIL on the overall verdict');
  await expect(first).toContainText('foreign block: the placement tests reject it (Holm–Bonferroni at 1 %)');
  await expect(first.getByTestId('discrepancy-found')).toHaveText('placement rejected');
  await shot(page, 'fail-en');
});
