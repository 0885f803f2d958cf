/**
 * What the replay screen keeps when it is left and come back to: the dispute case's claim and
 * conclusion, each with the unit they were typed for (never shown in another unit's case), and the
 * player's history with its strip. French and English, with screenshots at 1280 × 720 of the case
 * dialog after coming back: test-results/screenshots/replay-return-case-*.png.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';
import { openByUrl } from './helpers/replay-screen';

const engine = await load<typeof Engine>('src-engine/index.ts');
const MINE = engine.formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 2011, index: 5, generatorVersion: 2 });
const GONG = engine.formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 29, generatorVersion: 2 });

test.use({ viewport: { width: 1280, height: 720 } });

/** Types a reference and replays it. */
async function replayRef(page: Page, ref: string): Promise<void> {
  await page.getByTestId('ref-input').fill(ref);
  await page.getByTestId('ref-open').click();
  await expect(page.getByTestId('board-ref')).toHaveText(ref);
}

/** Opens « Ouvrir un dossier » and checks the texts it holds and that the focus is in the claim. */
async function openCase(page: Page, ref: string, claim: string, conclusion: string): Promise<void> {
  await page.getByTestId('case-open').click();
  await expect(page.getByTestId('case-dialog')).toBeVisible();
  await expect(page.getByTestId('case-dialog').locator('#case-title')).toContainText(ref);
  await expect(page.getByTestId('case-claim')).toBeFocused();
  await expect(page.getByTestId('case-claim')).toHaveValue(claim);
  await expect(page.getByTestId('case-conclusion')).toHaveValue(conclusion);
}

/** Closes the case dialog: the focus is back on its button. */
async function closeCase(page: Page): Promise<void> {
  await page.getByTestId('case-close').click();
  await expect(page.getByTestId('case-dialog')).toBeHidden();
  await expect(page.getByTestId('case-open')).toBeFocused();
}

/** Goes to the Journal screen and back to the replay by the menu. */
async function roundTrip(page: Page): Promise<void> {
  await page.getByTestId('nav-journal').click();
  await expect(page.getByTestId('board-ref')).toHaveCount(0);
  await page.getByTestId('nav-replay').click();
}

for (const lang of ['fr', 'en'] as const) {
  test(`a case's texts stay with their unit, across units and a visit to another screen (${lang})`, async ({
    page,
  }) => {
    await openByUrl(page, MINE);
    await page.getByTestId('lang-select').selectOption(lang);
    const mineClaim = lang === 'fr' ? 'Le joueur dit avoir vu trois lingots.' : 'The player says three gold bars.';
    const mineConclusion = lang === 'fr' ? 'Aucun lot : conforme (art. 4.4).' : 'No prize: as ruled (art. 4.4).';
    await openCase(page, MINE, '', '');
    await page.getByTestId('case-claim').fill(mineClaim);
    await page.getByTestId('case-conclusion').fill(mineConclusion);
    await closeCase(page);

    // another unit: its case starts empty, never with what was written about the first
    await replayRef(page, GONG);
    await openCase(page, GONG, '', '');
    const gongConclusion = lang === 'fr' ? 'Bonus de 3 € conforme.' : 'A 3 € Bonus, as ruled.';
    await page.getByTestId('case-conclusion').fill(gongConclusion);
    await closeCase(page);

    // left and come back to: the unit on screen keeps its own text
    await roundTrip(page);
    await expect(page.getByTestId('board-ref')).toHaveText(GONG);
    await openCase(page, GONG, '', gongConclusion);
    await closeCase(page);

    // back to the first unit: its own text again
    await replayRef(page, MINE);
    await roundTrip(page);
    await expect(page.getByTestId('board-ref')).toHaveText(MINE);
    await openCase(page, MINE, mineClaim, mineConclusion);
    await page.screenshot({ path: `test-results/screenshots/replay-return-case-${lang}.png` });
  });

  test(`the player's history and its strip stay after a visit to another screen (${lang})`, async ({ page }) => {
    await page.goto('/#/replay');
    await page.getByTestId('lang-select').selectOption(lang);
    const list = `${MINE}\n\nnot a reference\n${GONG}\n${MINE}`;
    await page.getByTestId('history-text').fill(list);
    await page.getByTestId('history-show').click();
    await expect(page.getByTestId('history-item')).toHaveCount(3);
    await page.getByTestId('history-item').nth(1).click();
    await expect(page.getByTestId('board-ref')).toHaveText(GONG);

    await roundTrip(page);
    await expect(page.getByTestId('board-ref')).toHaveText(GONG);
    await expect(page.getByTestId('history-text')).toHaveValue(list);
    await expect(page.getByTestId('history-item')).toHaveCount(3);
    await expect(page.getByTestId('history-item').nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('history-problem')).toHaveCount(1);
    await expect(page.getByTestId('history-problem')).toContainText(lang === 'fr' ? 'ligne 3 : ' : 'line 3: ');
    await expect(page.getByTestId('history-repeat')).toContainText(MINE);
    await expect(page.getByTestId('history-blank')).toHaveText(
      lang === 'fr' ? 'Ligne 2 vide : aucune référence lue.' : 'Line 2 is empty: no reference read.',
    );
    // the strip still replays its units
    await page.getByTestId('history-item').first().click();
    await expect(page.getByTestId('board-ref')).toHaveText(MINE);
    await expect(page.getByTestId('history-item').first()).toBeFocused();
  });
}
