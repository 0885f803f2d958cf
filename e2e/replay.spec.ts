/**
 * The replay screen end to end, in Chromium against the browser build. The units are found by the
 * engine itself, here on the Node side (R2: each opened alone from a fixed block), then named by
 * their references (R3): a Mine d'or unit with two Extra stages and an aligned win, a Les 3 Gongs
 * Bonus unit, losing units with a near miss. Screenshots go to test-results/screenshots/replay-*.png.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openByUrl, searchBlock } from './helpers/replay-screen';
import type * as Engine from '@engine';
import type { GameId, GongsView, MineDorView, OpenedUnit, StakeCents } from '@engine';
import { load, once } from './helpers/engine';
import { testId, until } from './helpers/until';

// The engine imports its rules data as JSON modules, which Playwright's loader does not: tsx loads it.
const engine = await load<typeof Engine>('src-engine/index.ts');
const { GENERATOR_VERSION, formatEuros, formatUnitRef, officialBlock, openUnit } = engine;

const SEED = 12345;
const STAKE: StakeCents = 100;

/** The first unit of the fixed block that satisfies `pred`, and its reference. */
function findUnit(
  game: GameId,
  pred: (u: OpenedUnit) => boolean,
  generatorVersion = GENERATOR_VERSION,
): { ref: string; unit: OpenedUnit } {
  const spec = officialBlock(game, STAKE, SEED, generatorVersion);
  for (let i = 0; i < 100_000; i++) {
    const unit = openUnit(spec, i);
    if (pred(unit))
      return { ref: formatUnitRef({ game, stakeCents: STAKE, seed: SEED, index: i, generatorVersion }), unit };
  }
  throw new Error(`no such ${game} unit in the first 100,000 of seed ${SEED}`);
}

const pairIn = (symbols: readonly string[], ignore: string): boolean =>
  symbols.some((s, i) => s !== ignore && symbols.indexOf(s) === i && symbols.filter((x) => x === s).length === 2);

const mine = once(() =>
  findUnit(
    'mine-d-or',
    (u) => (u.view as MineDorView).extras?.length === 2 && u.explanation.gains.some((g) => g.line >= 0),
  ),
);
const bonus = once(() =>
  findUnit('les-3-gongs', (u) => {
    const b = (u.view as GongsView).bonusCents;
    return b !== null && b !== undefined && new Set(b).size === 3;
  }),
);
// the same kind of unit in a version-1 block (G1 only: its amounts were not split round)
const bonusV1 = once(() => findUnit('les-3-gongs', (u) => (u.view as GongsView).bonusCents != null, 1));
const threeExtras = once(() =>
  findUnit(
    'mine-d-or',
    (u) => (u.view as MineDorView).extras?.length === 3 && u.assignedCents > 0 && u.explanation.gains.length > 0,
  ),
);
const mineLosing = once(() =>
  findUnit('mine-d-or', (u) => u.assignedCents === 0 && pairIn((u.view as MineDorView).main, 'extra')),
);
const gongLosing = once(() =>
  findUnit('les-3-gongs', (u) => u.assignedCents === 0 && pairIn((u.view as GongsView).gongs, '')),
);

const euros = (cents: number): string => formatEuros(cents, 'fr');
/** A full-page screenshot from the top (the header and the REJEU banner are sticky), once settled. */
async function shot(page: Page, name: string): Promise<void> {
  // browser-side code; this file is type-checked without the DOM library, hence the narrow casts
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await settled(page);
  await page.screenshot({ path: `test-results/screenshots/replay-${name}.png`, fullPage: true });
}

/** A settled frame: the uncovering animations (art. 4.3) have run to their end. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );
}

/** Asserts the nine cells of a grid show the unit's symbols. */
async function expectGrid(page: Page, grid: number, symbols: readonly string[]): Promise<void> {
  for (let c = 0; c < 9; c++)
    await expect(page.getByTestId(`grid-${grid}-cell-${c}`)).toHaveAttribute('data-symbol', symbols[c]!);
}

test("Mine d'or: two Extra stages and an aligned win, replayed to the end (art. 4.5, 4.6, 4.7)", async ({ page }) => {
  const view = mine().unit.view as MineDorView;
  await openByUrl(page, mine().ref);
  await expect(page.getByTestId('replay-banner')).toContainText('REJEU');
  // R2: opened from (block, index) alone; the time is shown (measured by bench:ui, never asserted here)
  expect(Number.isFinite(Number(await page.getByTestId('open-time').getAttribute('data-ms')))).toBe(true);
  // art. 4.1: nine covered cells until « Jouer »
  for (let c = 0; c < 9; c++)
    await expect(page.getByTestId(`grid-0-cell-${c}`)).toHaveAttribute('data-symbol', 'covered');
  await shot(page, 'mine-covered');
  await page.getByTestId('btn-jouer').click();
  await expectGrid(page, 0, view.main);
  await expect(page.getByTestId('step-article')).toHaveText('art. 4.3');
  // the main grid's gains, one step each, until the « EXTRA » button is what comes next
  for (let k = 1; k <= 2; k++) {
    const extraBtn = page.getByTestId(`btn-extra-${k}`);
    while (await extraBtn.isDisabled()) await page.keyboard.press('ArrowRight');
    if (k === 1) {
      // art. 4.5: a line drawn across the grid for each aligned (doubled) gain of the main grid
      const aligned = mine().unit.explanation.gains.filter((g) => g.grid === 0 && g.line >= 0).length;
      await expect(page.getByTestId('aligned-line')).toHaveCount(aligned);
      await shot(page, 'mine-aligned');
    }
    await extraBtn.click();
    await expect(page.getByTestId('step-article')).toHaveText('art. 4.6');
    await expectGrid(page, k, view.extras[k - 1]!);
  }
  await page.getByTestId('ctl-end').click();
  await expect(page.getByTestId('final-lot')).toHaveText(euros(mine().unit.assignedCents));
  await expect(page.getByTestId('explain-lot')).toHaveText(euros(mine().unit.explanation.lotCents));
  await expect(page.getByTestId('lot-article')).toContainText('art. 4.7');
  const articles = await page.getByTestId('gain-article').allTextContents();
  expect(articles).toEqual(mine().unit.explanation.gains.map((g) => g.article));
  expect(articles.some((a) => a.includes('4.5'))).toBe(true);
  await expect(page.getByTestId('aligned-line')).toHaveCount(
    mine().unit.explanation.gains.filter((g) => g.line >= 0).length,
  );
  await expect(page.getByTestId('verdict')).toContainText('R4');
  await until(page, testId('recall-digest', { 'data-status': 'done' }), { timeout: 60_000 });
  await expect(page.getByTestId('recall-digest')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('recall-digest')).toHaveText(/^[0-9a-f]{64}$/);
  await shot(page, 'mine-final');

  // exact steps back: the previous step is the last Extra stage's, then forward again
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('running-total')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByTestId('final-lot')).toHaveText(euros(mine().unit.assignedCents));
  await page.keyboard.press('Home');
  await expect(page.getByTestId('grid-0-cell-0')).toHaveAttribute('data-symbol', 'covered');
});

test('Les 3 Gongs: Bonus unit with the yin yang clicked in reverse order (art. 4.3.2, 4.4, G4)', async ({ page }) => {
  const view = bonus().unit.view as GongsView;
  const amounts = view.bonusCents!;
  await openByUrl(page, bonus().ref);
  await expect(page.getByTestId('gong-0')).toHaveAttribute('data-symbol', 'covered');
  await page.getByTestId('btn-jouer').click();
  // art. 4.3: « Jouer » uncovers the three symbols at once, and the caption says so
  for (const g of [0, 1, 2]) await expect(page.getByTestId(`gong-${g}`)).toHaveAttribute('data-symbol', 'yinyang');
  await expect(page.getByTestId('step-article')).toHaveText('art. 4.3');
  await expect(page.getByTestId('step-caption')).toContainText('les trois symboles se découvrent sous les gongs');
  await page.getByTestId('ctl-forward').click();
  await expect(page.getByTestId('bonus')).toBeVisible();
  await expect(page.getByTestId('step-article')).toHaveText('art. 4.3.2, 4.4');
  await shot(page, 'gongs-bonus-open');
  // the explanation follows the Bonus: no prize until the three amounts are uncovered
  await expect(page.getByTestId('no-gain-yet')).toContainText('Étape Bonus');
  await expect(page.getByTestId('explain-lot')).toHaveCount(0);
  let sum = 0;
  for (const p of [2, 1, 0]) {
    await page.getByTestId(`yinyang-${p}`).click();
    await expect(page.getByTestId(`yinyang-amount-${p}`)).toHaveText(euros(amounts[p]!));
    sum += amounts[p]!;
    await expect(page.getByTestId('running-total')).toHaveText(euros(sum));
  }
  await shot(page, 'gongs-bonus-revealed');
  await page.getByTestId('ctl-end').click();
  expect(sum).toBe(bonus().unit.assignedCents);
  await expect(page.getByTestId('final-lot')).toHaveText(euros(sum));
  // a version-2 reference: G1 (what the evaluator checks) and G5 (how the amounts were split)
  await expect(page.getByTestId('gain-article')).toHaveText('art. 4.3.2, 4.4, G1, G5');
  await expect(page.getByTestId('lot-article')).toHaveText('art. 4.4');
  await expect(page.getByTestId('verdict')).toContainText('R4');
  // the amounts stay where they were, whatever the order (G4)
  for (const p of [0, 1, 2]) await expect(page.getByTestId(`yinyang-amount-${p}`)).toHaveText(euros(amounts[p]!));
  await shot(page, 'gongs-bonus-final');
});

for (const lang of ['fr', 'en'] as const) {
  test(`G5: a V2 Bonus reference cites G5 and says its amounts are round, a V1 one does not (${lang}, 1280×720)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const round = lang === 'fr' ? 'montants ronds (G5)' : 'round amounts (G5)';
    await openByUrl(page, bonus().ref);
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('ctl-end').click();
    await expect(page.getByTestId('gain-article')).toHaveText('art. 4.3.2, 4.4, G1, G5');
    await expect(page.getByTestId('gain-row')).toContainText(round);
    await shot(page, `gongs-bonus-g5-${lang}`);
    expect(bonusV1().ref).toMatch(/-V1-/);
    await openByUrl(page, bonusV1().ref);
    await page.getByTestId('ctl-end').click();
    await expect(page.getByTestId('final-lot')).toHaveText(formatEuros(bonusV1().unit.assignedCents, lang));
    await expect(page.getByTestId('gain-article')).toHaveText('art. 4.3.2, 4.4, G1');
    await expect(page.getByTestId('gain-row')).not.toContainText('G5');
    await shot(page, `gongs-bonus-v1-${lang}`);
  });
}

test('losing units with a near miss: 0,00 € (Mine d’or art. 4.8, Les 3 Gongs art. 4.5)', async ({ page }) => {
  await openByUrl(page, mineLosing().ref);
  await page.keyboard.press('End');
  await expect(page.getByTestId('final-lot')).toHaveText('0,00 €');
  await expect(page.getByTestId('lot-article')).toHaveText('art. 4.8');
  await expect(page.getByTestId('no-gain')).toBeVisible();
  await expect(page.getByTestId('grid-reason-0')).toContainText('quasi-gain');
  await shot(page, 'mine-losing-near-miss');

  await openByUrl(page, gongLosing().ref);
  await page.keyboard.press('End');
  await expect(page.getByTestId('final-lot')).toHaveText('0,00 €');
  await expect(page.getByTestId('lot-article')).toHaveText('art. 4.5');
  await expect(page.getByTestId('grid-reason-0')).toContainText('quasi-gain');
  await shot(page, 'gongs-losing-near-miss');
});

test('back on Replay by its menu link, the address names the unit still on screen: a reload opens it again', async ({
  page,
}) => {
  await openByUrl(page, mine().ref);
  await page.getByTestId('nav-journal').click();
  await expect(page).toHaveURL(/#\/journal$/);
  await page.getByTestId('nav-replay').click();
  await expect(page.getByTestId('board-ref')).toHaveText(mine().ref);
  await expect(page).toHaveURL(new RegExp(`#/replay\\?ref=${mine().ref}$`));
  await page.reload();
  await expect(page.getByTestId('board-ref')).toHaveText(mine().ref);
});

test('bad input: a mistyped reference, an unknown game or version, an index outside the block keep the unit', async ({
  page,
}) => {
  await openByUrl(page, mine().ref);
  await page.keyboard.press('End');
  const input = page.getByTestId('ref-input');
  const refuse = async (text: string, reason: RegExp): Promise<void> => {
    await input.fill(text);
    await page.getByTestId('ref-open').click();
    await expect(page.getByTestId('ref-error-reason')).toHaveText(reason);
    await expect(page.getByTestId('ref-error')).toContainText('Attendu');
    // nothing else is lost: the previous unit, at its step, stays
    await expect(page.getByTestId('board-ref')).toHaveText(mine().ref);
    await expect(page.getByTestId('final-lot')).toHaveText(euros(mine().unit.assignedCents));
  };
  // one wrong character in the index part
  const parts = mine().ref.split('-');
  const typo = [...parts];
  typo[3] = typo[3]!.slice(0, 3) + (typo[3]!.endsWith('7') ? '8' : '7');
  await refuse(
    typo.join('-'),
    /^les caractères de contrôle "..?" ne correspondent pas au reste de la référence ".*" : un caractère est mal saisi \(R3\) ; aucune unité n'a été rejouée$/,
  );
  await shot(page, 'bad-reference');
  await refuse(`XXXX-${parts.slice(1).join('-')}`, /code de jeu inconnu "XXXX"/);
  await refuse('MINE-100-0000C1S', /compte 3 parties/);
  const v2 = formatUnitRef({ game: 'mine-d-or', stakeCents: STAKE, seed: SEED, index: 5, generatorVersion: 3 });
  await refuse(v2, /^version de générateur inconnue « V3 » : cette application rejoue V1 et V2 \(R5\)/);
  const outside = formatUnitRef({
    game: 'les-3-gongs',
    stakeCents: STAKE,
    seed: SEED,
    index: 300_000,
    generatorVersion: 1,
  });
  await refuse(outside, /l'indice 300\u202f000 est hors du bloc/);
  // the block browser refuses an index outside the block too, beside the field, and opens nothing
  await page.getByTestId('browse-index').fill('1000000');
  await expect(page.getByTestId('browse-index-error')).toHaveText(
    /^l’indice "1000000" dépasse 999\u202f999 : attendu un nombre décimal de 0 à 999\u202f999, ou au plus 4 caractères en base 32/,
  );
  await expect(page.getByTestId('browse-jump')).toBeDisabled();
  await page.getByTestId('browse-index').press('Enter');
  await expect(page.getByTestId('board-ref')).toHaveText(mine().ref);
  // the same refusal follows the English switch
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('browse-index-error')).toHaveText(/^index "1000000" is above 999999: expected/);
  await page.getByTestId('lang-select').selectOption('fr');
  await page.getByTestId('browse-index').fill('0');
  await refuse(typo.join('-'), /^les caractères de contrôle/);
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('ref-error-reason')).toHaveText(
    /check characters .* do not match .*\(R3\); nothing was replayed/,
  );
  await page.getByTestId('lang-select').selectOption('fr');
});

test('the JSON evidence equals the command line record; the PNG evidence is a PNG', async ({ page }) => {
  await openByUrl(page, mine().ref);
  await until(page, testId('recall-digest', { 'data-status': 'done' }), { timeout: 60_000 });
  await expect(page.getByTestId('recall-digest')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  expect(download.suggestedFilename()).toBe(`rejeu-${mine().ref}.json`);
  const screen = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
  const cli = JSON.parse(
    execFileSync(process.execPath, ['scripts/cli.mjs', 'replay', mine().ref, '--json'], { encoding: 'utf8' }),
  ) as Record<string, unknown>;
  delete cli.work_ms; // the CLI's own timing, not part of the record
  const { block_digest: digest, ...record } = screen;
  expect(record).toEqual(cli);
  expect(Object.keys(record)).toEqual(Object.keys(cli));
  expect(digest).toBe(await page.getByTestId('recall-digest').textContent());
  // the evidence says how it numbers grids, lines and cells: cells from 1 as the screen, from 0 as the symbol arrays
  expect(Object.keys(record.numbering as object)).toEqual([
    'grid',
    'line_name',
    'line_index',
    'cell_numbers',
    'cell_indices',
    'gain_indices',
  ]);
  const gains = record.gains as { cell_numbers: number[]; cell_indices: number[]; symbol: string; grid: number }[];
  expect(gains.length).toBeGreaterThan(0);
  await page.keyboard.press('End');
  const shown = await page.getByTestId('gain-row').locator('td.what').allTextContents();
  gains.forEach((g, k) => {
    expect(g.cell_numbers).toEqual(g.cell_indices.map((c) => c + 1));
    // the screen's « cases 1, 5, 9 » are the evidence's cell_numbers
    expect(shown[k]).toContain(`(cases ${g.cell_numbers.join(', ')})`);
    const grid = g.grid === 0 ? (record.main as string[]) : (record.extras as string[][])[g.grid - 1]!;
    expect(g.cell_indices.map((c) => grid[c])).toEqual([g.symbol, g.symbol, g.symbol]);
  });

  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
  const bytes = readFileSync((await png.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await png.saveAs('test-results/screenshots/replay-evidence-export.png');
});

test('browse a block: filter by level and presentation, page, next winning unit, random, English', async ({ page }) => {
  await page.goto('/#/replay');
  await expect(page.getByTestId('replay-empty')).toBeVisible();
  await searchBlock(page, { game: 'mine-d-or', stake: '100', seed: SEED, level: 'win', presentation: 'extra2' });
  const results = page.getByTestId('browse-results').locator('li button');
  await results.first().click();
  await expect(page.getByTestId('board-ref')).toHaveText(/^MINE-100-/);
  await page.keyboard.press('End');
  await expect(page.getByTestId('extra-stage-2')).toBeVisible();
  const firstPage = await results.allTextContents();
  await page.getByTestId('browse-more').click();
  await expect(results.first()).not.toHaveText(firstPage[0]!);
  await expect(results).toHaveCount(20);
  // the second page starts after the first one's last unit
  const secondPage = await results.allTextContents();
  const n = (s: string): number => Number(s.replace(/\D/g, ''));
  expect(n(secondPage[0]!)).toBeGreaterThan(n(firstPage.at(-1)!));
  // the next unit after this one that wins the 20 € level (index 6 of the 1 € table)
  const before = Number(await page.getByTestId('recall-index').getAttribute('data-index'));
  await page.getByTestId('browse-level').selectOption('6');
  await page.getByTestId('browse-presentation').selectOption('any');
  await page.getByTestId('browse-next').click();
  await expect(page.getByTestId('recall-index')).not.toHaveAttribute('data-index', String(before));
  await page.keyboard.press('End');
  await expect(page.getByTestId('recall-assigned')).toHaveText('20,00 €');
  expect(Number(await page.getByTestId('recall-index').getAttribute('data-index'))).toBeGreaterThan(before);
  // the last unit of the block opens alone too (R2; its time is measured by bench:ui)
  await page.getByTestId('browse-last').click();
  await expect(page.getByTestId('recall-index')).toHaveAttribute('data-index', '999999');
  await page.getByTestId('browse-random').click();
  await expect(page.getByTestId('board-panel')).toBeVisible();
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('replay-banner')).toContainText('REPLAY');
  await shot(page, 'english');
});

/** Opens the browser on a Les 3 Gongs Bonus search of the fixed block and waits for its results. */
async function searchGongBonus(page: Page): Promise<void> {
  await searchBlock(page, { game: 'les-3-gongs', stake: '100', seed: SEED, presentation: 'bonus' });
}

test('results of a Les 3 Gongs Bonus search never open a Mine d’or unit after the game changed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/replay');
  await searchGongBonus(page);
  await shot(page, 'search-gongs-bonus');
  const first = (await page.getByTestId('browse-results').locator('li button').first().getAttribute('data-testid'))!;
  // the report: change the game, then click a result that stayed on screen
  await page.getByTestId('browse-game').selectOption('mine-d-or');
  await expect(page.getByTestId('browse-results')).toHaveCount(0);
  await expect(page.getByTestId(first)).toHaveCount(0);
  await expect(page.getByTestId('replay-empty')).toBeVisible();
  // back on Les 3 Gongs the old results do not come back: a new search is needed
  await page.getByTestId('browse-game').selectOption('les-3-gongs');
  await expect(page.getByTestId('browse-results')).toHaveCount(0);
  // a result opens a unit of its own block: a Les 3 Gongs Bonus unit
  await searchGongBonus(page);
  const result = page.getByTestId('browse-results').locator('li button').nth(2);
  const index = Number((await result.getAttribute('data-testid'))!.replace('result-', ''));
  await result.click();
  await expect(page.getByTestId('board-ref')).toHaveText(/^GONG-100-/);
  await expect(page.getByTestId('recall-index')).toHaveAttribute('data-index', String(index));
  await page.keyboard.press('End');
  await expect(page.getByTestId('bonus')).toBeVisible();
  // changing the seed drops the results too; the unit on screen stays
  await page.getByTestId('browse-seed').fill(String(SEED + 1));
  await expect(page.getByTestId('browse-results')).toHaveCount(0);
  await expect(page.getByTestId('board-ref')).toHaveText(/^GONG-100-/);
});

test('the explanation follows the step shown: no prize before « Jouer », the lot only at the end', async ({ page }) => {
  const lot = euros(threeExtras().unit.explanation.lotCents);
  await openByUrl(page, threeExtras().ref);
  const explanation = page.getByTestId('explanation');
  await expect(explanation).toHaveAttribute('data-final', 'false');
  await expect(page.getByTestId('gain-row')).toHaveCount(0);
  await expect(page.getByTestId('explain-lot')).toHaveCount(0);
  await expect(page.getByTestId('verdict')).toHaveCount(0);
  await expect(page.getByTestId('lot-pending')).toBeVisible();
  await expect(page.getByTestId('recall-assigned')).toHaveCount(0);
  await expect(page.getByTestId('recall-assigned-pending')).toBeVisible();
  await expect(explanation).not.toContainText(lot);
  await expect(page.getByTestId('recall')).not.toContainText(lot);
  // « Jouer »: the main grid shows, its gains one step each, each listed as the board shows it
  await page.getByTestId('btn-jouer').click();
  await expect(page.getByTestId('gain-row')).toHaveCount(0);
  const gains = threeExtras().unit.explanation.gains;
  for (let k = 1; k <= gains.length; k++) {
    await page.getByTestId('ctl-forward').click();
    const kind = await page.getByTestId('step-article').textContent();
    if (kind === 'art. 4.6') await page.getByTestId('ctl-forward').click(); // an Extra stage uncovered
    await expect(page.getByTestId('gain-row')).toHaveCount(k);
  }
  await expect(page.getByTestId('explain-lot')).toHaveCount(0);
  await page.getByTestId('ctl-end').click();
  await expect(explanation).toHaveAttribute('data-final', 'true');
  await expect(page.getByTestId('explain-lot')).toHaveText(lot);
  await expect(page.getByTestId('recall-assigned')).toHaveText(euros(threeExtras().unit.assignedCents));
  await page.keyboard.press('Home');
  await expect(page.getByTestId('explain-lot')).toHaveCount(0);
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`layout ${size.width}×${size.height}: the third Extra stage and the step buttons need no scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openByUrl(page, threeExtras().ref);
    for (const lang of ['fr', 'en'] as const) {
      await page.getByTestId('lang-select').selectOption(lang);
      await page.keyboard.press('Home');
      await expect(page.getByTestId('btn-jouer')).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('End');
      await expect(page.getByTestId('final-lot')).toBeVisible();
      await settled(page);
      await page.screenshot({
        path: `test-results/screenshots/replay-layout-${size.width}x${size.height}-${lang}.png`,
      });
      for (const id of ['extra-stage-1', 'extra-stage-2', 'extra-stage-3', 'final-lot'])
        await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
      for (const id of ['ctl-restart', 'ctl-back', 'ctl-play', 'ctl-forward', 'ctl-end', 'ctl-speed', 'step-caption'])
        await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate('window.scrollY')).toBe(0);
    }
    // a Les 3 Gongs Bonus: the three yin yang and the step buttons fit as well
    await openByUrl(page, bonus().ref);
    await page.keyboard.press('End');
    for (const id of ['gong-2', 'yinyang-0', 'yinyang-2', 'final-lot', 'ctl-play', 'ctl-end', 'step-caption'])
      await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    await settled(page);
    await page.screenshot({ path: `test-results/screenshots/replay-layout-${size.width}x${size.height}-gongs.png` });
  });
}

test('block browsing takes the seed and index as a reference prints them (base 32), with the conversion shown', async ({
  page,
}) => {
  const [, , seedPart, indexPart] = mine().ref.split('-') as [string, string, string, string];
  const index = engine.parseUnitRef(mine().ref).index;
  await page.goto('/#/replay');
  await page.getByTestId('browse-game').selectOption('mine-d-or');
  await page.getByTestId('browse-stake').selectOption('100');
  await page.getByTestId('browse-seed').fill(seedPart.toLowerCase());
  await page.getByTestId('browse-notation').selectOption('base32');
  await page.getByTestId('browse-index').fill(indexPart);
  await expect(page.getByTestId('browse-seed-reading')).toHaveText(`graine ${seedPart} = 12345`);
  await expect(page.getByTestId('browse-index-reading')).toContainText(
    `indice ${indexPart} = ${engine.formatCount(index, 'fr')}`,
  );
  await page.getByTestId('browse-jump').click();
  await expect(page.getByTestId('board-ref')).toHaveText(mine().ref);
  // what was typed stays as typed; the recall fields show both forms
  await expect(page.getByTestId('browse-seed')).toHaveValue(seedPart.toLowerCase());
  await expect(page.getByTestId('recall-seed')).toContainText(seedPart);
  // decimal works too, and shows the reference form
  await page.getByTestId('browse-notation').selectOption('auto');
  await page.getByTestId('browse-seed').fill('12 345');
  await expect(page.getByTestId('browse-seed-reading')).toHaveText(`graine ${seedPart} = 12345`);
  // bad input says what it expects, in French and in English
  await page.getByTestId('browse-seed').fill('3KU9');
  await expect(page.getByTestId('browse-seed-error')).toHaveText(
    /^la graine "3KU9" : "U" n’est pas un caractère de la base 32 : attendu un nombre décimal de 0 à 4\u202f294\u202f967\u202f295, ou au plus 7 caractères en base 32 comme dans une référence/,
  );
  await expect(page.getByTestId('browse-search')).toBeDisabled();
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('browse-seed-error')).toHaveText(
    /^seed "3KU9": "U" is not a base-32 character: expected a decimal number from 0 to 4294967295, or at most 7 base-32 characters as in a unit reference/,
  );
  await page.getByTestId('browse-seed').fill(seedPart);
  await expect(page.getByTestId('browse-seed-reading')).toHaveText(`seed ${seedPart} = 12345`);
  await shot(page, 'base32-en');
});

test('English replay texts: no « Jouer », “prize” not « Lot », plurals, no space before colons', async ({ page }) => {
  /** Texts of the screen that are not quoted rules (the rules document's French title, the printed appendix's quotations). */
  const screenText = (): Promise<string> =>
    page.evaluate(`(() => {
      const view = document.querySelector('.replay-view').cloneNode(true);
      view.querySelectorAll('[data-testid="recall-rules"], [data-testid="rules-appendix"]').forEach((e) => e.remove());
      return view.textContent;
    })()`) as Promise<string>;
  const check = async (): Promise<void> => {
    const text = await screenText();
    expect(text).not.toMatch(/Jouer/);
    expect(text).not.toMatch(/\bLots?\b/);
    expect(text).not.toMatch(/\blots\)/);
    expect(text).not.toMatch(/[^\S\n]:/);
    expect(text).not.toMatch(/«|»/);
  };
  await openByUrl(page, mine().ref);
  await page.getByTestId('lang-select').selectOption('en');
  await expect(page.getByTestId('btn-jouer')).toHaveText('Play');
  await expect(page.getByTestId('step-caption')).toContainText('Play uncovers the symbols');
  await check();
  await page.getByTestId('btn-jouer').click();
  await check();
  await page.keyboard.press('End');
  await expect(page.getByTestId('explanation')).toContainText('Prize');
  await check();
  // « 1 prize », « 30 prizes »: the prize levels of the 1 € table (art. 3)
  const options = await page.getByTestId('browse-level').locator('option').allTextContents();
  expect(options).toContain('€15,000.00 (1 prize)');
  expect(options).toContain('€80.00 (11 prizes)');
  await page.getByTestId('browse-level').selectOption('win');
  await page.getByTestId('browse-presentation').selectOption('aligned');
  await page.getByTestId('browse-search').click();
  await expect(page.getByTestId('browse-results')).toContainText(/units opened/);
  await check();
  await openByUrl(page, bonus().ref);
  await page.keyboard.press('End');
  await check();
  await openByUrl(page, mineLosing().ref);
  await page.keyboard.press('End');
  await expect(page.getByTestId('final-lot')).toHaveText('€0.00');
  await check();
  await shot(page, 'english-losing');
});
