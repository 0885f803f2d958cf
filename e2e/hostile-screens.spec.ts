/**
 * A sample of the hostile-input corpus (scripts/hostile) through the screens' own file inputs, in
 * Chromium against the browser build: the compliance screen's export check, the payout explorer's
 * spreadsheet import and the simulation screen's presentation settings each give the verdict the
 * command line gives the same file, in French and in English. The files are made here with the
 * corpus's own generators and the engine's writers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import type * as Engine from '@engine';
import type * as RawZip from '../scripts/hostile/raw-zip.fixture';
import type * as Sheets from '../scripts/hostile/sheets.cases';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
const zips = await load<typeof RawZip>('scripts/hostile/raw-zip.fixture.ts');
const sheets = await load<typeof Sheets>('scripts/hostile/sheets.cases.ts');

test.use({ viewport: { width: 1280, height: 720 } });

/**
 * A folder of this test's own for the files it writes (Playwright's per-test output folder, under the
 * ignored test-results/): a folder made once per module would be removed by one worker's afterAll
 * while the same worker, handed another test of this file later, still needed it.
 */
function filesDir(testInfo: TestInfo): string {
  const d = testInfo.outputPath('files');
  mkdirSync(d, { recursive: true });
  return d;
}

const BOM = '\uFEFF';
const spec = engine.officialBlock('les-3-gongs', 50, 7);

/** The first `units` lines of the block's JSONL export, header first. */
function exportLines(units: number): string[] {
  const lines = [engine.jsonlHeader(spec)];
  engine.iterateUnits(spec, 0, units, (i, prize, view) =>
    lines.push(engine.jsonlUnit(i, engine.refOf(spec, i), prize, view)),
  );
  return lines;
}

/** Gives `path` to the compliance screen's file input and waits for the check to end. */
async function check(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await until(page, testId('import-progress'), { count: 0, timeout: 60_000 });
  await expect(page.getByTestId('import-progress')).toHaveCount(0, { timeout: 60_000 });
}

test('compliance: an altered bundle, a key twice, binary data and another encoding, in French and English', async ({
  page,
}) => {
  await page.goto('/#/compliance');
  await page.getByTestId('lang-select').selectOption('fr');
  const verdict = page.getByTestId('import-verdict');

  // an evidence bundle whose export was altered and put first, given as an export: a zip is binary
  const key = engine.newKeyPair();
  const b = zips.smallBundle(key);
  const [first] = b.entries as [RawZip.RawEntry];
  const altered = {
    ...first,
    data: new TextEncoder().encode('{"game":"les-3-gongs"}\n{"index":0,"prize_cents":300000}\n'),
  };
  await check(page, 'bundle.zip', Buffer.from(zips.rawZip([altered, ...b.entries])));
  await expect(verdict).toHaveAttribute('data-verdict', 'not-an-export');
  await expect(verdict).toContainText('PAS UN EXPORT : bundle.zip');
  await expect(page.getByTestId('import-not-export-reason')).toContainText('contient des données binaires');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('import-not-export-reason')).toContainText('holds binary data');
  await page.getByTestId('lang-select').selectOption('fr');

  // a unit line with its prize twice: JSON.parse would read the last one, another reader the first
  const lines = exportLines(5);
  lines[3] = lines[3]!.replace('"prize_cents":', '"prize_cents":600000,"prize_cents":');
  await check(page, 'deux-fois.jsonl', Buffer.from(`${lines.join('\n')}\n`));
  await expect(verdict).toHaveAttribute('data-verdict', 'not-conforming');
  const twice = page.getByTestId('discrepancies').locator('li').first();
  await expect(twice).toContainText('ligne 4');
  await expect(twice).toContainText('la clé "prize_cents" figure deux fois dans un même objet');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(twice).toContainText('line 4');
  await expect(twice).toContainText('the key "prize_cents" appears twice in one object');
  await page.getByTestId('lang-select').selectOption('fr');

  // the same export saved in Windows-1252 with one accented word: refused by its encoding
  const cp = exportLines(5);
  cp[2] = cp[2]!.replace(/"ref":"[^"]*"/, '"ref":"réf"');
  await check(page, 'windows.jsonl', Buffer.from(`${cp.join('\n')}\n`, 'latin1'));
  const error = page.getByTestId('import-error');
  await expect(error).toContainText(
    "Fichier « windows.jsonl » non vérifié : le fichier n'est pas du texte UTF-8 (l'octet 227 n'est pas de l'UTF-8 valide)",
  );
  await expect(error).toContainText('il semble codé en Windows-1252 ou Latin-1');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(error).toContainText('File "windows.jsonl" not checked: the file is not UTF-8 text');
  await page.screenshot({ path: 'test-results/screenshots/hostile-encoding-en.png' });
  await page.getByTestId('lang-select').selectOption('fr');
  await page.screenshot({ path: 'test-results/screenshots/hostile-encoding-fr.png' });

  // a UTF-16 export is read: every unit checked, the block only ends early
  await check(page, 'utf16.jsonl', Buffer.from(BOM + `${exportLines(5).join('\n')}\n`, 'utf16le'));
  await expect(verdict).toHaveAttribute('data-verdict', 'not-conforming');
  await expect(page.getByTestId('discrepancies')).toContainText("le fichier s'arrête après 5 unités");
});

test('explorer: a hidden first sheet and zip sizes that lie are refused by name, in French and English', async ({
  page,
}, testInfo) => {
  const dir = filesDir(testInfo);
  await sheets.hostile.generate!(dir);
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
  const importFile = async (name: string): Promise<void> => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('sheet-import').click()]);
    await chooser.setFiles(join(dir, name));
  };
  const problems = page.getByTestId('sheet-problems');

  await importFile('hidden-first.xlsx');
  await expect(problems).toContainText('la première feuille du classeur, « Ancien tableau », est masquée');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(problems).toContainText('the workbook\'s first sheet "Ancien tableau" is hidden');
  await page.getByTestId('lang-select').selectOption('fr');

  await page.getByTestId('sheet-problems-close').click();
  await importFile('lying-sizes.xlsx');
  await until(page, testId('sheet-problems'), { text: 'le classeur se décompresse en plus de', timeout: 60_000 });
  await expect(problems).toContainText('le classeur se décompresse en plus de', { timeout: 60_000 });
  await page.getByTestId('lang-select').selectOption('en');
  await expect(problems).toContainText('the workbook inflates to more than');
});

test('simulation: presentation settings with two byte-order marks are refused, one mark is read', async ({
  page,
}, testInfo) => {
  const dir = filesDir(testInfo);
  const settings = engine.presentationToJson({
    game: 'les-3-gongs',
    stakeCents: null,
    generatorVersion: 1,
    m6Strict: false,
    weights: undefined,
  });
  writeFileSync(join(dir, 'deux-bom.json'), BOM + BOM + settings);
  writeFileSync(join(dir, 'un-bom.json'), BOM + settings);
  await page.goto('/#/simulation');
  await page.getByTestId('sim-game').selectOption('les-3-gongs');
  await page.getByTestId('pres-settings').locator('summary').click();
  const openFile = async (name: string): Promise<void> => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('pres-open').click()]);
    await chooser.setFiles(join(dir, name));
  };
  await openFile('deux-bom.json');
  const refused = page.getByTestId('pres-file-refused');
  await expect(refused).toContainText('Fichier « deux-bom.json » refusé');
  await expect(refused).toContainText("ce n'est pas du JSON à une seule lecture");
  await page.getByTestId('lang-select').selectOption('en');
  await expect(refused).toContainText('not JSON read one way only');
  await page.getByTestId('lang-select').selectOption('fr');
  await openFile('un-bom.json');
  await expect(page.getByTestId('pres-file-note')).toHaveText('Réglages ouverts : un-bom.json');
  await expect(page.getByTestId('pres-version')).toHaveValue('1');
});
