/**
 * A run handed over whole: a small simulation, then « Auditer ces blocs » from its results opens the
 * compliance screen on exactly that game, stake, seed and block count, says which run they came
 * from, puts the focus on its heading and builds the report of those blocks; axe-core finds no
 * WCAG 2.1 A/AA violation on either screen, in French and in English. Screenshots at 1280 × 720 go
 * to /work/shots/handoff/ when that folder exists (outside the repository).
 */
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { axeResults } from './helpers/axe';
import { testId, until } from './helpers/until';

const SHOTS = '/work/shots/handoff';
const shot = async (page: Page, name: string): Promise<void> => {
  if (existsSync(SHOTS)) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The WCAG 2.1 A and AA failures of axe-core on the page as it is now (the project's pattern). */
async function violationsOf(page: Page): Promise<{ rule: string; targets: string[] }[]> {
  const violations = await axeResults(page);
  return violations.map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

const cases = [
  {
    lang: 'fr',
    game: 'mine-d-or',
    stake: '200',
    blocks: 1,
    origin: /^Blocs de la simulation du .+ : Mine d'or 2,00\s€, graine 2024, 1 bloc\. Ouvert depuis les résultats/,
    audit: 'Auditer ces blocs',
    heading: 'Conformité',
  },
  {
    lang: 'en',
    game: 'les-3-gongs',
    stake: '100',
    blocks: 2,
    origin:
      /^Blocks of the simulation of .+: Les 3 Gongs €1\.00, seed 2024, 2 blocks\. Opened from the simulation results/,
    audit: 'Audit these blocks',
    heading: 'Compliance',
  },
] as const;

for (const c of cases) {
  test(`« ${c.audit} » opens the compliance screen on exactly the run’s blocks (${c.lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(c.lang);
    await page.getByTestId('sim-game').selectOption(c.game);
    await page.getByTestId('sim-stake').selectOption(c.stake);
    await page.getByTestId('sim-seed').fill('2024');
    await page.getByTestId('sim-blocks').fill(String(c.blocks));
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-results', { 'data-drawn': 'true' }), { timeout: 180_000 });
    await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true', { timeout: 180_000 });

    const audit = page.getByTestId('sim-handoff-audit');
    await expect(audit).toHaveText(c.audit);
    await expect(audit).toBeEnabled();
    await expect(page.getByTestId('sim-handoff-replay')).toBeEnabled();
    expect(await violationsOf(page)).toEqual([]);
    // the results' header just under the app's own header
    await page
      .getByTestId('sim-results-heading')
      .evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 70));
    await shot(page, `results-actions-${c.lang}`);

    // every heading that takes the focus, in order: the arrival's focus is followed at once by the
    // report's when its blocks are built, so the order is checked, not a moment between the two
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { focusedHeadings: string[] }).focusedHeadings = seen;
      document.addEventListener('focusin', (e) => {
        const el = e.target as HTMLElement;
        if (/^H[1-6]$/.test(el.tagName)) seen.push(`${el.tagName} ${el.textContent ?? ''}`);
      });
    });
    const focusedHeadings = () =>
      page.evaluate(() => (window as unknown as { focusedHeadings: string[] }).focusedHeadings);
    await audit.click();
    await expect(page).toHaveURL(/#\/compliance$/);
    // the destination's heading took the focus first, and says where the blocks came from
    const heading = page.locator('.compliance-view > header h2');
    await expect(heading).toContainText(c.heading);
    await expect.poll(async () => (await focusedHeadings())[0]).toBe(`H2 ${await heading.textContent()}`);
    const origin = page.getByTestId('compliance-origin');
    await expect(origin).toHaveAttribute('data-origin', 'run');
    await expect(origin).toHaveText(c.origin);
    // exactly the run's blocks: game, stake, first seed (as written: no thousands separator), count
    await expect(page.getByTestId('compliance-game')).toHaveValue(c.game);
    await expect(page.getByTestId('compliance-stake')).toHaveValue(c.stake);
    await expect(page.getByTestId('compliance-seed')).toHaveValue('2024');
    await expect(page.getByTestId('compliance-blocks')).toHaveValue(String(c.blocks));
    // the report of those blocks is built at once, seed after seed
    for (let k = 0; k < c.blocks; k++) {
      await until(page, testId(`block-${2024 + k}`), { timeout: 180_000 });
      await expect(page.getByTestId(`block-${2024 + k}`)).toBeVisible({ timeout: 180_000 });
    }
    await expect(page.getByTestId(`block-${2024 + c.blocks}`)).toHaveCount(0);
    await expect(page.getByTestId('report-game')).toHaveText(c.game === 'mine-d-or' ? "Mine d'or" : 'Les 3 Gongs');
    // then the built report's first heading took it
    const reportHeading = await page.getByTestId('report').locator('h3').first().textContent();
    await expect.poll(async () => (await focusedHeadings()).at(-1)).toBe(`H3 ${reportHeading}`);
    expect(await violationsOf(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `compliance-on-run-${c.lang}`);

    // a field changed: the form says its values are no longer the run's
    await page.getByTestId('compliance-seed').fill('2030');
    await expect(origin).toHaveText(
      c.lang === 'fr' ? /^Valeurs modifiées depuis la simulation du / : /^Values changed since the simulation of /,
    );
  });
}

test('on a fresh profile the compliance form says its values are the defaults', async ({ page }) => {
  await page.goto('/#/compliance');
  await expect(page.getByTestId('compliance-origin')).toHaveText('Valeurs par défaut : aucune simulation à reprendre.');
  await expect(page.getByTestId('compliance-game')).toHaveValue('les-3-gongs');
  await expect(page.getByTestId('compliance-seed')).toHaveValue('1');
});

for (const lang of ['fr', 'en'] as const) {
  test(`« Rejouer une unité » names the block as the « Blocs » table does, and says how to open a unit (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('sim-game').selectOption('les-3-gongs');
    await page.getByTestId('sim-seed').fill('5');
    await page.getByTestId('sim-blocks').fill('2');
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-results', { 'data-drawn': 'true' }), { timeout: 180_000 });
    await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true', { timeout: 180_000 });
    // the table numbers its blocks from 1, beside their seeds
    const rows = page.getByTestId('sim-block-row');
    await expect(rows.nth(0).locator('td').nth(0)).toHaveText('1');
    await expect(rows.nth(0).locator('td').nth(1)).toHaveText('5');
    await expect(rows.nth(1).locator('td').nth(0)).toHaveText('2');
    await expect(rows.nth(1).locator('td').nth(1)).toHaveText('6');

    await page.getByTestId('sim-handoff-replay').click();
    await expect(page).toHaveURL(/#\/replay/);
    const said = page.getByTestId('browse-from-run');
    await expect(said).toContainText(
      lang === 'fr'
        ? 'Bloc choisi : n° 1 sur 2 (graine 5). Ouvrez une de ses unités avec « Première », « Unité au hasard » ou « Ouvrir l’indice ».'
        : 'Block chosen: no. 1 of 2 (seed 5). Open one of its units with “First”, “Random unit” or “Open index”.',
    );
    // the run's second block, by its seed: the number its row shows
    await page.getByTestId('browse-seed').fill('6');
    await expect(said).toContainText(lang === 'fr' ? 'n° 2 sur 2 (graine 6)' : 'no. 2 of 2 (seed 6)');
    // and the way said opens one of its units
    await page.getByTestId('browse-first').click();
    await expect(page.getByTestId('board-ref')).toContainText('GONG');
  });
}
