/**
 * The player's history strip on a 1280×720 screen: opening a unit from it keeps
 * the item pressed and the board both on screen; a unit listed on several lines (one of them in
 * lower case) is named with its lines; a blank line is said, never skipped in silence. French and
 * English, each with its screenshot.
 */
import { expect, test } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';

const engine = await load<typeof Engine>('src-engine/index.ts');
const mine = engine.formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 2011, index: 5, generatorVersion: 2 });
const gong = engine.formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 29, generatorVersion: 2 });

for (const lang of ['fr', 'en'] as const) {
  test(`the history strip keeps the item pressed and the board in view, and names repeats and blank lines, in ${lang === 'fr' ? 'French' : 'English'}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/replay');
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('history-text').fill(`${mine}\n\n${gong}\n${mine.toLowerCase()}\n${mine}\n`);
    await page.getByTestId('history-show').click();
    await expect(page.getByTestId('history-item')).toHaveCount(4);
    await expect(page.getByTestId('history-repeat')).toHaveText(
      lang === 'fr'
        ? `${mine} — lignes 1, 4 et 5 (ligne 4 écrite autrement : minuscules ou caractères voisins)`
        : `${mine} — lines 1, 4, and 5 (line 4 typed otherwise: lower case or look-alike characters)`,
    );
    await expect(page.getByTestId('history-repeats')).toContainText(
      lang === 'fr' ? '1 unité figure sur plusieurs lignes' : '1 unit is on several lines',
    );
    await expect(page.getByTestId('history-item-repeat')).toHaveText(
      lang === 'fr' ? ['déjà ligne 1', 'déjà ligne 1'] : ['already line 1', 'already line 1'],
    );
    await expect(page.getByTestId('history-blank')).toHaveText(
      lang === 'fr' ? 'Ligne 2 vide : aucune référence lue.' : 'Line 2 is empty: no reference read.',
    );

    // the first Enter opens the unit: the panels it adds above the strip do not push the item away
    const item = page.getByTestId('history-item').nth(1);
    await item.scrollIntoViewIfNeeded();
    await item.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('board-ref')).toHaveText(gong);
    await expect(page.getByTestId('recall-ref')).toBeVisible();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('history-item');
    await expect(item).toBeInViewport({ ratio: 1 });
    const board = await page.getByTestId('board-panel').boundingBox();
    expect(board!.y).toBeGreaterThanOrEqual(0);
    expect(board!.y + board!.height).toBeLessThanOrEqual(720);
    await page.screenshot({ path: `test-results/screenshots/history-strip-${lang}.png` });
    // a seed names its block: written as typed, never as a quantity (« 2 011 »)
    await page.getByTestId('history-item').first().click();
    await expect(page.getByTestId('recall-seed')).toHaveText('2011 00001YV');
    await page.getByTestId('browse-seed').fill('2024');
    await expect(page.getByTestId('browse-seed-reading')).toHaveText(
      lang === 'fr' ? 'graine 00001Z8 = 2024' : 'seed 00001Z8 = 2024',
    );
  });
}
