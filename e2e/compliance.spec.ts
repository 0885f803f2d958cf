import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { buildReport } from './helpers/compliance-screen';
import { holdWorkers } from './helpers/hold-workers';
import { testId, until } from './helpers/until';

const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: `test-results/screenshots/compliance-${name}.png`, fullPage: true });

async function checkFigures(page: Page, seed: string, rtp: string, levels: number): Promise<void> {
  const block = page.getByTestId(`block-${seed}`);
  await expect(block.getByTestId('rtp-simulated')).toHaveText(rtp);
  await expect(block.getByTestId('rtp-official')).toHaveText(rtp);
  await expect(block.getByTestId('rtp-band')).toContainText('dans la fourchette');
  await expect(block.getByTestId('evaluator')).toContainText('CONFORME');
  // Every level's simulated count equals the official table (art. 3), losing units included.
  const rows = block.getByTestId('reconciliation').locator('tbody tr');
  await expect(rows).toHaveCount(levels + 1);
  for (let i = 0; i < levels + 1; i++) {
    const row = rows.nth(i);
    await expect(row.getByTestId('simulated')).toHaveText((await row.getByTestId('official').textContent()) ?? '');
  }
  await expect(block.getByTestId('total-simulated')).toHaveText(
    (await block.getByTestId('total-official').textContent()) ?? '',
  );
  // Placement tests: the nine block tests, one KS test per level with ≥ 5 lots and one spacing test per
  // level with ≥ 20 lots, each with a verdict.
  const tests = block.getByTestId('placement-tests').locator('tbody tr');
  await expect(tests).toHaveCount(24);
  for (const v of await tests.getByTestId('verdict').allTextContents())
    expect(['réussi', 'p sous 1 %']).toContain(v.trim());
  await expect(block.getByTestId('digest')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(block.getByTestId('merkle-root')).toHaveText(/^[0-9a-f]{64}$/);
}

test('audit reports of a Mine d’or and a Les 3 Gongs block show the official figures', async ({ page }) => {
  await page.goto('/#/compliance');
  await buildReport(page, 'mine-d-or', '100', '11');
  await checkFigures(page, '11', '70,000\u00a0%', 12);
  await expect(page.getByTestId('report-game')).toHaveText("Mine d'or");
  await shot(page, 'mine-report');
  await buildReport(page, 'les-3-gongs', '50', '12');
  await checkFigures(page, '12', '69,993\u00a0%', 9);
  await shot(page, 'gongs-report');
});

test('a Les 3 Gongs export downloads, imports back and passes; one altered lot is named by its line', async ({
  page,
}, testInfo) => {
  await page.goto('/#/compliance');
  await page.getByTestId('compliance-game').selectOption('les-3-gongs');
  await page.getByTestId('compliance-stake').selectOption('50');
  await page.getByTestId('compliance-seed').fill('12');
  const downloading = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('export-jsonl').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('les-3-gongs-50-12.jsonl');
  const path = testInfo.outputPath('export.jsonl');
  await download.saveAs(path);
  await expect(page.getByTestId('export-done')).toBeVisible();
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  expect(lines.length).toBe(300_002); // header, 300,000 units, final line end

  await page.getByTestId('import-file').setInputFiles(path);
  await until(page, testId('import-verdict'), { text: 'CONFORME', timeout: 90_000 });
  await expect(page.getByTestId('import-verdict')).toContainText('CONFORME', { timeout: 90_000 });
  // the block read from the file is tested for placement too
  await expect(page.getByTestId('import-placement')).toHaveAttribute('data-finding', 'false');
  await expect(page.getByTestId('import-placement-text')).toContainText('Placement des gagnants : aucun constat');
  await expect(page.getByTestId('import-verdict')).toContainText('300\u202f000 unités vérifiées');
  // the verdict states the SHA-256 of the bytes checked
  await expect(page.getByTestId('import-sha256')).toContainText(
    createHash('sha256').update(readFileSync(path)).digest('hex'),
  );
  await shot(page, 'import-pass');

  // Alter one losing unit's lot to 3,00 € (a lot of the table) on the 1,235th unit.
  const k = lines.findIndex((l, i) => i > 1234 && l.includes('"prize_cents":0,'));
  lines[k] = lines[k]!.replace('"prize_cents":0,', '"prize_cents":300,');
  const altered = testInfo.outputPath('altered.jsonl');
  writeFileSync(altered, lines.join('\n'));
  await page.getByTestId('import-file').setInputFiles(altered);
  await until(page, testId('import-verdict'), { text: 'NON CONFORME', timeout: 90_000 });
  await expect(page.getByTestId('import-verdict')).toContainText('NON CONFORME', { timeout: 90_000 });
  await expect(page.getByTestId('discrepancies').locator('li').first()).toContainText(
    `ligne ${k + 1} : champ "prize_cents" : indique 3,00\u00a0€, mais ce que montre l'unité gagne 0,00\u00a0€`,
  );
  await shot(page, 'import-fail');
  // the English switch shows the English message the command line prints
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('discrepancies').locator('li').first()).toContainText(
    `line ${k + 1}: field "prize_cents": says €3.00, but what the unit shows wins €0.00`,
  );
  await page.getByTestId('lang-select').selectOption('fr');
  // each discrepancy names its unit, the expected and the found value, and opens the unit in replay
  const first = page.getByTestId('discrepancies').locator('li').first();
  const ref = JSON.parse(lines[k]!) as { ref: string };
  await expect(first).toHaveAttribute('data-ref', ref.ref);
  await expect(first.getByTestId('discrepancy-expected')).toHaveText('0');
  await expect(first.getByTestId('discrepancy-found')).toHaveText('300');
  await first.getByTestId('discrepancy-replay').click();
  await expect(page).toHaveURL(new RegExp(`#/replay\\?ref=${ref.ref}$`));
  await expect(page.getByTestId('board-ref')).toHaveText(ref.ref);
});

test('a cancelled full export leaves no file; the print stylesheet shows the report alone', async ({
  page,
}, testInfo) => {
  // the export's workers held from the start: it is surely running when « Annuler » is pressed
  const workers = await holdWorkers(page);
  await page.goto('/#/compliance');
  await page.getByTestId('compliance-game').selectOption('mine-d-or');
  await page.getByTestId('compliance-seed').fill('5');
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByTestId('export-csv').click();
  await workers.requested;
  await expect(page.getByTestId('export-progress')).toBeVisible();
  await page.getByTestId('cancel-export').click();
  // cancelled means the save was aborted: a browser download only ever starts on commit
  await expect(page.getByTestId('export-cancelled')).toBeVisible();
  expect(downloads).toBe(0);
  workers.release();

  await buildReport(page, 'les-3-gongs', '200', '3');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('build-report')).toBeHidden();
  await expect(page.getByTestId('import-file')).toBeHidden();
  await expect(page.getByTestId('report')).toBeVisible();
  await shot(page, 'print');
  // every printed page: title, game, stake, seeds, date on top; block digest and « Page n sur N » below
  const css = await page.evaluate(() =>
    document.adoptedStyleSheets.flatMap((s) => Array.from(s.cssRules, (r) => r.cssText)).join('\n'),
  );
  // the parsed rules, as the browser serialises them
  expect(css).toMatch(
    /@top-center \{ content: "Rapport d'audit de bloc — Les 3 Gongs · Mise 2,00\s€ · Graine 3 · \d\d\/\d\d\/\d{4} /,
  );
  const digest = (await page.getByTestId('block-3').getByTestId('digest').textContent())!.trim();
  expect(digest).toMatch(/^[0-9a-f]{64}$/);
  expect(css).toMatch(new RegExp(`@bottom-left \\{ content: "Bloc — graine 3\\s: ${digest}"`));
  expect(css).toContain('@bottom-right { content: "Page " counter(page) " sur " counter(pages)');
  await page.pdf({ path: testInfo.outputPath('report.pdf'), preferCSSPageSize: true });
  // the screen's print fits A4 (186 mm between the margins, 703 px): no table, and no cell of one, wider
  // than its panel (the identity's « sha256:… » digest breaks rather than run past the page)
  await page.setViewportSize({ width: 703, height: 1000 });
  const overflowing = await page.getByTestId('report').evaluate((report) =>
    Array.from(report.querySelectorAll('table'), (t) => {
      const panel = t.parentElement!.getBoundingClientRect();
      const cells = Array.from(t.querySelectorAll('td, th'));
      const wide =
        t.getBoundingClientRect().right > panel.right + 1 || cells.some((c) => c.scrollWidth > c.clientWidth + 1);
      return wide ? (t.getAttribute('data-testid') ?? t.className) : null;
    }).filter((x) => x !== null),
  );
  expect(overflowing).toEqual([]);
});

test('files that are not exports get their own verdict with the reason, in French and English', async ({ page }) => {
  await page.goto('/#/compliance');
  const header = '{"game":"les-3-gongs","stake_cents":50,"seed":1,"generator":"instant-lab-gen/1","units":300000}';
  const pretty = JSON.stringify({ game: 'les-3-gongs', stake_cents: 50, units: [{ index: 0 }] }, null, 2);
  const binary = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256));
  const cases: [string, Buffer, RegExp, RegExp][] = [
    ['vide.jsonl', Buffer.from(''), /le fichier est vide/, /the file is empty/],
    ['en-tete.jsonl', Buffer.from(`${header}\n`), /aucune ligne d'unité/, /holds no unit line/],
    [
      'joli.json',
      Buffer.from(`${pretty}\n`),
      /fichier JSON sur plusieurs lignes/,
      /JSON file spread over several lines/,
    ],
    ['image.png', binary, /données binaires/, /binary data/],
  ];
  for (const [name, buffer, fr, en] of cases) {
    await page.getByTestId('lang-select').selectOption('fr');
    await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    const verdict = page.getByTestId('import-verdict');
    await until(page, testId('import-verdict', { 'data-verdict': 'not-an-export' }), { timeout: 60_000 });
    await expect(verdict).toHaveAttribute('data-verdict', 'not-an-export', { timeout: 60_000 });
    await expect(verdict).toContainText(`PAS UN EXPORT : ${name}`);
    await expect(verdict).not.toContainText('NON CONFORME');
    await expect(page.getByTestId('import-not-export-reason')).toHaveText(fr);
    await expect(page.getByTestId('discrepancies')).toHaveCount(0);
    if (name === 'joli.json') await shot(page, 'not-an-export-fr');
    await page.getByTestId('lang-select').selectOption('en');
    await expect(verdict).toContainText(`NOT AN EXPORT: ${name}`);
    await expect(page.getByTestId('import-not-export-reason')).toHaveText(en);
    if (name === 'joli.json') await shot(page, 'not-an-export-en');
  }
});

test('a bad seed or block count says what it expects, in French and English, and builds nothing', async ({ page }) => {
  await page.goto('/#/compliance');
  await page.getByTestId('compliance-seed').fill('12a');
  await expect(page.getByTestId('compliance-seed-error')).toHaveText(
    'Graine « 12a » refusée : attendu un nombre entier (chiffres uniquement) de 0 à 4\u202f294\u202f967\u202f295.',
  );
  await expect(page.getByTestId('build-report')).toBeDisabled();
  await expect(page.getByTestId('export-jsonl')).toBeDisabled();
  await page.getByTestId('compliance-seed').fill('7');
  await page.getByTestId('compliance-blocks').fill('11');
  await expect(page.getByTestId('compliance-blocks-error')).toHaveText(
    'Nombre de blocs « 11 » refusé : attendu un nombre entier de 1 à 10.',
  );
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('compliance-blocks-error')).toHaveText(
    'Number of blocks "11" refused: expected a whole number from 1 to 10.',
  );
  await page.getByTestId('compliance-blocks').fill('2');
  await expect(page.getByTestId('compliance-blocks-error')).toHaveCount(0);
  await expect(page.getByTestId('build-report')).toBeEnabled();
});

test('the browser build offers one file button for the export check: the page’s own input', async ({ page }) => {
  await page.goto('/#/compliance');
  await expect(page.getByTestId('import-file')).toHaveCount(1);
  // the desktop's native-dialog button is for the desktop only: never a second button doing the same
  await expect(page.getByTestId('import-open')).toHaveCount(0);
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('import-open')).toHaveCount(0);
});
