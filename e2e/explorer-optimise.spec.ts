/**
 * The explorer's table optimiser in the browser build: HiGHS runs in a Web
 * Worker (its .wasm bundled, allowed by the CSP's 'wasm-unsafe-eval'), the table found loads into
 * the editor, an impossible request gives its reason, a cancel stops the job; French and English,
 * with screenshots at 1280×720 (test-results/screenshots/explorer-optimise-*.png).
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openMineDor1 } from './helpers/explorer-screen';
import { axeResults } from './helpers/axe';
import { testId, until } from './helpers/until';

const lang = (page: Page, l: 'fr' | 'en') => page.getByTestId('lang-select').selectOption(l);

/**
 * Holds the solver's WebAssembly until `release()`: a job is then surely running (its worker waits
 * for HiGHS) while the test looks at it or cancels it, whatever the machine's speed. `requested`
 * resolves when the worker has asked for it.
 */
async function holdSolver(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let requested!: () => void;
  const asked = new Promise<void>((r) => (requested = r));
  await page.route(/\.wasm$/, async (route) => {
    requested();
    await released;
    // a cancelled job's worker is gone, and its request with it
    await route.continue().catch(() => undefined);
  });
  return { requested: asked, release };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
});

test("Mine d'or at 1 €: RTP 70 % and hit rate 22 % found in a worker, loaded into the editor, fr/en", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|wasm/i.test(m.text()) && m.type() === 'error') violations.push(m.text());
  });
  await openMineDor1(page);
  const panel = page.getByTestId('explorer-optimise');
  await page.getByTestId('optimise-hit-rate').fill('22');
  const solver = await holdSolver(page);
  await page.getByTestId('optimise-run').click();
  await solver.requested;
  await expect(page.getByTestId('optimise-phase')).toBeVisible();
  solver.release();
  await until(page, testId('optimise-figures'));
  await expect(page.getByTestId('optimise-figures')).toHaveText(
    'Tableau trouvé : TRJ 70,000\u00a0% · taux de gain 22,000\u00a0%',
  );
  await expect(page.getByTestId('optimise-proven')).toHaveText('meilleur prouvé');
  await expect(page.getByTestId('optimise-phase')).toBeHidden();
  // the official top prize is kept: 15 000,00 € once
  const first = page.getByTestId('optimise-table').locator('tbody tr').first();
  await expect(first).toContainText('15\u202f000,00\u00a0€');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/explorer-optimise-fr.png' });

  await lang(page, 'en');
  await expect(page.getByTestId('optimise-figures')).toHaveText('Table found: RTP 70.000% · hit rate 22.000%');
  await expect(page.getByTestId('optimise-proven')).toHaveText('best, proved');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/explorer-optimise-en.png' });

  await page.getByTestId('optimise-load').click();
  await expect(page.getByTestId('fig-rtp')).toHaveText('70.000%');
  await expect(page.getByTestId('fig-hit')).toContainText('22.000%');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('15,000.00');
  await expect(page.getByTestId('level-lots-0')).toHaveValue('1');
  await expect(page.getByTestId('table-status')).toContainText('Not official');
  await expect(page.getByTestId('scenario-name')).toHaveValue('Optimised — RTP 70.000%, hit rate 22.000%');
  await expect(page.getByTestId('scenario-unsaved')).toBeVisible();
  await lang(page, 'fr');
  await expect(page.getByTestId('fig-rtp')).toHaveText('70,000\u00a0%');
  expect(violations).toEqual([]);
});

test('an impossible request gives its reason; bad fields are named; a cancel stops the job', async ({ page }) => {
  await openMineDor1(page);
  // a cancel terminates the worker: no result, no error, the button is back; the job is held
  // running (its solver not yet loaded) so the cancel never races its end
  await page.getByTestId('optimise-hit-rate').fill('22');
  const solver = await holdSolver(page);
  await page.getByTestId('optimise-run').click();
  await solver.requested;
  await expect(page.getByTestId('optimise-phase')).toBeVisible();
  await page.getByTestId('optimise-cancel').click();
  await expect(page.getByTestId('optimise-phase')).toBeHidden();
  await expect(page.getByTestId('optimise-result')).toHaveCount(0);
  await expect(page.getByTestId('optimise-run')).toBeEnabled();
  solver.release();
  await page.unroute(/\.wasm$/);

  await page.getByTestId('optimise-rtp').fill('80');
  await expect(page.getByTestId('optimise-problems')).toContainText('TRJ 80,000\u00a0% hors de la fourchette légale');
  await expect(page.getByTestId('optimise-run')).toBeDisabled();
  await page.getByTestId('optimise-rtp').fill('70');
  await page.getByTestId('optimise-hit-rate').fill('90');
  await page.getByTestId('optimise-run').click();
  const reasons = page.getByTestId('optimise-infeasible');
  await until(page, testId('optimise-infeasible'));
  await expect(reasons).toContainText('Aucun tableau ne tient ces contraintes :');
  await expect(reasons).toContainText('le taux de retour ne peut pas descendre sous 90,999\u00a0%');
  await page.getByTestId('explorer-optimise').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/explorer-optimise-reason-fr.png' });
  await lang(page, 'en');
  await expect(reasons).toContainText('No table meets these constraints:');
  await expect(reasons).toContainText('the RTP cannot go below 90.999%');
  await page.getByTestId('explorer-optimise').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/explorer-optimise-reason-en.png' });
});

/** axe-core's WCAG 2.1 A/AA rules on the page as it is now: the rule ids found. */
async function axe(page: Page): Promise<string[]> {
  const violations = await axeResults(page);
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the optimiser starts from the edited table: 20 € at 19 000 and 2 € at 80 000 are its start, fr/en', async ({
  page,
}) => {
  await openMineDor1(page);
  // typed the way the app prints counts (« 19 000 », a narrow no-break space too)
  await page.getByTestId('level-lots-6').fill('19 000');
  await page.getByTestId('level-lots-10').fill('80\u202f000');
  await expect(page.getByTestId('fig-rtp')).toHaveText('69,000\u00a0%');
  const start = page.getByTestId('optimise-start-from');
  await expect(start).toContainText("Point de départ : le tableau édité « Scénario — Mine d'or 1,00\u00a0€");
  await expect(start).toContainText('20,00\u00a0€ (19\u202f000 lots), 2,00\u00a0€ (80\u202f000 lots)');
  await expect(page.getByTestId('optimise-amount-2000')).toContainText('19\u202f000');
  const solver = await holdSolver(page);
  await page.getByTestId('optimise-run').click();
  await solver.requested;
  solver.release();
  await expect(page.getByTestId('optimise-figures')).toContainText('Tableau trouvé : TRJ 70,000\u00a0% · taux de gain');
  await expect(page.getByTestId('optimise-proven')).toHaveText('meilleur prouvé');
  // not the official table: 2 € stays at 80 000, 20 € moves the least it can (+500, 2.6 %)
  const rows = page.getByTestId('optimise-table').locator('tbody tr');
  await expect(rows.nth(10)).toHaveText(/^2,00\u00a0€\s*80\u202f000\s*80\u202f000\s*=$/);
  await expect(rows.nth(6)).toHaveText(/^20,00\u00a0€\s*19\u202f500\s*19\u202f000\s*\+500$/);
  await expect(page.getByTestId('optimise-table').locator('thead')).toContainText('Édité');
  expect(await axe(page)).toEqual([]);
  await page.getByTestId('explorer-optimise').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/explorer-optimise-edited-fr.png' });

  await lang(page, 'en');
  await expect(start).toContainText("Starting point: the table being edited, “Scenario — Mine d'or €1.00");
  await expect(rows.nth(6)).toHaveText(/^€20\.00\s*19,500\s*19,000\s*\+500$/);
  expect(await axe(page)).toEqual([]);
  await page.getByTestId('explorer-optimise').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/explorer-optimise-edited-en.png' });

  // « keep the changed levels »: 20 € held at 19 000 too, another level pays the 1 %
  await page.getByTestId('optimise-keep-edits').check();
  await page.getByTestId('optimise-run').click();
  await expect(rows.nth(6)).toHaveText(/^€20\.00\s*19,000\s*19,000\s*=$/);
  await expect(rows.nth(10)).toHaveText(/^€2\.00\s*80,000\s*80,000\s*=$/);
  // the official table is still a choice, said as such
  await page.getByTestId('optimise-start').selectOption('official');
  await expect(start).toContainText("Starting point: the official table (Mine d'or €1.00)");
  await page.getByTestId('optimise-run').click();
  await expect(page.getByTestId('optimise-table').locator('thead')).toContainText('Official');
  await expect(rows.nth(6)).toHaveText(/^€20\.00\s*20,000\s*20,000\s*=$/);
  // loading the table found says it is now the start, and keeps the focus there
  await page.getByTestId('optimise-load').click();
  await expect(page.getByTestId('optimise-loaded')).toBeFocused();
  await expect(page.getByTestId('level-lots-6')).toHaveValue('20000');
});
