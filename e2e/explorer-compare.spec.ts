/**
 * End to end in the browser build: four prize tables of Mine d'or at 0,50 €
 * side by side — the official table, the table being edited and two scenario files — in French
 * and English, with each change against the first column; a fifth table and a table of another
 * game are refused with a message; a table goes to the simulation screen under its name.
 * Screenshots at 1280×720: test-results/screenshots/compare-*.png.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { testId, until } from './helpers/until';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** A scenario file of `game` at `stakeCents` from the official Mine d'or 0,50 € counts, 0,50 € lots changed. */
function scenarioFile(info: TestInfo, file: string, name: string, lotsOf050: number, game = 'mine-d-or'): string {
  const levels = [
    [750_000, 1],
    [375_000, 1],
    [20_000, 1],
    [10_000, 1],
    [4_000, 11],
    [2_000, 30],
    [1_000, 20_000],
    [500, 1_000],
    [400, 1_100],
    [200, 1_500],
    [100, 75_000],
    [50, lotsOf050],
  ].map(([prizeCents, lots]) => ({ prizeCents, lots }));
  const path = info.outputPath(file);
  writeFileSync(
    path,
    JSON.stringify({
      format: 'instant-lab-scenario/1',
      scenario: { name, game, stakeCents: 50, blockUnits: 1_000_000, levels },
    }),
  );
  return path;
}

async function openInComparison(page: Page, path: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('cmp-open').click()]);
  await chooser.setFiles(path);
}

const lang = (page: Page, l: 'fr' | 'en') => page.getByTestId('lang-select').selectOption(l);

/** The comparison at the top of a 1280×720 window, then its chart, in `l`. */
async function shots(page: Page, l: 'fr' | 'en'): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  // just below the sticky header
  const showTop = (id: string) =>
    page.getByTestId(id).evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 70));
  await showTop('comparison');
  await page.screenshot({ path: `test-results/screenshots/compare-figures-${l}.png` });
  await showTop('cmp-shares');
  await page.screenshot({ path: `test-results/screenshots/compare-chart-${l}.png` });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
});

test('four tables compare side by side in French and English; a fifth and another game are refused', async ({
  page,
}, info) => {
  // the table being edited: 15 000 more lots of 0,50 € (+7 500 € per block, +1,5 pt of RTP)
  await page.getByTestId('level-lots-11').fill('115020');
  await expect(page.getByTestId('cmp-name-1')).toHaveText(`Scénario — Mine d'or 0,50${NBSP}€ (modifié)`);
  await expect(page.getByTestId('cmp-rtp-delta-1')).toHaveText('+1,5 pt');
  await openInComparison(page, scenarioFile(info, 'moins.scenario.json', 'Moins de petits lots', 90_020));
  await openInComparison(page, scenarioFile(info, 'plus.scenario.json', 'Beaucoup plus de petits lots', 160_020));
  await expect(page.getByTestId('cmp-col-3')).toBeVisible();

  // French
  await expect(page.getByTestId('cmp-name-0')).toHaveText(`Mine d'or 0,50${NBSP}€ — tableau officiel`);
  await expect(page.getByTestId('cmp-rtp-0')).toHaveText(`70,000${NBSP}%`);
  await expect(page.getByTestId('cmp-hit-0')).toHaveText(`19,867${NBSP}% (1 sur 5,03)`);
  await expect(page.getByTestId('cmp-name-2')).toHaveText('Moins de petits lots');
  await expect(page.getByTestId('cmp-rtp-2')).toHaveText(`69,000${NBSP}%`);
  await expect(page.getByTestId('cmp-rtp-delta-2')).toHaveText('−1,0 pt');
  await expect(page.getByTestId('cmp-liability-delta-1')).toHaveText(`+7${NNBSP}500,00${NBSP}€`);
  await expect(page.getByTestId('cmp-liability-delta-3')).toHaveText(`+30${NNBSP}000,00${NBSP}€`);
  await expect(page.getByTestId('cmp-rtp-3')).toHaveText(`76,000${NBSP}%`);
  // +6 pt: outside the legal band (CSI art. D.322-10)
  await expect(page.getByTestId('cmp-band-3')).toHaveText(`hors de la fourchette 65${NBSP}%–75${NBSP}%`);
  await expect(page.getByTestId('cmp-band-0')).toHaveText(`dans la fourchette 65${NBSP}%–75${NBSP}%`);
  await expect(page.getByTestId('cmp-sd-delta-2')).toHaveText('±0,00');
  await expect(page.getByTestId('cmp-vi-0')).toHaveText('28,00'); // 1,645 × 17,02
  await expect(page.getByTestId('cmp-top-0')).toHaveText(`7${NNBSP}500,00${NBSP}€ × 1`);
  // share of the RTP of the 0,50 € level (last row): 50 010 € of 350 000 €, then +7 500 € of 357 500 €
  await expect(page.getByTestId('cmp-share-11-0')).toHaveText(`14,289${NBSP}%`);
  await expect(page.getByTestId('cmp-share-delta-11-1')).toHaveText('+1,798 pt'); // 57 510 € of 357 500 €: 16,087 %
  await expect(page.getByTestId('chart-comparison-distribution')).toContainText('1,00 × 10⁻⁶');

  // a fifth table is refused, before any dialog opens
  await page.getByTestId('cmp-open').click();
  await expect(page.getByTestId('cmp-notice')).toHaveText(
    'Au plus 4 tableaux se comparent côte à côte : retirez-en un avant d’en ajouter un autre.',
  );
  await expect(page.getByTestId('cmp-col-4')).toHaveCount(0);
  await shots(page, 'fr');

  // English: the same figures, English words and numbers
  await page.setViewportSize({ width: 1400, height: 1000 });
  await lang(page, 'en');
  await expect(page.getByTestId('cmp-notice')).toHaveText(
    'At most 4 tables compare side by side: remove one before adding another.',
  );
  await expect(page.getByTestId('cmp-name-0')).toHaveText("Mine d'or €0.50 — official table");
  await expect(page.getByTestId('cmp-rtp-delta-1')).toHaveText('+1.5 pt');
  await expect(page.getByTestId('cmp-rtp-delta-2')).toHaveText('−1.0 pt');
  await expect(page.getByTestId('cmp-hit-0')).toHaveText('19.867% (1 in 5.03)');
  await expect(page.getByTestId('cmp-liability-delta-1')).toHaveText('+€7,500.00');
  await expect(page.getByTestId('cmp-band-3')).toHaveText('outside the 65%–75% band');
  await shots(page, 'en');

  // another game: refused in plain words, the comparison unchanged
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.getByTestId('cmp-remove-3').click();
  await openInComparison(page, scenarioFile(info, 'gongs.scenario.json', 'Gongs', 40_000, 'les-3-gongs'));
  await expect(page.getByTestId('cmp-notice')).toHaveText(
    "“gongs.scenario.json” is a table of Les 3 Gongs at €0.50: only tables of Mine d'or at €0.50 compare here. Choose that game and stake in the editor to compare it.",
  );
  await expect(page.getByTestId('cmp-col-3')).toHaveCount(0);
  await lang(page, 'fr');
  await expect(page.getByTestId('cmp-notice')).toContainText(
    `« gongs.scenario.json » est un tableau de Les 3 Gongs à 0,50${NBSP}€ : seuls les tableaux de Mine d'or à 0,50${NBSP}€ se comparent ici.`,
  );
  // a refused file lists its problems and leaves the comparison as it was
  const bad = info.outputPath('bad.json');
  writeFileSync(
    bad,
    '{"format":"instant-lab-scenario/1","scenario":{"name":"x","game":"mine-d-or","stakeCents":50,"blockUnits":10,"levels":[{"prizeCents":30,"lots":1}]}}',
  );
  await openInComparison(page, bad);
  await expect(page.getByTestId('cmp-file-problems')).toContainText('Fichier « bad.json » refusé (1 problème)');
  await expect(page.getByTestId('cmp-file-problems')).toContainText('niveau 1 : aucune combinaison de gains');
  await expect(page.getByTestId('cmp-col-2')).toBeVisible();
  await expect(page.getByTestId('cmp-col-3')).toHaveCount(0);
});

test('a table of the comparison goes to the simulation screen as full blocks, under its name', async ({
  page,
}, info) => {
  await openInComparison(page, scenarioFile(info, 'plus.scenario.json', 'Plus de petits lots', 115_020));
  await expect(page.getByTestId('cmp-name-2')).toHaveText('Plus de petits lots');
  await page.getByTestId('cmp-sim-2').click();
  await expect(page).toHaveURL(/#\/simulation/);
  await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
  await expect(page.getByTestId('sim-table')).toContainText('Tableau « Plus de petits lots »');
  await page.getByTestId('sim-seed').fill('12');
  await page.getByTestId('sim-blocks').fill('1');
  await page.getByTestId('sim-run').click();
  await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 90_000 });
  await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 90_000 });
  await expect(page.getByTestId('rtp-total')).toHaveText('71,500 %');
});
