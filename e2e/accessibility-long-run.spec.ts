/**
 * WCAG 2.1 A/AA (axe-core) on the simulation results of a 40-block run, in French and in English:
 * past some 17 rows the « Blocs » table scrolls inside its panel, and that region is reached and
 * named for keyboard users (WCAG 2.1.1, axe `scrollable-region-focusable`). The blocks are 2,000
 * units of a small scenario table (Les 3 Gongs 0,50 €, its levels of at most 10 lots), so that 40
 * of them take seconds.
 */
import { expect, test } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';
import { axeResults } from './helpers/axe';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
const official = engine.officialTable('les-3-gongs', 50);
const scenario = {
  format: 'instant-lab-scenario/1',
  scenario: {
    name: 'Quarante blocs',
    game: 'les-3-gongs',
    stakeCents: 50,
    blockUnits: 2_000,
    levels: official.levels.filter((l) => l.lots <= 10).map((l) => ({ prizeCents: l.prizeCents, lots: l.lots })),
  },
};

for (const lang of ['fr', 'en'] as const) {
  test(`a 40-block run's results have no axe violation and its blocks table is a named, focusable region, in ${lang === 'fr' ? 'French' : 'English'}`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/explorer');
    await page.getByTestId('lang-select').selectOption(lang);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
    await chooser.setFiles({
      name: 'quarante.scenario.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(scenario)),
    });
    await expect(page.getByTestId('scenario-name')).toHaveValue('Quarante blocs');
    await page.getByTestId('open-in-simulation').click();
    await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
    await page.getByTestId('sim-seed').fill('1');
    await page.getByTestId('sim-blocks').fill('40');
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-verdict'), { timeout: 90_000 });
    await expect(page.getByTestId('sim-verdict')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
    await expect(page.getByTestId('sim-block-row')).toHaveCount(40);

    const violations = await axeResults(page);
    expect(
      violations.map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })),
    ).toEqual([]);

    const region = page.getByTestId('sim-blocks-scroll');
    // it does scroll (else the state would not be the one the rule is about)
    expect(await region.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
    await expect(region).toHaveAttribute('role', 'region');
    await expect(region).toHaveAccessibleName(lang === 'fr' ? 'Blocs' : 'Blocks');
    await region.focus();
    await page.keyboard.press('End');
    await expect.poll(() => region.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);

    await region.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `test-results/screenshots/long-run-blocks-${lang}.png` });
  });
}
