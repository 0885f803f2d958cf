/**
 * Every citation of the rules opens the cited text in place, on the four screens that cite them:
 * the replay (explanation and steps), the audit report, the explorer's problems and the export
 * check's discrepancies. French screens show the French text; English screens the product's
 * translation, marked so, with the French original one click away. Escape closes the panel and
 * focus returns to the citation. Screenshots: test-results/screenshots/rules-*.png (1280 × 720).
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type * as Engine from '@engine';
import type { GameId } from '@engine';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

// The engine imports its rules data as JSON modules, which Playwright's loader does not: tsx loads it.
const engine = await load<typeof Engine>('src-engine/index.ts');
const { formatUnitRef, ruleDocument } = engine;

/** The first line of a passage's text (its number and first sentence), as published or translated. */
function firstLine(game: GameId, id: string, lang: 'fr' | 'en'): string {
  const p = ruleDocument(game).passages.find((x) => x.id === id)!;
  return p[lang].split('\n')[0]!.trim();
}

const lang = (page: Page, l: 'fr' | 'en'): Promise<string[]> => page.getByTestId('lang-select').selectOption(l);
const panel = (page: Page): Locator => page.getByTestId('rule-panel');
const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: `test-results/screenshots/rules-${name}.png` });

/**
 * Opens `cite` from the keyboard, checks the panel shows passage `id` of `game` in `l` (and, in
 * English, the French original behind its disclosure), closes it with Escape and checks focus is
 * back on the citation.
 */
async function openAndCheck(page: Page, cite: Locator, game: GameId, id: string, l: 'fr' | 'en', shotName?: string) {
  await cite.focus();
  await page.keyboard.press('Enter');
  const p = panel(page);
  await expect(p).toBeVisible();
  const passage = p.getByTestId(`rule-passage-${id}`);
  await expect(passage).toBeVisible();
  await expect(p.getByTestId(`rule-doc-${game}`)).toBeVisible();
  await expect(p.getByTestId('rule-panel-close')).toBeFocused();
  if (l === 'fr') {
    await expect(passage.getByTestId('rule-fr')).toContainText(firstLine(game, id, 'fr'));
    await expect(passage.getByTestId('rule-en')).toHaveCount(0);
  } else {
    await expect(passage.getByTestId('rule-en')).toContainText(firstLine(game, id, 'en'));
    await expect(passage).toContainText('English translation (not official)');
    const original = passage.getByTestId('rule-original');
    await expect(original.getByTestId('rule-fr')).toBeHidden();
    await original.locator('summary').click();
    await expect(original.getByTestId('rule-fr')).toContainText(firstLine(game, id, 'fr'));
  }
  if (shotName) await shot(page, shotName);
  await page.keyboard.press('Escape');
  await expect(p).toBeHidden();
  await expect(cite).toBeFocused();
}

test.use({ viewport: { width: 1280, height: 720 } });

test('replay: the gain, the lot and the step open their articles, in French and in English', async ({ page }) => {
  const ref = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 3, index: 11, generatorVersion: 1 });
  await page.goto(`/#/replay?ref=${ref}`);
  await page.getByTestId('ctl-end').click();
  for (const l of ['fr', 'en'] as const) {
    await lang(page, l);
    // this unit: a pickaxe combination in the main grid (art. 4.4) and one in an Extra stage (4.4, 4.6)
    const gainCite = page.getByTestId('gain-article').nth(1).getByTestId('cite');
    await expect(gainCite).toHaveText('art. 4.4, 4.6');
    await openAndCheck(page, gainCite, 'mine-d-or', '4.6', l, `replay-${l}`);
    await openAndCheck(page, page.getByTestId('lot-article').getByTestId('cite'), 'mine-d-or', '4.7', l);
    await openAndCheck(page, page.getByTestId('step-article').getByTestId('cite'), 'mine-d-or', '4.7', l);
    // the evaluator's verdict cites R4: the panel states the decision
    await page.getByTestId('verdict').getByTestId('cite').click();
    await expect(panel(page).getByTestId('rule-decision-R4')).toBeVisible();
    await page.getByTestId('rule-panel-close').click();
    await expect(panel(page)).toBeHidden();
  }
  // the printed page (the replay's PDF) quotes every article it cites in an appendix
  await page.emulateMedia({ media: 'print' });
  const appendix = page.getByTestId('rules-appendix');
  await expect(appendix).toBeVisible();
  for (const id of ['4.1', '4.3', '4.4', '4.6', '4.7'])
    await expect(appendix.getByTestId(`rule-passage-${id}`)).toHaveCount(1);
  await expect(appendix.getByTestId('rule-passage-4.4').getByTestId('rule-fr')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(appendix).toBeHidden();
  await lang(page, 'fr');
});

test('a close event that arrives after another citation opened leaves that citation open', async ({ page }) => {
  const ref = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 3, index: 11, generatorVersion: 1 });
  await page.goto(`/#/replay?ref=${ref}`);
  await page.getByTestId('ctl-end').click();
  const cite = page.getByTestId('step-article').getByTestId('cite');
  await cite.focus();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByTestId('rule-panel-close')).toBeFocused();
  // the dialog's close event is queued as a task: one from a close before this opening, arriving now
  await panel(page).evaluate((d) => d.dispatchEvent(new Event('close')));
  await expect(panel(page).getByTestId('rule-passage-4.7')).toBeVisible();
  await expect(panel(page).getByTestId('rule-panel-close')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(cite).toBeFocused();
});

test('a close event that arrives after the user moved to another citation leaves focus there', async ({ page }) => {
  const ref = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 3, index: 11, generatorVersion: 1 });
  await page.goto(`/#/replay?ref=${ref}`);
  await page.getByTestId('ctl-end').click();
  const gainCite = page.getByTestId('gain-article').nth(1).getByTestId('cite');
  const lotCite = page.getByTestId('lot-article').getByTestId('cite');
  await gainCite.focus();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByTestId('rule-passage-4.6')).toBeVisible();
  // the dialog closes, then focus moves on before its queued close event arrives; resolved once it has
  await panel(page).evaluate(
    (d: HTMLDialogElement) =>
      new Promise<void>((resolve) => {
        d.addEventListener('close', () => setTimeout(resolve), { once: true });
        d.close();
        document.querySelector<HTMLElement>('[data-testid="lot-article"] [data-testid="cite"]')!.focus();
      }),
  );
  await expect(lotCite).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByTestId('rule-passage-4.7')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(lotCite).toBeFocused();
});

test('audit report: a section title and the verdict open their texts; the printed report has the appendix', async ({
  page,
}) => {
  await page.goto('/#/compliance');
  await page.getByTestId('compliance-game').selectOption('les-3-gongs');
  await page.getByTestId('compliance-stake').selectOption('50');
  await page.getByTestId('compliance-seed').fill('12');
  await page.getByTestId('compliance-blocks').fill('1');
  await page.getByTestId('build-report').click();
  const block = page.getByTestId('block-12');
  await until(page, testId('block-12'), { timeout: 90_000 });
  await expect(block).toBeVisible({ timeout: 90_000 });
  for (const l of ['fr', 'en'] as const) {
    await lang(page, l);
    const reconciliation = block.locator('h4').filter({ hasText: l === 'fr' ? 'Rapprochement' : 'Reconciliation' });
    const cite = reconciliation.getByTestId('cite');
    await expect(cite).toHaveText('art. 3');
    await cite.scrollIntoViewIfNeeded();
    await openAndCheck(page, cite, 'les-3-gongs', '3.1', l, `report-${l}`);
  }
  await page.emulateMedia({ media: 'print' });
  const appendix = page.getByTestId('rules-appendix');
  await expect(appendix).toBeVisible();
  await expect(appendix.getByTestId('rule-passage-3-closing')).toContainText(
    firstLine('les-3-gongs', '3-closing', 'fr'),
  );
  await page.emulateMedia({ media: 'screen' });
  await lang(page, 'fr');
});

test('explorer: a problem cites the articles and the decision that refuse the amount', async ({ page }) => {
  await page.goto('/#/explorer');
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-load-official').click();
  await page.getByTestId('level-add').click();
  await page.getByTestId('level-amount-9').fill('0,20');
  await page.getByTestId('level-lots-9').fill('100');
  for (const l of ['fr', 'en'] as const) {
    await lang(page, l);
    const cites = page.getByTestId('level-shown-9').getByTestId('cite');
    await expect(cites.first()).toHaveText('art. 4.3.1');
    await openAndCheck(page, cites.first(), 'les-3-gongs', '4.3.1', l);
    await cites.nth(1).click();
    await expect(panel(page).getByTestId('rule-decision-G1')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
  }
  await lang(page, 'fr');
});

test('export check: a discrepancy cites the article the file breaks', async ({ page }) => {
  await page.goto('/#/compliance');
  // the first two units of Les 3 Gongs block 1 at 0.50 € (generator version 2, fixed for ever: R5)
  const lines = [
    '{"game":"les-3-gongs","stake_cents":50,"seed":1,"generator":"instant-lab-gen/2","units":300000}',
    '{"index":0,"ref":"GONG-050-0000001-0000-V2-86","prize_cents":0,"gongs":["bonsai","lantern","tiger"],"bonus_cents":null}',
    '{"index":1,"ref":"GONG-050-0000001-0001-V2-8R","prize_cents":100,"gongs":["lantern","lantern","lantern"],"bonus_cents":null}',
  ];
  const buffer = Buffer.from(`${lines.join('\n')}\n`);
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'court.jsonl', mimeType: 'application/x-ndjson', buffer });
  await until(page, testId('import-verdict'), { text: 'NON CONFORME', timeout: 60_000 });
  await expect(page.getByTestId('import-verdict')).toContainText('NON CONFORME', { timeout: 60_000 });
  for (const l of ['fr', 'en'] as const) {
    await lang(page, l);
    const cite = page.getByTestId('discrepancies').locator('li').first().getByTestId('cite');
    await expect(cite).toHaveText('art. 2');
    await openAndCheck(page, cite, 'les-3-gongs', '2', l);
  }
  await lang(page, 'fr');
});
