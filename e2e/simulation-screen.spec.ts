/**
 * The simulation screen as a fresh pair of eyes sees it, in French and in English: its charts and
 * tables follow the window when it narrows; results say which run they are, and that they are the
 * previous run's while a new one computes or once the form describes another (a scenario handed
 * over from the explorer); the hand-offs wait for a run; the explorer's hand-over puts the focus on
 * the screen's heading. Screenshots go to test-results/screenshots/simscreen-*.png.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { testId, until } from './helpers/until';

const NBSP = '\u00a0';
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/simscreen-${name}.png` });

/** Scrolls `target` just below the sticky header. */
const showTop = (target: Locator) =>
  target.evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 70));

/** One Mine d'or block at `stake` from seed 2024, its results drawn. */
async function runOne(page: Page, stake: string): Promise<void> {
  await page.getByTestId('sim-game').selectOption('mine-d-or');
  await page.getByTestId('sim-stake').selectOption(stake);
  await page.getByTestId('sim-seed').fill('2024');
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-results', { 'data-drawn': 'true' }), { timeout: 120_000 });
  await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true', { timeout: 120_000 });
}

const words = {
  fr: {
    last: `Résultats de la dernière exécution : Mine d'or, mise 1,00${NBSP}€, graine 2024, 1 bloc de`,
    running: 'Une nouvelle simulation est en cours : ces résultats sont ceux de l’exécution précédente',
    previous: 'Ces résultats sont ceux de l’exécution précédente ; le formulaire décrit la prochaine.',
    allWhy: 'Ces actions sont indisponibles : une nouvelle simulation est en cours',
    cancelled: 'Simulation annulée : les résultats précédents sont conservés.',
    option: `Tableau « Scénario — Mine d'or 0,50${NBSP}€ (modifié) »`,
  },
  en: {
    last: "Results of the last run: Mine d'or, stake €1.00, seed 2024, 1 block of",
    running: 'A new simulation is running: these results are those of the previous run',
    previous: 'These results are those of the previous run; the form describes the next one.',
    allWhy: 'These actions are unavailable: a new simulation is running',
    cancelled: 'Simulation cancelled: the previous results are kept.',
    option: "Table « Scenario — Mine d'or €0.50 (modified) »",
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  test(`the presentation chart and its table fit the panel after the window narrows (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    await runOne(page, '100');
    await page.setViewportSize({ width: 1024, height: 720 });

    for (const id of ['chart-distribution', 'chart-rtp', 'chart-presentation', 'chart-sales']) {
      const panel = page.getByTestId(id);
      if ((await panel.count()) === 0) continue;
      const canvas = panel.locator('canvas');
      // Chart.js follows its container's size on the next frame
      await expect
        .poll(async () => {
          const p = (await panel.boundingBox())!;
          const c = (await canvas.boundingBox())!;
          return c.x >= p.x - 1 && c.x + c.width <= p.x + p.width + 1;
        }, `${id}: the canvas inside its panel`)
        .toBe(true);
      // every column header of the numbers table is in the panel, or scrolled into it by its region
      const region = panel.locator('.chart-table');
      const p = (await panel.boundingBox())!;
      for (const th of await panel.locator('thead th').all()) {
        await th.scrollIntoViewIfNeeded();
        const b = (await th.boundingBox())!;
        expect(b.x + b.width, `${id}: « ${await th.textContent()} » within the panel`).toBeLessThanOrEqual(
          p.x + p.width + 1,
        );
      }
      // a region that scrolls can be reached by keyboard, and is named
      if (await region.evaluate((r) => r.scrollWidth > r.clientWidth)) {
        await expect(region).toHaveAttribute('tabindex', '0');
        await expect(region).toHaveAttribute('aria-label', /.+/);
      }
    }
    const presentation = page.getByTestId('chart-presentation');
    await presentation.locator('.chart-table').evaluate((r) => (r.scrollLeft = 0));
    await showTop(presentation);
    await shot(page, `presentation-1024-${lang}`);
  });

  test(`results say they are the previous run’s during a new run and after a cancel; hand-offs wait (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const w = words[lang];
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    await runOne(page, '100');
    await expect(page.getByTestId('sim-results-meta')).toContainText(w.last);
    await expect(page.getByTestId('sim-results-previous')).toHaveCount(0);
    await expect(page.getByTestId('sim-handoff-audit')).toBeEnabled();

    // a new run of 40 blocks: the results underneath are the previous run's, and say so
    await page.getByTestId('sim-blocks').fill('40');
    await page.getByTestId('sim-run').click();
    await expect(page.getByTestId('sim-status')).toHaveText(
      lang === 'fr' ? 'Simulation en cours…' : 'Simulation running…',
    );
    const note = page.getByTestId('sim-results-previous');
    await expect(note).toHaveAttribute('data-standing', 'running');
    await expect(note).toContainText(w.running);
    for (const a of ['audit', 'export', 'bundle', 'replay'])
      await expect(page.getByTestId(`sim-handoff-${a}`)).toBeDisabled();
    await expect(page.getByTestId('sim-handoff-all-why')).toContainText(w.allWhy);
    await expect(page.getByTestId('sim-handoff-audit')).toHaveAttribute('aria-describedby', 'sim-handoff-all-why');
    await showTop(page.getByTestId('sim-progress'));
    await shot(page, `running-${lang}`);

    await page.getByTestId('sim-cancel').click();
    await expect(page.getByTestId('sim-status')).toHaveText(w.cancelled);
    // the cancelled run's form stays: the results kept are still the previous run's
    await expect(note).toHaveAttribute('data-standing', 'edited');
    await expect(note).toHaveText(w.previous);
    await expect(page.getByTestId('sim-handoff-audit')).toBeEnabled();
    await expect(page.getByTestId('sim-handoff-all-why')).toHaveCount(0);
    await showTop(page.getByTestId('sim-progress'));
    await shot(page, `cancelled-${lang}`);
    // the form back to the run on screen: nothing to say
    await page.getByTestId('sim-blocks').fill('1');
    await expect(note).toHaveCount(0);
  });

  test(`a scenario opened from the explorer: focus on the heading, the official results marked, one rule cited (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const w = words[lang];
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    await runOne(page, '50');
    await page.getByTestId('nav-explorer').click();
    await expect(page.getByTestId('level-amount-0')).toHaveValue(/^7.500.00$/);
    await page.getByTestId('level-amount-0').fill('15000');
    await page.getByTestId('open-in-simulation').click();
    await expect(page).toHaveURL(/#\/simulation/);
    await expect(page.getByTestId('simulation-heading')).toBeFocused();

    await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
    await expect(page.getByTestId('sim-table').locator('option:checked')).toHaveText(w.option);
    // the name already says « Scénario »: never « scénario « Scénario — … » »
    await expect(page.locator('body')).not.toContainText(/sc[ée]nario « sc[ée]nario/i);
    // a Mine d'or table cites Mine d'or's rule (M4), not Les 3 Gongs' (G1)
    const source = page.getByTestId('official-table').locator('p.source').first();
    await expect(source).toContainText('(M4)');
    await expect(source).not.toContainText('G1');
    // the official results below are the previous run's
    await expect(page.getByTestId('sim-results-previous')).toHaveText(w.previous);
    await shot(page, `from-explorer-${lang}`);
    await showTop(page.getByTestId('sim-results'));
    await shot(page, `from-explorer-results-${lang}`);
  });
}

test('the explorer’s distribution chart keeps its last amount label inside the canvas (1280, fr)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/explorer');
  const chart = page.getByTestId('chart-comparison-distribution');
  await expect(chart).toBeVisible();
  await showTop(chart);
  // the rightmost ink of the canvas (the last amount label, « 10 000 ») stays clear of its edge: a
  // label centred on the plot's last tick otherwise ends on, or past, the canvas's last pixel
  const canvas = chart.locator('canvas');
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
        let right = -1;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) right = Math.max(right, ((i - 3) / 4) % c.width);
        return right < 0 ? null : (c.width - 1 - right) / (c.width / c.clientWidth);
      }),
    )
    .toBeGreaterThanOrEqual(8);
  await shot(page, 'explorer-distribution-fr');
});
