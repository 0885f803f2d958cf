/**
 * WCAG 2.1 A/AA (axe-core) on every screen and its main states, in French and in English: one page
 * load per group of screens and language, every state reached by clicking, with small runs so that
 * the file stays quick.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';
import { axeResults, axeViolations } from './helpers/axe';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
// a Mine d'or unit with an Extra stage, so that the replay's end state shows every kind of grid
const spec = engine.officialBlock('mine-d-or', 100, 2011);
let index = 0;
for (; ; index++) {
  const v = engine.openUnit(spec, index).view;
  if (v.game === 'mine-d-or' && v.extras.length > 0) break;
}
const ref = engine.formatUnitRef({
  game: 'mine-d-or',
  stakeCents: 100,
  seed: 2011,
  index,
  generatorVersion: engine.GENERATOR_VERSION,
});

interface Found {
  state: string;
  rule: string;
  targets: string[];
  summary: string | undefined;
}

/** The failures of the WCAG 2.1 A and AA rules of axe-core on the page as it is now. */
async function violationsOf(page: Page, state: string): Promise<Found[]> {
  const violations = await axeResults(page);
  return violations.map((v) => ({
    state,
    rule: v.id,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' '),
  }));
}

/** The app at 1280×720 on the simulation screen, in `lang`. */
async function openIn(page: Page, lang: 'fr' | 'en'): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/simulation');
  await page.getByTestId('lang-select').selectOption(lang);
  await expect(page.getByTestId('sim-run')).toBeVisible();
}

// The screens in two groups, each its own page, so that the two workers share them; the journal
// group keeps the compliance report whose entry its journal shows.
for (const lang of ['fr', 'en'] as const) {
  const language = lang === 'fr' ? 'French' : 'English';
  test(`axe-core finds no WCAG 2.1 A/AA violation on the simulation and replay screens, in ${language}`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await openIn(page, lang);
    const found = await violationsOf(page, 'simulation');

    await page.getByTestId('sim-game').selectOption('les-3-gongs');
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 120_000 });
    await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
    // every panel mounted and drawn (they arrive a frame each)
    await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
    found.push(...(await violationsOf(page, 'simulation results')));

    await page.getByTestId('nav-replay').click();
    await page.getByTestId('ref-input').fill(ref);
    await page.getByTestId('ref-input').press('Enter');
    await expect(page.getByTestId('board-ref')).toHaveText(ref);
    await page.getByTestId('ctl-end').click();
    found.push(...(await violationsOf(page, 'replay at the end')));
    // the player's history strip, with one bad line, and the dispute case dialog
    await page.getByTestId('history-text').fill(`${ref}\nNOT-A-REF\n${ref}`);
    await page.getByTestId('history-show').click();
    await expect(page.getByTestId('history-item')).toHaveCount(2);
    await expect(page.getByTestId('history-problem')).toHaveCount(1);
    found.push(...(await violationsOf(page, 'replay history strip')));
    await page.getByTestId('case-open').click();
    await expect(page.getByTestId('case-dialog')).toBeVisible();
    found.push(...(await violationsOf(page, 'replay dispute case dialog')));
    expect(found).toEqual([]);
  });

  test(`axe-core finds no WCAG 2.1 A/AA violation on the compliance, explorer and journal screens, in ${language}`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await openIn(page, lang);
    const found: Found[] = [];
    await page.getByTestId('nav-compliance').click();
    await page.getByTestId('compliance-seed').fill('3');
    await page.getByTestId('build-report').click();
    await until(page, testId('block-3'), { timeout: 90_000 });
    await expect(page.getByTestId('block-3')).toBeVisible({ timeout: 90_000 });
    found.push(...(await violationsOf(page, 'compliance report')));

    await page.getByTestId('nav-explorer').click();
    await page.getByTestId('sessions-players').fill('1000');
    await page.getByTestId('sessions-run').click();
    await until(page, testId('sessions-done'), { timeout: 60_000 });
    await expect(page.getByTestId('sessions-done')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('optimise-hit-rate').fill('22');
    await page.getByTestId('optimise-run').click();
    await until(page, testId('optimise-load'), { timeout: 60_000 });
    await expect(page.getByTestId('optimise-load')).toBeVisible({ timeout: 60_000 });
    found.push(...(await violationsOf(page, 'explorer sessions and optimiser')));

    await page.getByTestId('level-lots-0').fill('-3');
    await expect(page.getByTestId('problems')).toBeVisible();
    found.push(...(await violationsOf(page, 'explorer invalid table')));
    // one accessible name per « Retirer » button (axe does not check that names are unique)
    const removeNames = await page
      .locator('[data-testid^="level-remove-"]')
      .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()));
    expect(removeNames.length).toBeGreaterThan(5);
    expect(new Set(removeNames).size).toBe(removeNames.length);
    expect(removeNames[1]).toBe(
      lang === 'fr' ? 'Retirer le niveau 2 (3\u202f750,00\u00a0€)' : 'Remove level 2 (€3,750.00)',
    );

    // the journal: the entries the screens recorded above (the audit report), then a broken journal file opened
    await page.getByTestId('nav-journal').click();
    await expect(page.getByTestId('journal-row-1')).toBeVisible();
    found.push(...(await violationsOf(page, 'journal')));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('journal-open').click();
    await (
      await chooser
    ).setFiles({ name: 'broken.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from('{"journal":1}\n{"cut') });
    await expect(page.getByTestId('journal-findings')).toBeVisible();
    found.push(...(await violationsOf(page, 'journal broken')));
    expect(found).toEqual([]);
  });
}

// the check every end-to-end test relies on, on a page made to fail it: an empty list means clean, not unchecked
test('the axe-core check finds a picture with no text and a field with no label', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="fr"><title>Contrôle</title><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input></main></html>',
  );
  expect(await axeViolations(page)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^image-alt: /), expect.stringMatching(/^label: /)]),
  );
});
