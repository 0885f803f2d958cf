/**
 * The simulation screen end to end, in Chromium against the browser build: full official blocks
 * reconciled with the tables (art. 3.1–3.3, R4), cancellation, history after a reload, input errors.
 * Screenshots of every state go to test-results/screenshots/simulation-*.png.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { testId, until } from './helpers/until';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/simulation-${name}.png`, fullPage: true });

/** Sets the controls and presses Run. */
async function run(page: Page, game: string, stake: string, seed: string, blocks: string): Promise<void> {
  await page.getByTestId('sim-game').selectOption(game);
  await page.getByTestId('sim-stake').selectOption(stake);
  await page.getByTestId('sim-seed').fill(seed);
  await page.getByTestId('sim-blocks').fill(blocks);
  await page.getByTestId('sim-run').click();
}

/** Every row of the win-distribution table: official count equals simulated count, difference 0. */
async function expectCountsEqualTable(page: Page, levels: number): Promise<void> {
  const rows = page.getByTestId('chart-distribution').locator('tbody tr');
  await expect(rows).toHaveCount(levels + 1); // + the losing units
  for (let i = 0; i <= levels; i++) {
    const cells = rows.nth(i).locator('td');
    const official = await cells.nth(1).textContent();
    expect(await cells.nth(2).textContent(), `row ${i}`).toBe(official);
    await expect(cells.nth(4)).toHaveText('0');
  }
}

test.beforeEach(async ({ page }) => {
  await page.goto('/#/simulation');
  await expect(page.getByTestId('official-table')).toBeVisible();
});

test("a full Mine d'or block at 1 € matches the official table and returns 70,000 %", async ({ page }) => {
  // the official table (art. 3.2) is shown before anything runs
  await page.getByTestId('sim-stake').selectOption('100');
  await expect(page.getByTestId('official-rtp')).toHaveText('70,000 %');
  await expect(page.getByTestId('official-hit-rate')).toHaveText('19,867 % — 1 sur 5,03');
  await expect(page.getByTestId('official-sd')).toHaveText('17,02 mises');
  await expect(page.getByTestId('official-total')).toHaveText('700 000,00 €');
  await expect(page.getByTestId('official-row').first()).toContainText('15 000,00 €');
  await shot(page, 'initial');

  await run(page, 'mine-d-or', '100', '1', '1');
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toContainText('Le bloc est conforme au tableau officiel');
  await expectCountsEqualTable(page, 12);
  await expect(page.getByTestId('rtp-total')).toHaveText('70,000 %');
  await expect(page.getByTestId('rtp-verdict')).toHaveText('Dans la fourchette légale');
  await expect(page.getByTestId('rtp-statement')).toContainText('D.322-10');
  await expect(page.getByTestId('sim-block-audit')).toHaveText('Conforme');
  await expect(page.getByTestId('sim-block-digest')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('chart-presentation').locator('thead')).toContainText('Étape Extra');

  // Run → charts drawn, measured by the app on the performance timeline (reported, not asserted)
  await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('simulation:run-to-charts').length))
    .toBeGreaterThan(0);
  const ms = await page.evaluate(() => {
    const m = performance.getEntriesByName('simulation:run-to-charts');
    return m.length > 0 ? m[m.length - 1]!.duration : null;
  });
  console.log(`Mine d'or, one full block (1,000,000 units), Run → charts: ${ms?.toFixed(0)} ms`);
  test.info().annotations.push({ type: 'run-to-charts-ms', description: String(ms) });
  expect(ms).not.toBeNull();
  await shot(page, 'mine-dor');

  // English switch: every label follows
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('sim-verdict')).toContainText('The block conforms to the official table');
  await expect(page.getByTestId('rtp-total')).toHaveText('70.000%');
  await shot(page, 'english');
});

test('a full Les 3 Gongs block at 0,50 € matches the official table and returns 69,993 %', async ({ page }) => {
  await page.getByTestId('sim-game').selectOption('les-3-gongs');
  await page.getByTestId('sim-stake').selectOption('50');
  await expect(page.getByTestId('official-rtp')).toHaveText('69,993 %');
  await expect(page.getByTestId('official-hit-rate')).toHaveText(/ — 1 sur 3,68$/);
  await run(page, 'les-3-gongs', '50', '42', '1');
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  await expectCountsEqualTable(page, 9);
  await expect(page.getByTestId('rtp-total')).toHaveText('69,993 %');
  await expect(page.getByTestId('chart-presentation').locator('thead')).toContainText('Bonus');
  await shot(page, 'gongs');
});

test('a 20-block run cancelled mid-way stops its workers and keeps the previous results', async ({ page }) => {
  const workers: { closed: boolean }[] = [];
  page.on('worker', (w) => {
    const rec = { closed: false };
    workers.push(rec);
    w.on('close', () => (rec.closed = true));
  });
  await run(page, 'les-3-gongs', '50', '5', '1');
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  const previousMeta = await page.getByTestId('sim-results-meta').textContent();
  const previousDigest = await page.getByTestId('sim-block-digest').first().textContent();

  await run(page, 'mine-d-or', '100', '1000', '20');
  const bar = page.getByTestId('sim-progress-bar');
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'running');
  // looked at every 50 ms (expect.poll's own: 0.1, 0.35, 0.85 s, then every second)
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000, intervals: [50] })
    .toBeGreaterThan(2);
  await expect(page.getByTestId('sim-progress-units')).toContainText('/ 20 000 000 unités');
  await shot(page, 'running');

  // Cancel → cancelled state, timed inside the page (the run's workers are terminated at once by its signal)
  const cancelMs = await page.evaluate(async () => {
    const status = () => document.querySelector('[data-testid="sim-progress"]')?.getAttribute('data-status');
    const t0 = performance.now();
    document.querySelector<HTMLButtonElement>('[data-testid="sim-cancel"]')!.click();
    while (status() !== 'cancelled') await new Promise((r) => setTimeout(r, 1));
    return performance.now() - t0;
  });
  // reported, not asserted: speed is measured by bench:ui, never by a test
  console.log(`Cancel → cancelled state: ${cancelMs.toFixed(1)} ms`);
  const t0 = Date.now();
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('sim-status')).toContainText('Simulation annulée');
  // the run's workers (the simulation pool: one a core) are terminated; the other screens' idle
  // workers stay warm, and no worker is started for the jobs the cancel dropped
  const runWorkers = await page.evaluate(() => navigator.hardwareConcurrency || 2);
  const seenAtCancel = workers.length;
  await expect
    .poll(() => workers.filter((w) => w.closed).length, { timeout: 5_000, intervals: [50] })
    .toBeGreaterThanOrEqual(runWorkers);
  expect(workers.length).toBe(seenAtCancel);
  console.log(`Cancel → Playwright saw the run's workers close: ${Date.now() - t0} ms (includes CDP round trips)`);
  const value = Number(await bar.getAttribute('aria-valuenow'));
  expect(value).toBeLessThan(100);
  // the previous results are untouched
  await expect(page.getByTestId('sim-results-meta')).toHaveText(previousMeta!);
  await expect(page.getByTestId('sim-block-digest').first()).toHaveText(previousDigest!);
  await expect(page.getByTestId('rtp-total')).toHaveText('69,993 %');
  await expect(page.getByTestId('sim-run')).toBeEnabled();
  await shot(page, 'cancelled');
});

test('a run reopens from the history after a reload, without recomputation', async ({ page }) => {
  await run(page, 'mine-d-or', '50', '77', '2');
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  // the blocks' table arrives after the verdict, a panel a frame
  await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
  const digests = await page.getByTestId('sim-block-digest').allTextContents();
  expect(digests).toHaveLength(2);
  await expect(page.getByTestId('sim-history-item')).toHaveCount(1);

  await page.reload();
  let spawned = 0;
  page.on('worker', () => spawned++);
  await expect(page.getByTestId('sim-no-results')).toBeVisible();
  await expect(page.getByTestId('sim-history-item')).toHaveCount(1);
  await expect(page.getByTestId('sim-history-item')).toContainText("Mine d'or, 0,50 €, graine 77, 2 blocs");
  await page.getByTestId('sim-history-open').click();
  await expect(page.getByTestId('sim-results-source')).toHaveAttribute('data-source', 'history');
  await expect(page.getByTestId('sim-verdict')).toContainText('Les 2 blocs sont conformes au tableau officiel');
  await expect(page.getByTestId('sim-block-digest')).toHaveText(digests);
  await expect(page.getByTestId('rtp-total')).toHaveText('70,000 %');
  await expectCountsEqualTable(page, 12);
  await expect(page.getByTestId('sim-progress')).toHaveCount(0);
  expect(spawned).toBe(0); // no worker: nothing was recomputed
  await expect(page.getByTestId('sim-seed')).toHaveValue('77');
  await shot(page, 'history');
});

test('a bad seed or block count shows what is expected and does not start', async ({ page }) => {
  await run(page, 'les-3-gongs', '100', '3', '1');
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  const meta = await page.getByTestId('sim-results-meta').textContent();

  await page.getByTestId('sim-seed').fill('12abc');
  await expect(page.getByTestId('sim-seed-error')).toHaveText(
    'Graine « 12abc » refusée : attendu un nombre entier (chiffres uniquement) de 0 à 4 294 967 295.',
  );
  await expect(page.getByTestId('sim-seed')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-refused')).toBeVisible();
  await expect(page.getByTestId('sim-progress')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('sim-results-meta')).toHaveText(meta!);

  // the English switch
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('sim-seed-error')).toContainText('12abc');
  await expect(page.getByTestId('sim-seed-error')).toContainText('refused: expected a whole number (digits only)');
  await page.getByTestId('lang-select').selectOption('fr');

  await page.getByTestId('sim-seed').fill('4294967296');
  await expect(page.getByTestId('sim-seed-error')).toContainText('hors limites');
  await page.getByTestId('sim-seed').fill('-5');
  await expect(page.getByTestId('sim-seed-error')).toContainText('chiffres uniquement');
  await page.getByTestId('sim-blocks').fill('101');
  await expect(page.getByTestId('sim-blocks-error')).toHaveText(
    'Nombre de blocs « 101 » refusé : attendu un nombre entier de 1 à 100.',
  );
  await shot(page, 'bad-seed');

  // the random seed button draws a valid seed
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('sim-random-seed').click();
  await expect(page.getByTestId('sim-seed')).toHaveValue(/^\d+$/);
  await expect(page.getByTestId('sim-seed-error')).toHaveCount(0);
});

test('many blocks: the sales curve draws their mean, the 80 % band and the extremes, explained, with its table', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await run(page, 'les-3-gongs', '50', '500', '12');
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 120_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
  const curve = page.getByTestId('chart-curve');
  await expect(curve.locator('thead th')).toHaveText(['Vendu', 'Moyenne', 'P10', 'P90', 'Min.', 'Max.']);
  const rows = curve.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  // when the whole block is sold every block returns the table's RTP exactly (art. 3): no spread left
  await expect(rows.nth(4).locator('td')).toHaveText(['100\u00a0%', ...Array(5).fill('69,99\u00a0%')]);
  await expect(page.getByTestId('curve-note')).toContainText('la moyenne du TRJ cumulé des 12 blocs');
  await curve.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/simulation-curve-band-fr.png' });
  await page.getByTestId('lang-select').selectOption('en');
  await expect(curve.locator('thead th').first()).toHaveText('Sold');
  await expect(page.getByTestId('curve-note')).toContainText('the mean cumulative RTP of the 12 blocks');
  await page.screenshot({ path: 'test-results/screenshots/simulation-curve-band-en.png' });
});

test('a few blocks: one sales curve per block, named by its seed, numbers beside', async ({ page }) => {
  await run(page, 'les-3-gongs', '50', '3', '2');
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 120_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
  const curve = page.getByTestId('chart-curve');
  await expect(curve.locator('tbody tr td:first-child')).toHaveText(['3', '4']);
  await expect(curve.locator('tbody tr').first().locator('td').last()).toHaveText('69,99\u00a0%');
  await expect(page.getByTestId('curve-note')).toHaveText(
    'Une courbe par bloc (2 blocs) ; axe vertical limité à 150\u00a0%.',
  );
});

test('a scenario run names its table everywhere: history, results, CSV and file name; reopened, its own table comes back', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
  // Mine d'or at 0,50 €: the top lot doubled (71,5 % RTP), a what-if named « Essai 15 000 »
  await page.getByTestId('level-amount-0').fill('15 000,00');
  await page.getByTestId('scenario-name').fill('Essai 15 000');
  await page.getByTestId('open-in-simulation').click();
  await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
  await page.getByTestId('sim-seed').fill('77');
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 90_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 90_000 });

  const item = page.getByTestId('sim-history-item').first();
  await expect(item).toContainText(
    /graine 77, 1 bloc, scénario « Essai 15 000 » \(hors règlement\), empreinte [0-9a-f]{12}/,
  );
  await expect(page.getByTestId('sim-results-heading')).toHaveText(
    'Résultats — scénario « Essai 15 000 » (hors règlement)',
  );
  await expect(page.getByTestId('sim-results-table')).toHaveText(/empreinte SHA-256 [0-9a-f]{64}$/);
  const digest = (await page.getByTestId('sim-results-table').textContent())!.match(/[0-9a-f]{64}/)![0];

  // the CSV names the scenario and its digest on every line; no column called `official`
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sim-export-csv').click()]);
  expect(csv.suggestedFilename()).toBe(
    `simulation-mine-d-or-50c-seed77-x1-scenario-essai-15-000-${digest.slice(0, 12)}.csv`,
  );
  const csvPath = info.outputPath('run.csv');
  await csv.saveAs(csvPath);
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(csvPath, 'utf8').split('\r\n');
  const header = lines[0]!.split(',');
  expect(header[0]).toBe('table');
  expect(header).toContain('scenario');
  expect(header).not.toContain('official');
  expect(lines[1]).toContain(`"scenario ""Essai 15 000"" sha256:${digest}"`);
  expect(lines[1]).toContain(',1500000,1,1,0,'); // the scenario's own top lot, under `scenario`
  await page.getByTestId('sim-history').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/identity-history-fr.png' });

  // the selector back on the official table (70,000 %), then the run reopened: its own table returns
  await page.getByTestId('sim-table').selectOption('official');
  await expect(page.getByTestId('official-rtp')).toHaveText('70,000 %');
  await page.getByTestId('sim-history-open').first().click();
  await expect(page.getByTestId('sim-results-source')).toHaveAttribute('data-source', 'history');
  await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
  await expect(page.getByTestId('official-table-digest')).toHaveAttribute('data-table-kind', 'scenario');
  await expect(page.getByTestId('official-table-digest')).toContainText(digest);
  await expect(page.getByTestId('official-rtp')).toHaveText('71,500 %');
  await expect(page.getByTestId('official-row').first()).toContainText('15 000,00 €');
  await expect(page.getByTestId('rtp-total')).toHaveText('71,500 %');
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: 'test-results/screenshots/identity-reopened-fr.png' });
  await page.getByTestId('sim-results-heading').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/identity-results-fr.png' });

  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('sim-results-heading')).toHaveText(
    'Results — scenario « Essai 15 000 » (not the rules)',
  );
  await expect(item).toContainText(
    /seed 77, 1 block, scenario « Essai 15 000 » \(not the rules\), digest [0-9a-f]{12}/,
  );
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: 'test-results/screenshots/identity-reopened-en.png' });
  await page.getByTestId('sim-history').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/identity-history-en.png' });

  // the CSV's first lines, as a spreadsheet user reads them (the file is language-free)
  await page.setContent(
    `<pre style="font: 13px monospace; white-space: pre-wrap; word-break: break-all; padding: 1rem">${lines
      .slice(0, 4)
      .join('\n')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')}</pre>`,
  );
  await page.screenshot({ path: 'test-results/screenshots/identity-csv-header.png' });
});

test('many blocks: the results arrive a panel a frame, and are said drawn only with every row of the blocks’ table', async ({
  page,
}) => {
  await run(page, 'les-3-gongs', '50', '300', '25');
  const results = page.getByTestId('sim-results');
  await until(page, testId('sim-results', { 'data-drawn': 'true' }), { timeout: 120_000 });
  await expect(results).toHaveAttribute('data-drawn', 'true', { timeout: 120_000 });
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  // read at once, not waited for: every row is there when the screen says it is drawn
  expect(await page.getByTestId('sim-block-row').count()).toBe(25);
  expect(await page.getByTestId('sim-block-digest').allTextContents()).toHaveLength(25);
});
