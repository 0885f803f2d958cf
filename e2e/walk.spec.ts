/**
 * A walk of every screen and its main states at 1280×720, in French and English, as a product
 * manager, a compliance officer and a tester would meet them: nothing wider than the window, and a
 * whole-page picture of each state (test-results/screenshots/walk-*.png) for a person to look at. Also the
 * pictures of what a scenario run and the replay's reasoning over every grid look like
 * (test-results/screenshots/issue-evidence/), and a chart's PNG export read back: its size holds the chart
 * and its table, and every word it draws is the screen's (title, game, stake, date, numbers).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import type { MineDorView } from '@engine';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
// the dispute « I saw three nuggets »: one in the main grid, two in Extra stage 1, nothing paid
const spec = engine.officialBlock('mine-d-or', 100, 12345);
let index = 0;
for (; ; index++) {
  const u = engine.openUnit(spec, index);
  const v = u.view as MineDorView;
  const n = (g: readonly string[]): number => g.filter((s) => s === 'nugget').length;
  if (u.assignedCents === 0 && v.extras.length === 1 && n(v.main) === 1 && n(v.extras[0]!) === 2) break;
}
const dispute = engine.formatUnitRef({
  game: 'mine-d-or',
  stakeCents: 100,
  seed: 12345,
  index,
  generatorVersion: engine.GENERATOR_VERSION,
});
const EVIDENCE = 'test-results/screenshots/issue-evidence';
mkdirSync(EVIDENCE, { recursive: true });

/** Fails when the page is wider than the window, naming the widest elements. */
async function expectFits(page: Page, state: string): Promise<void> {
  const over = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => {
        if (e.getBoundingClientRect().right <= w + 1 || e.getClientRects().length === 0) return false;
        // inside a region that scrolls on its own (a wide table beside its chart) and fits the window: reachable
        for (let p = e.parentElement; p; p = p.parentElement)
          if (/auto|scroll|hidden/.test(getComputedStyle(p).overflowX)) return p.getBoundingClientRect().right > w + 1;
        return true;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.dataset['testid'] ?? ''}`)
      .slice(0, 3);
  });
  expect(over, state).toEqual([]);
}

for (const lang of ['fr', 'en'] as const) {
  test(`walk of every screen and state at 1280×720 in ${lang === 'fr' ? 'French' : 'English'}`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    const shot = async (name: string): Promise<void> => {
      await expectFits(page, name);
      await page.screenshot({
        path: `test-results/screenshots/walk-${name}-${lang}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    };
    await expect(page.getByTestId('sim-run')).toBeVisible();
    await shot('simulation-form');
    await page.getByTestId('sim-game').selectOption('les-3-gongs');
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 120_000 });
    await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
    // every panel mounted and drawn (they arrive a frame each)
    await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
    await shot('simulation-results');

    await page.goto(`/#/replay?ref=${dispute}`);
    await expect(page.getByTestId('board-ref')).toHaveText(dispute);
    await page.getByTestId('ctl-end').click();
    await expect(page.getByTestId('across-grids')).toBeVisible();
    await shot('replay-end');
    await page.screenshot({ path: `${EVIDENCE}/replay-extra-stage-explanation-${lang}.png`, animations: 'disabled' });

    await page.goto('/#/compliance');
    await page.getByTestId('compliance-seed').fill('3');
    await page.getByTestId('build-report').click();
    await until(page, testId('block-3'), { timeout: 90_000 });
    await expect(page.getByTestId('block-3')).toBeVisible({ timeout: 90_000 });
    await shot('compliance-report');

    await page.goto('/#/explorer');
    await page.getByTestId('sessions-players').fill('1000');
    await page.getByTestId('sessions-run').click();
    await until(page, testId('sessions-done'), { timeout: 60_000 });
    await expect(page.getByTestId('sessions-done')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('optimise-hit-rate').fill('22');
    await page.getByTestId('optimise-run').click();
    await until(page, testId('optimise-load'), { timeout: 60_000 });
    await expect(page.getByTestId('optimise-load')).toBeVisible({ timeout: 60_000 });
    await shot('explorer-sessions-optimiser');
    await page.getByTestId('level-lots-0').fill('-3');
    await expect(page.getByTestId('problems')).toBeVisible();
    await shot('explorer-invalid-table');
  });

  test(`a scenario run in ${lang === 'fr' ? 'French' : 'English'}: its history line, CSV and reopened run`, async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/explorer');
    await page.getByTestId('lang-select').selectOption(lang);
    await expect(page.getByTestId('level-amount-0')).toHaveValue(lang === 'fr' ? '7 500,00' : '7,500.00');
    await page.getByTestId('level-amount-0').fill(lang === 'fr' ? '15 000,00' : '15,000.00');
    await page.getByTestId('scenario-name').fill('Essai 15 000');
    await page.getByTestId('open-in-simulation').click();
    await page.getByTestId('sim-seed').fill('77');
    await page.getByTestId('sim-blocks').fill('1');
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 90_000 });
    await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 90_000 });
    const history = page.getByTestId('sim-history');
    await expect(history.getByTestId('sim-history-item').first()).toContainText('Essai 15 000');
    await history.scrollIntoViewIfNeeded();
    await history.screenshot({ path: `${EVIDENCE}/scenario-history-${lang}.png` });
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sim-export-csv').click()]);
    const lines = readFileSync((await csv.path())!, 'utf8').split('\r\n');
    expect(lines[0]!.split(',')[0]).toBe('table');
    writeFileSync(info.outputPath('csv-head.txt'), `${csv.suggestedFilename()}\n${lines.slice(0, 2).join('\n')}\n`);
    if (lang === 'fr')
      writeFileSync(
        `${EVIDENCE}/scenario-results-csv-head.txt`,
        `${csv.suggestedFilename()}\n${lines.slice(0, 2).join('\n')}\n`,
      );
    // back on the official table, then the scenario run reopened: its own table beside its results
    await page.getByTestId('sim-table').selectOption('official');
    await page.getByTestId('sim-history-open').first().click();
    await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
    await expect(page.getByTestId('official-rtp')).toHaveText(lang === 'fr' ? '71,500 %' : '71.500%');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${EVIDENCE}/scenario-reopened-${lang}.png`, animations: 'disabled' });
  });
}

test("a chart's PNG: the chart whole, its title, game, stake, date and every number of its table", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/simulation');
  await page.getByTestId('sim-game').selectOption('les-3-gongs');
  await page.getByTestId('sim-stake').selectOption('50');
  await page.getByTestId('sim-seed').fill('5');
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 120_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
  // every chart drawn (each in a task of its own, after its panel is there): a chart drawing after
  // fillText is watched below would put its own labels before the PNG's title
  await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
  const panel = page.getByTestId('chart-rtp');
  const title = (await panel.locator('h3').textContent())!.trim();
  const cells = await panel.locator('table th, table td').allTextContents();
  const box = await panel.locator('canvas').evaluate((c: HTMLCanvasElement) => ({
    w: c.clientWidth,
    h: c.clientHeight,
  }));
  const rows = await panel.locator('table tbody tr').count();
  // every text the export draws, recorded as it is drawn
  await page.evaluate(() => {
    const drawn: string[] = [];
    (window as unknown as { drawn: string[] }).drawn = drawn;
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, max?: number) {
      drawn.push(text);
      return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
    };
  });
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-rtp-png').click()]);
  const bytes = readFileSync((await png.path())!);
  await png.saveAs('test-results/screenshots/walk-chart-rtp-png-fr.png');
  expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  // drawn at twice the CSS size: the chart whole (not cropped), its head, and every row of its table below
  expect(width).toBeGreaterThanOrEqual(2 * (box.w + 48));
  expect(height).toBeGreaterThanOrEqual(2 * (box.h + (rows + 1) * 22 + 48 + 60));
  const drawn = await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn);
  expect(drawn[0]).toBe(title);
  expect(drawn[1]).toMatch(/^Les 3 Gongs, mise 0,50\u00a0€, graine 5, 1 bloc/);
  expect(drawn[2]).toMatch(/^Exporté le \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  for (const c of cells.map((x) => x.trim()).filter(Boolean)) expect(drawn).toContain(c);
});
