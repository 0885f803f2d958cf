/**
 * The replay explains every grid (art. 4.4, 4.6), beside the board at 1280 × 720, in French and
 * English: the dispute « I saw three nuggets » (one in the main grid, two in Extra stage 1, nothing
 * paid), found by the engine in a fixed block; the JSON evidence names grids and lines as the screen
 * does; « Jouer » uncovers the three gongs at once (art. 4.3); another screen's link lands at the
 * top. Screenshots: test-results/screenshots/replay-grids-*.png.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openByUrl } from './helpers/replay-screen';
import type * as Engine from '@engine';
import type { GameId, GongsView, MineDorView, OpenedUnit } from '@engine';
import { load, once } from './helpers/engine';

const engine = await load<typeof Engine>('src-engine/index.ts');
const { GENERATOR_VERSION, formatUnitRef, officialBlock, openUnit, reasonUnit } = engine;

const SEED = 12345;

/** The first unit of the 1 € block of seed 12345 that satisfies `pred`, and its reference. */
function findUnit(game: GameId, pred: (u: OpenedUnit) => boolean): { ref: string; unit: OpenedUnit } {
  const spec = officialBlock(game, 100, SEED);
  for (let i = 0; i < 100_000; i++) {
    const unit = openUnit(spec, i);
    if (pred(unit))
      return {
        ref: formatUnitRef({ game, stakeCents: 100, seed: SEED, index: i, generatorVersion: GENERATOR_VERSION }),
        unit,
      };
  }
  throw new Error(`no such ${game} unit in the first 100,000 of seed ${SEED}`);
}

const nuggets = (grid: readonly string[]): number => grid.filter((s) => s === 'nugget').length;
const dispute = once(() =>
  findUnit('mine-d-or', (u) => {
    const v = u.view as MineDorView;
    return u.assignedCents === 0 && v.extras.length === 1 && nuggets(v.main) === 1 && nuggets(v.extras[0]!) === 2;
  }),
);
// « alignés sur la ligne 2 » in « Étape Extra 1 »: an aligned gain on row 2 (line index 1) of Extra stage 1
const rowTwo = once(() => findUnit('mine-d-or', (u) => u.explanation.gains.some((g) => g.grid === 1 && g.line === 1)));
const bonus = once(() => findUnit('les-3-gongs', (u) => (u.view as GongsView).bonusCents !== null));

test.use({ viewport: { width: 1280, height: 720 } });

/** The viewport as the user sees it, once the uncovering animations (art. 4.3) have run. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );
  await page.screenshot({ path: `test-results/screenshots/replay-grids-${name}.png` });
}

/** A replay shortcut (Home, End), pressed outside any form field (the shortcuts ignore typing). */
async function key(page: Page, k: string): Promise<void> {
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await page.keyboard.press(k);
}

test('« I saw three nuggets »: every grid explained, the nuggets in two grids said and marked (art. 4.4, 4.6)', async ({
  page,
}) => {
  const why = reasonUnit(dispute().unit);
  const view = dispute().unit.view as MineDorView;
  const nugget = why.acrossGrids.find((s) => s.symbol === 'nugget')!;
  expect(nugget.total).toBe(3);
  await openByUrl(page, dispute().ref);
  for (const lang of ['fr', 'en'] as const) {
    await page.getByTestId('lang-select').selectOption(lang);
    await key(page, 'End');
    await expect(page.getByTestId('final-lot')).toHaveText(engine.formatEuros(0, lang));
    // each grid named, with its own near misses: the Extra stage's two nuggets included
    await expect(page.getByTestId('grid-reason-0')).toHaveText(why.grids[0]!.text[lang]);
    await expect(page.getByTestId('grid-reason-1')).toHaveText(why.grids[1]!.text[lang]);
    await expect(page.getByTestId('grid-reason-1')).toContainText(lang === 'fr' ? '2 × pépite d' : '2 × gold nugget');
    // three nuggets, never three in one grid: no gain, art. 4.4 and 4.6
    const across = page.getByTestId('across-grids');
    await expect(across).toContainText(why.acrossGridsRule![lang]);
    await expect(page.getByTestId('across-nugget')).toHaveText(nugget.text[lang]);
    await expect(page.getByTestId('across-nugget')).toContainText('(art. 4.4, 4.6)');
    // the board marks the nuggets in both grids
    const mainCell = view.main.indexOf('nugget');
    await expect(page.getByTestId(`grid-0-cell-${mainCell}`)).toHaveAttribute('data-mark', 'spread');
    for (const c of nugget.grids[1]!.cells)
      await expect(page.getByTestId(`grid-1-cell-${c}`)).toHaveAttribute('data-mark', 'spread');
    await expect(page.getByTestId('legend-spread')).toContainText(lang === 'fr' ? '3 × pépite d' : '3 × gold nugget');
    // another symbol spread over the grids is marked on demand, and only it
    const other = why.acrossGrids.find((s) => s.symbol !== 'nugget');
    if (other) {
      await page.getByTestId(`across-show-${other.symbol}`).click();
      await expect(page.getByTestId(`across-show-${other.symbol}`)).toHaveAttribute('aria-pressed', 'true');
      for (const w of other.grids)
        for (const c of w.cells)
          await expect(page.getByTestId(`grid-${w.grid}-cell-${c}`)).toHaveAttribute('data-mark', 'spread');
      await expect(page.getByTestId(`grid-0-cell-${mainCell}`)).not.toHaveAttribute('data-mark', 'spread');
      await page.getByTestId('across-show-nugget').click();
      await expect(page.getByTestId(`grid-0-cell-${mainCell}`)).toHaveAttribute('data-mark', 'spread');
    }
    // beside the board at 1280 × 720: the board, the controls and the explanation in view together
    for (const id of ['grid-0-cell-0', 'extra-stage-1', 'final-lot', 'ctl-end', 'grid-reason-0', 'grid-reason-1'])
      await expect(page.getByTestId(id)).toBeInViewport();
    await expect(page.getByTestId('explanation').locator('h3')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate('window.scrollY')).toBe(0);
    await shot(page, `dispute-${lang}`);
    await key(page, 'Home');
    // before « Jouer » nothing of any grid is said
    await expect(page.getByTestId('grid-reasoning')).toHaveCount(0);
    await expect(page.getByTestId('across-grids')).toHaveCount(0);
  }
  // the same sentences in the JSON evidence and on the command line (`replay --json`)
  await page.getByTestId('lang-select').selectOption('fr');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const record = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
  expect((record.grids as { text: unknown }[]).map((g) => g.text)).toEqual(why.grids.map((g) => g.text));
  expect((record.across_grids as { symbol: string; text: unknown }[]).find((s) => s.symbol === 'nugget')!.text).toEqual(
    nugget.text,
  );
  // the PNG evidence draws the same marks and sentences; kept beside the screenshots to be looked at
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
  expect([...readFileSync((await png.path())!).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  await png.saveAs('test-results/screenshots/replay-grids-dispute-evidence-fr.png');
});

test('the JSON evidence counts grids and lines as the screen: « ligne 2 » in « Étape Extra 1 »', async ({ page }) => {
  const k = rowTwo().unit.explanation.gains.findIndex((g) => g.grid === 1 && g.line === 1);
  await openByUrl(page, rowTwo().ref);
  await key(page, 'End');
  const row = page.getByTestId('gain-row').nth(k);
  await expect(row.locator('td').first()).toHaveText('Étape Extra 1');
  await expect(row.locator('td.what')).toContainText('alignés sur la ligne 2 : gain doublé');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const record = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    gains: Record<string, unknown>[];
    numbering: Record<string, string>;
  };
  expect(record.gains[k]).toMatchObject({
    grid: 1,
    grid_name: { fr: 'Étape Extra 1', en: 'Extra stage 1' },
    line_name: { fr: 'ligne 2', en: 'row 2' },
    line_index: 1,
  });
  expect(record.numbering.grid).toContain('Extra stage k');
  expect(record.numbering.line_name).toContain('ligne 1–3');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(row.locator('td').first()).toHaveText('Extra stage 1');
  await expect(row.locator('td.what')).toContainText('aligned on row 2: gain doubled');
});

test('Les 3 Gongs: « Jouer » uncovers the three symbols at once, each step captioned as shown (art. 4.3)', async ({
  page,
}) => {
  const view = bonus().unit.view as GongsView;
  await openByUrl(page, bonus().ref);
  for (const lang of ['fr', 'en'] as const) {
    await page.getByTestId('lang-select').selectOption(lang);
    await key(page, 'Home');
    await expect(page.getByTestId('step-caption')).toContainText(
      lang === 'fr' ? 'Unité couverte : « Jouer » découvre les symboles' : 'Unit covered: Play uncovers the symbols',
    );
    for (const g of [0, 1, 2]) await expect(page.getByTestId(`gong-${g}`)).toHaveAttribute('data-symbol', 'covered');
    await page.getByTestId('btn-jouer').click();
    // one step: the three symbols, never one gong at a time
    await expect(page.getByTestId('step-caption')).toContainText(lang === 'fr' ? 'Étape 2 /' : 'Step 2 /');
    for (const g of [0, 1, 2])
      await expect(page.getByTestId(`gong-${g}`)).toHaveAttribute('data-symbol', view.gongs[g]!);
    await expect(page.getByTestId('step-caption')).toContainText(
      lang === 'fr'
        ? '« Jouer » : les trois symboles se découvrent sous les gongs'
        : 'Play: the three symbols under the gongs are uncovered',
    );
    await expect(page.getByTestId('step-article')).toHaveText('art. 4.3');
    await shot(page, `gongs-jouer-${lang}`);
    await page.getByTestId('ctl-forward').click();
    await expect(page.getByTestId('step-article')).toHaveText('art. 4.3.2, 4.4');
    for (const p of [0, 1, 2]) await page.getByTestId(`yinyang-${p}`).click();
    await page.getByTestId('ctl-forward').click();
    await expect(page.getByTestId('step-caption')).toContainText(
      lang === 'fr'
        ? 'Gain du Bonus : la somme des trois montants découverts'
        : 'Bonus gain: the sum of the three amounts',
    );
    await key(page, 'End');
    await expect(page.getByTestId('grid-reason-0')).toHaveText(reasonUnit(bonus().unit).grids[0]!.text[lang]);
    await shot(page, `gongs-final-${lang}`);
  }
});

test('a link from another screen opens the replay at its top, the board in view', async ({ page }) => {
  await page.goto('/#/explorer');
  await expect(page.getByTestId('nav-replay')).toBeVisible();
  // the explorer's screen loads its code first: scroll again until its full height is there
  await expect
    .poll(async () => {
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      return page.evaluate('window.scrollY');
    })
    .toBeGreaterThan(100);
  await page.getByTestId('nav-replay').click();
  await expect(page.getByTestId('ref-input')).toBeVisible();
  expect(await page.evaluate('window.scrollY')).toBe(0);
  await page.getByTestId('ref-input').fill(bonus().ref);
  await page.getByTestId('ref-open').click();
  await expect(page.getByTestId('board-ref')).toHaveText(bonus().ref);
  await expect(page.getByTestId('gongs-board')).toBeInViewport();
  await expect(page.getByTestId('explanation')).toBeInViewport();
});

test('a unit link followed while the app starts opens that unit, not the start screen', async ({ page }) => {
  // Hold the first screen's code until the link is followed: Vue Router listens to the address
  // only once its first screen is loaded, then writes that screen back over the address.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/SimulationView-[^/]+\.js$/, async (r) => {
    await held;
    await r.continue();
  });
  await page.goto('/#/simulation', { waitUntil: 'domcontentloaded' });
  await page.goto(`/#/replay?ref=${bonus().ref}`);
  release();
  await expect(page.getByTestId('board-ref')).toHaveText(bonus().ref);
  expect(new URL(page.url()).hash).toBe(`#/replay?ref=${bonus().ref}`);
  // the link's history entry is the replay's own: back is the start screen
  await page.goBack();
  await expect(page.getByTestId('simulation-view')).toBeVisible();
});
