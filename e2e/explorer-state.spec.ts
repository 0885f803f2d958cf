/**
 * The explorer's state holds together: the starting point names the table being edited, « Tableau
 * officiel » asks (in an accessible dialog) before replacing unsaved edits, a save's confirmation
 * goes when another table loads, and switching the game gives its art. 2 block or says it is not.
 * Screenshots: test-results/screenshots/explorer-discard-{fr,en}.png, explorer-block-warning-{fr,en}.png.
 */
import { expect, test } from '@playwright/test';

for (const lang of ['fr', 'en'] as const) {
  test(`explorer state, ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#/explorer');
    await page.getByTestId('lang-select').selectOption(lang);
    // the starting point and the editor agree from the start
    await expect(page.getByTestId('level-amount-0')).toBeVisible();
    expect(await page.getByTestId('explorer-stake').inputValue()).toBe(
      await page.getByTestId('scenario-stake').inputValue(),
    );
    expect(await page.getByTestId('explorer-game').inputValue()).toBe(
      await page.getByTestId('scenario-game').inputValue(),
    );

    // a save's confirmation goes away when another table loads
    const download = page.waitForEvent('download');
    await page.getByTestId('scenario-save').click();
    await download;
    await expect(page.getByTestId('scenario-saved')).toBeVisible();
    await page.getByTestId('explorer-stake').selectOption('200');
    await page.getByTestId('explorer-load-official').click();
    await expect(page.getByTestId('scenario-stake')).toHaveValue('200');
    await expect(page.getByTestId('scenario-saved')).toHaveCount(0);

    // unsaved edits: « Tableau officiel » asks first; Escape keeps the edits
    const amount = lang === 'fr' ? '31 000,00' : '31,000.00';
    await page.getByTestId('level-amount-0').fill(amount);
    await page.getByTestId('explorer-load-official').click();
    const dialog = page.getByRole('dialog', {
      name: lang === 'fr' ? 'Remplacer le tableau modifié ?' : 'Replace the edited table?',
    });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('discard-dialog-cancel')).toBeFocused();
    await page.screenshot({ path: `test-results/screenshots/explorer-discard-${lang}.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('level-amount-0')).toHaveValue(amount);
    await expect(page.getByTestId('explorer-load-official')).toBeFocused();
    await page.getByTestId('explorer-load-official').click();
    await page.getByTestId('discard-dialog-confirm').click();
    await expect(page.getByTestId('level-amount-0')).not.toHaveValue(amount);
    await expect(page.getByTestId('table-status')).toContainText(/officiel|official/i);

    // the editor switched to Les 3 Gongs: its art. 2 block of 300 000 units
    await page.getByTestId('scenario-game').selectOption('les-3-gongs');
    await expect(page.getByTestId('scenario-block')).toHaveValue('300000');
    await expect(page.getByTestId('explorer-game')).toHaveValue('les-3-gongs');
    // a block of another size is said to be none of art. 2's, never « valide »
    await page.getByTestId('explorer-load-official').click();
    await page.getByTestId('discard-dialog-confirm').click(); // the switched table was an edit
    await expect(page.getByTestId('no-problem')).toBeVisible();
    await page.getByTestId('scenario-block').fill('1000000');
    await expect(page.getByTestId('block-warning')).toContainText(
      lang === 'fr' ? 'art. 2 : 300 000 unités' : 'art. 2: 300,000 units',
    );
    await expect(page.getByTestId('no-problem')).toHaveCount(0);
    await page.getByTestId('block-warning').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screenshots/explorer-block-warning-${lang}.png`,
      animations: 'disabled',
    });
  });
}
