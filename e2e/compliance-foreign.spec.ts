/**
 * A foreign block in the compliance screen's check: an export whose header names no generator of
 * ours and no seed, and whose units have no reference. A fair one conforms with no placement
 * finding; the same units with winners shifted towards the first half still conform (every lot and
 * count is right) and show a placement finding to examine — the test, its p-value, where — with a
 * chart of where the winners fall and its table; both files checked together are one set (Holm
 * over their blocks), said so; one level of 966 lots put on a grid is a finding that names the level,
 * its smallest gap and chance's. French and English; screenshots at 1280×720.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import type * as Fixture from '../src-engine/import/foreign-block.fixture';
import { axeViolations } from './helpers/axe';
import { load, once } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
const fixture = await load<typeof Fixture>('src-engine/import/foreign-block.fixture.ts');

/** Our whole Les 3 Gongs 1 € block of seed 314, as a foreign maker would export it. */
const fair = once(() => {
  const spec = engine.officialBlock('les-3-gongs', 100, 314);
  const ours = [engine.jsonlHeader(spec)];
  engine.iterateUnits(spec, 0, spec.table.blockUnits, (i, prize, view) =>
    ours.push(engine.jsonlUnit(i, engine.refOf(spec, i), prize, view)),
  );
  return fixture.foreignExportLines(ours);
});

const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: `test-results/screenshots/compliance-foreign-${name}.png` });

async function check(page: Page, ...paths: string[]): Promise<void> {
  await page.getByTestId('lang-select').selectOption('fr');
  await page.getByTestId('import-file').setInputFiles(paths);
  await until(page, testId('import-progress'), { count: 0, timeout: 180_000 });
  await expect(page.getByTestId('import-progress')).toHaveCount(0, { timeout: 180_000 });
  await expect(page.getByTestId('import-verdict').first()).toBeVisible();
}

test.use({ viewport: { width: 1280, height: 720 } });

test('a fair foreign block conforms; its winners shifted towards the first half are a finding to examine, not a discrepancy', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  await page.goto('/#/compliance');
  const fairPath = testInfo.outputPath('bloc-etranger.jsonl');
  writeFileSync(fairPath, `${fair().join('\n')}\n`);
  await check(page, fairPath);
  const verdict = page.getByTestId('import-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'conforming');
  await expect(verdict).toContainText('CONFORME : bloc-etranger.jsonl — 300\u202f000 unités vérifiées');
  await expect(page.getByTestId('import-foreign')).toContainText('Bloc étranger (générateur : other-maker 3.2)');
  await expect(page.getByTestId('import-placement')).toHaveAttribute('data-finding', 'false');
  await expect(page.getByTestId('import-placement-text')).toContainText('Placement des gagnants : aucun constat');
  await page.getByTestId('import-placement').scrollIntoViewIfNeeded();
  await shot(page, 'pass-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('import-foreign')).toContainText('Foreign block (generator: other-maker 3.2)');
  await expect(verdict).toContainText('PASS: bloc-etranger.jsonl');
  await shot(page, 'pass-en');

  const shiftedPath = testInfo.outputPath('bloc-etranger-decale.jsonl');
  writeFileSync(shiftedPath, `${fixture.shiftWinnersTowardsFirstHalf(fair(), 4).join('\n')}\n`);
  await check(page, shiftedPath);
  // every lot and every count is right: the block reconciles, and where its winners sit is a finding
  await expect(verdict).toHaveAttribute('data-verdict', 'conforming');
  await expect(page.getByTestId('discrepancies')).toHaveCount(0);
  const placement = page.getByTestId('import-placement');
  await expect(placement).toHaveAttribute('data-finding', 'true');
  const text = page.getByTestId('import-placement-text');
  await expect(text).toContainText('CONSTAT À EXAMINER, pas un défaut de rapprochement — test ');
  await expect(text).toContainText('(Holm à 1 % sur les tests)');
  // where the winners fall: the chart and its numbers, one row per segment
  const chart = page.getByTestId('chart-placement');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('tbody tr')).toHaveCount(100);
  await placement.scrollIntoViewIfNeeded();
  await shot(page, 'finding-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(text).toContainText('FINDING TO EXAMINE, not a reconciliation failure — test ');
  await shot(page, 'finding-en');

  // both files together: one set, Holm over its two blocks, said so
  await check(page, fairPath, shiftedPath);
  await expect(page.getByTestId('import-result')).toHaveCount(2);
  await expect(page.getByTestId('import-set')).toContainText(
    'Ensemble de 2 fichiers : placement testé pour 2 blocs, avec Holm à 1 % sur ces blocs',
  );
  await expect(page.getByTestId('import-placement-text').nth(1)).toContainText('et sur les 2 blocs vérifiés ensemble');
  await page.getByTestId('import-set').scrollIntoViewIfNeeded();
  await shot(page, 'set-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('import-set')).toContainText('Set of 2 files: placement tested for 2 blocks');
  await shot(page, 'set-en');
});

test('one level of a foreign block put on a grid is a finding that names the level and its smallest gap', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  await page.goto('/#/compliance');
  const path = testInfo.outputPath('bloc-etranger-grille.jsonl');
  writeFileSync(path, `${fixture.levelOnAGrid(fair()).join('\n')}\n`);
  await check(page, path);
  await expect(page.getByTestId('import-verdict')).toHaveAttribute('data-verdict', 'conforming');
  await expect(page.getByTestId('import-placement')).toHaveAttribute('data-finding', 'true');
  const text = page.getByTestId('import-placement-text');
  // 966 lots among 300,000 units on a grid of step 310.56: consecutive lots 310 or 311 units apart
  await expect(text).toContainText(
    /test levelRegularity:\d+ \(p .+\), le niveau \d+ est placé trop régulièrement : plus petit écart 310 unités, attendu 1,\d+ pour un placement au hasard, lots des unités 155 à 299\u202f844/,
  );
  await page.getByTestId('import-placement').scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'grid-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(text).toContainText(
    /level \d+ is spaced too regularly: smallest gap 310 units, 1\.\d+ expected for a random placement, lots from unit 155 to 299,844/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'grid-en');
});
