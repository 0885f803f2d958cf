/**
 * « Vérifier une émission » on the compliance screen, in the browser build: three whole Les 3 Gongs
 * blocks (300,000 units, the smallest official block, the only kind a block conforms as) are one
 * emission with one verdict and three lines, its report saved as the command line writes it; the
 * same file given twice is a block delivered twice, and a bad manifest is refused with why while
 * the files stay (a few units a file: what is judged there is the emission, not a block); files
 * and a manifest dropped on the panel are matched by name, and a cancel stops a job held before it
 * can start. Every state passes axe-core in French and English, and
 * the focus follows each action. Screenshots at 1280×720 in test-results/screenshots/.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import { load, once } from './helpers/engine';
import { axeViolations } from './helpers/axe';
import { testId, until } from './helpers/until';
import { holdWorkers } from './helpers/hold-workers';

const engine = await load<typeof Engine>('src-engine/index.ts');
// made on first use: listing the tests leaves no folder behind
const dir = once(() => mkdtempSync(join(tmpdir(), 'instant-lab-emission-e2e-')));

/** An export of Les 3 Gongs at 1 € written in `dir()`: the whole block, or its first `units` units. */
function exportFile(name: string, seed: number, units?: number): string {
  const spec = engine.officialBlock('les-3-gongs', 100, seed);
  const lines = [engine.jsonlHeader(spec)];
  engine.iterateUnits(spec, 0, units ?? spec.table.blockUnits, (i, prize, view) =>
    lines.push(engine.jsonlUnit(i, engine.refOf(spec, i), prize, view)),
  );
  const path = join(dir(), name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const lang = (page: Page, l: 'fr' | 'en') => page.getByTestId('lang-select').selectOption(l);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/compliance-emission-${name}.png` });

/** The result's verdict at the top of the window, under the app's header. */
async function showResult(page: Page): Promise<void> {
  await page.getByTestId('emission-verdict').evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -70);
  });
}

async function noAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** The emission's panel on screen, its files chosen. */
async function choose(page: Page, ...paths: string[]): Promise<void> {
  await page.getByTestId('emission-files').setInputFiles(paths);
}

test.use({ viewport: { width: 1280, height: 720 } });

test('three blocks are one emission: one verdict, one line per block, its report as the command line writes it; French and English', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const files = [exportFile('gongs-11.jsonl', 11), exportFile('gongs-12.jsonl', 12), exportFile('gongs-13.jsonl', 13)];
  await page.goto('/#/compliance');
  await lang(page, 'fr');
  await choose(page, ...files);
  await expect(page.getByTestId('emission-chosen')).toHaveText('3 fichiers choisis :');
  await page.getByTestId('emission-verify').click();
  const verdict = page.getByTestId('emission-verdict');
  await until(page, testId('emission-verdict'), { timeout: 240_000 });
  await expect(verdict).toBeVisible({ timeout: 240_000 });
  // the focus, taken by « Annuler » while it ran, ends on the verdict
  await expect(verdict).toBeFocused();
  await expect(verdict).toHaveAttribute('data-verdict', 'conforming');
  await expect(verdict).toHaveText('verdict de l’émission : CONFORME');
  const rows = page.getByTestId('emission-block');
  await expect(rows).toHaveCount(3);
  for (const [i, seed] of [11, 12, 13].entries()) {
    const cells = rows.nth(i).locator('th, td');
    await expect(cells.nth(0)).toContainText(`gongs-${seed}.jsonl`);
    await expect(cells.nth(0)).toContainText(/SHA-256 [0-9a-f]{64}/);
    await expect(cells.nth(1)).toHaveText('Les 3 Gongs');
    await expect(cells.nth(2)).toHaveText('1,00\u00a0€');
    await expect(cells.nth(3)).toHaveText(String(seed));
    await expect(cells.nth(4)).toHaveText('300\u202f000');
    await expect(cells.nth(5)).toHaveText('CONFORME');
    await expect(cells.nth(6)).toHaveText('aucun constat');
  }
  await expect(page.getByTestId('emission-identity')).toContainText('graines : 11, 12, 13');
  await expect(page.getByTestId('emission-identity')).toContainText(
    /tableau : les-3-gongs 1,00 € : officiel art\. 3\.2/,
  );
  const across = page.getByTestId('emission-across').locator('li');
  await expect(across).toHaveCount(1);
  await expect(across.first()).toHaveAttribute('data-kind', 'none');
  await expect(across.first()).toContainText(
    'gagnants posés l’un sur l’autre (mêmes positions, décalées ou en miroir) : 3 paires, Holm à 0,5 % sur les paires : aucune paire plus semblable que le hasard ne le permet',
  );
  await noAxeViolations(page);
  await showResult(page);
  await shot(page, 'result-fr');

  await lang(page, 'en');
  await expect(verdict).toHaveText('emission verdict: CONFORMING');
  await expect(rows.first().locator('td').nth(1)).toHaveText('€1.00');
  await expect(rows.first().locator('td').nth(3)).toHaveText('300,000');
  await expect(rows.first().locator('td').nth(4)).toHaveText('CONFORMING');
  await noAxeViolations(page);
  await showResult(page);
  await shot(page, 'result-en');

  // the JSON report: the command line's, every file with its digest; the focus stays on its button
  const downloading = page.waitForEvent('download');
  await page.getByTestId('emission-save-json').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('emission-3-files.json');
  await expect(page.getByTestId('emission-save-json')).toBeFocused();
  const json = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    verdict: string;
    blocks: { file: string; sha256: string; seed: number; units_verified: number }[];
  };
  expect(json.verdict).toBe('conforming');
  expect(json.blocks.map((b) => [b.file, b.seed, b.units_verified])).toEqual([
    ['gongs-11.jsonl', 11, 300_000],
    ['gongs-12.jsonl', 12, 300_000],
    ['gongs-13.jsonl', 13, 300_000],
  ]);
  expect(json.blocks[0]!.sha256).toBe(engine.sha256Hex(readFileSync(files[0]!)));
  const csv = page.waitForEvent('download');
  await page.getByTestId('emission-save-csv').click();
  expect((await csv).suggestedFilename()).toBe('emission-3-files.csv');

  // one entry of the app's journal for the whole emission
  await page.getByTestId('nav-journal').click();
  await expect(page.locator('[data-testid^="journal-row-"]')).toHaveCount(1);
  await expect(page.getByTestId('journal-row-1')).toContainText('Emission verified');
});

test('the same file given twice is a block delivered twice; a bad manifest is refused with why and the files stay; French and English', async ({
  page,
}) => {
  const a = exportFile('lot-a.jsonl', 21, 200);
  const bad = join(dir(), 'manifeste.json');
  writeFileSync(bad, '{"format": "instant-lab-emission/1", "emission": "Lot 7"}');
  await page.goto('/#/compliance');
  // nothing chosen yet: the button waits for files
  await lang(page, 'en');
  await expect(page.getByTestId('emission-chosen')).toHaveText('No file chosen.');
  await expect(page.getByTestId('emission-verify')).toBeDisabled();
  await noAxeViolations(page);
  await lang(page, 'fr');
  await expect(page.getByTestId('emission-chosen')).toHaveText('Aucun fichier choisi.');
  await noAxeViolations(page);
  await choose(page, a);
  await choose(page, a);
  await choose(page, bad);
  const refused = page.getByTestId('emission-manifest-error');
  await expect(refused).toHaveText(
    'manifeste « manifeste.json » refusé : champ "files" : attendu une liste de 1 à 10000 fichiers, chacun {"file", "sha256", "seed"}',
  );
  await expect(page.getByTestId('emission-chosen')).toHaveText('2 fichiers choisis :');
  await noAxeViolations(page);
  await lang(page, 'en');
  await expect(refused).toHaveText(
    'manifest "manifeste.json" is refused: field "files": expected a list of 1 to 10000 files, each {"file", "sha256", "seed"}',
  );
  await noAxeViolations(page);
  await lang(page, 'fr');

  await page.getByTestId('emission-verify').click();
  const verdict = page.getByTestId('emission-verdict');
  await expect(verdict).toBeFocused();
  await expect(verdict).toHaveAttribute('data-verdict', 'not-conforming');
  await expect(verdict).toContainText('1 bloc livré deux fois');
  await expect(page.getByTestId('emission-block')).toHaveCount(2);
  const twice = page.getByTestId('emission-across').locator('li[data-kind="fail"]');
  await expect(twice).toHaveText('écart — bloc livré deux fois : "lot-a.jsonl" a les mêmes octets que "lot-a.jsonl"');
  await noAxeViolations(page);
  await page.getByTestId('emission-across').scrollIntoViewIfNeeded();
  await shot(page, 'twice-fr');
  await lang(page, 'en');
  await expect(twice).toHaveText(
    'discrepancy — block delivered twice: "lot-a.jsonl" has the same bytes as "lot-a.jsonl"',
  );
  await noAxeViolations(page);
  await shot(page, 'twice-en');

  // « Imprimer en PDF » prints the emission's result alone: no other panel, none of its buttons
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => {
    window.print = () => {
      const shown = (el: Element): boolean => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
      const view = document.querySelector('.compliance-view')!;
      document.body.dataset.printed = JSON.stringify({
        panels: [...view.children].filter(shown).map((el) => el.getAttribute('data-testid')),
        buttons: [...view.querySelectorAll('button, input')].filter(shown).length,
        result: shown(document.querySelector('[data-testid="emission-blocks"]')!),
      });
    };
  });
  await page.getByTestId('emission-print').evaluate((b: HTMLButtonElement) => b.click());
  await expect(page.locator('body')).toHaveAttribute('data-printed', /./);
  expect(JSON.parse((await page.locator('body').getAttribute('data-printed'))!)).toEqual({
    panels: ['emission-panel'],
    buttons: 0,
    result: true,
  });
  await page.emulateMedia({ media: 'screen' });

  // removing a file keeps the focus in the list, then on the file button
  await page.getByTestId('emission-remove').first().click();
  await expect(page.getByTestId('emission-remove')).toHaveCount(1);
  await expect(page.getByTestId('emission-remove').first()).toBeFocused();
  await page.getByTestId('emission-remove').first().click();
  await expect(page.getByTestId('emission-files')).toBeFocused();
  await expect(page.getByTestId('emission-chosen')).toHaveText('No file chosen.');
});

/** Drops files on the emission's panel, as a file manager would. */
async function drop(page: Page, files: { name: string; text: string }[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((fs) => {
    const dt = new DataTransfer();
    for (const f of fs) dt.items.add(new File([f.text], f.name));
    return dt;
  }, files);
  await page.getByTestId('emission-panel').dispatchEvent('drop', { dataTransfer });
}

test('dropped files and manifest; a cancel stops the emission held before its workers start: nothing shown, focus kept; run again, it completes', async ({
  page,
}) => {
  const texts = [
    readFileSync(exportFile('lot-c.jsonl', 31, 200), 'utf8'),
    readFileSync(exportFile('lot-d.jsonl', 32, 200), 'utf8'),
  ];
  const manifest = JSON.stringify({
    format: 'instant-lab-emission/1',
    emission: 'Lot 9',
    files: texts.map((text, i) => ({
      file: `lots/lot-${'cd'[i]}.jsonl`,
      sha256: engine.sha256Hex(text),
      seed: 31 + i,
    })),
  });
  await page.goto('/#/compliance');
  await lang(page, 'fr');
  // dropped on the panel: the exports and the supplier's manifest
  await drop(page, [
    { name: 'lot-c.jsonl', text: texts[0]! },
    { name: 'lot-d.jsonl', text: texts[1]! },
    { name: 'manifeste.json', text: manifest },
    { name: 'notes.txt', text: 'lot 9' },
  ]);
  await expect(page.getByTestId('emission-chosen')).toHaveText('2 fichiers choisis :');
  // a file of an ending the panel does not take is refused, in one message, the others taken
  const refused = page.getByTestId('emission-refused');
  await expect(refused).toHaveText(
    'Fichier refusé : « notes.txt ». Ce panneau prend un fichier .jsonl, .csv ou .json.',
  );
  await expect(page.getByTestId('emission-manifest')).toHaveText(
    'Manifeste : manifeste.json — émission « Lot 9 », 2 fichiers listés',
  );
  const workers = await holdWorkers(page);
  await page.getByTestId('emission-verify').click();
  await workers.requested;
  const progress = page.getByTestId('emission-progress');
  await expect(progress).toContainText('Vérification de l’émission… 0');
  await expect(page.getByTestId('emission-rate')).toContainText('0 unités lues · 0 unités/s · temps restant inconnu');
  await expect(page.getByTestId('emission-cancel')).toBeFocused();
  await noAxeViolations(page);
  await lang(page, 'en');
  await expect(page.getByTestId('emission-rate')).toContainText('0 units read · 0 units/s · time left unknown');
  await expect(refused).toHaveText('File refused: "notes.txt". This panel takes a .jsonl, .csv, or .json file.');
  await noAxeViolations(page);
  await page.getByTestId('emission-cancel').click();
  const cancelled = page.getByTestId('emission-cancelled');
  await expect(cancelled).toHaveText('Emission verification cancelled: nothing was journaled.');
  await expect(cancelled).toBeFocused();
  await expect(page.getByTestId('emission-result')).toHaveCount(0);
  await noAxeViolations(page);
  await lang(page, 'fr');
  await expect(cancelled).toHaveText('Vérification de l’émission annulée : rien n’a été journalisé.');
  await noAxeViolations(page);

  workers.release();
  await page.getByTestId('emission-verify').click();
  await expect(page.getByTestId('emission-verdict')).toBeFocused();
  await expect(page.getByTestId('emission-block')).toHaveCount(2);
  await expect(page.getByTestId('emission-block').first().locator('th')).toContainText('lots/lot-c.jsonl');
  await expect(page.getByTestId('emission-identity')).toContainText('émission : "Lot 9" (manifeste "manifeste.json")');
});
