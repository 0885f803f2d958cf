/**
 * Nothing typed in the payout explorer is lost: unsaved edits survive a reload as a
 * draft, restored with a word; a count typed the way the app prints it (« 20 000 ») is read; a
 * refused field is `aria-invalid` and described by its reason, and « Présentable » speaks of the
 * amount only. French and English, axe-core clean, screenshots at 1280×720
 * (test-results/screenshots/explorer-draft-*.png).
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { axeResults } from './helpers/axe';

const NBSP = '\u00a0';

async function axe(page: Page): Promise<string[]> {
  const violations = await axeResults(page);
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
});

for (const lang of ['fr', 'en'] as const) {
  test(`unsaved edits survive a reload, restored with a word (${lang})`, async ({ page }) => {
    await page.goto('/#/explorer');
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('explorer-stake').selectOption('100');
    await page.getByTestId('explorer-load-official').click();
    await page.getByTestId('level-lots-6').fill(lang === 'fr' ? '19 000' : '19,000');
    await page.getByTestId('scenario-name').fill('Essai 20 €');
    await expect(page.getByTestId('scenario-unsaved')).toBeVisible();
    await expect(page.getByTestId('draft-restored')).toHaveCount(0);

    await page.reload();
    const word = page.getByTestId('draft-restored');
    await expect(word).toContainText(
      lang === 'fr' ? 'Modifications non enregistrées restaurées' : 'Unsaved changes restored',
    );
    await expect(page.getByTestId('level-lots-6')).toHaveValue(lang === 'fr' ? '19 000' : '19,000');
    await expect(page.getByTestId('scenario-name')).toHaveValue('Essai 20 €');
    await expect(page.getByTestId('level-amount-0')).toHaveValue(lang === 'fr' ? '15 000,00' : '15,000.00');
    await expect(page.getByTestId('scenario-unsaved')).toBeVisible();
    await expect(page.getByTestId('fig-rtp')).toHaveText(lang === 'fr' ? `68,000${NBSP}%` : '68.000%');
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screenshots/explorer-draft-${lang}.png` });

    // the next edit is the table's own again: the word goes; undoing back to the official table ends the draft
    await page.getByTestId('draft-restored-close').click();
    await expect(word).toHaveCount(0);
    await page.getByTestId('level-lots-6').fill('20000');
    await page.getByTestId('scenario-name').fill('');
    await expect(page.getByTestId('scenario-unsaved')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('level-amount-0')).toBeVisible();
    await expect(word).toHaveCount(0);
  });

  test(`a refused field is aria-invalid and described; « Présentable » speaks of the amount (${lang})`, async ({
    page,
  }) => {
    await page.goto('/#/explorer');
    await page.getByTestId('lang-select').selectOption(lang);
    const lots = page.getByTestId('level-lots-11');
    const amount = page.getByTestId('level-amount-11');
    // every form the app prints a count in is read
    for (const text of lang === 'fr' ? ['20 000', `20${NBSP}000`, '20\u202f000'] : ['20,000', '20\u202f000']) {
      await lots.fill(text);
      await expect(page.getByTestId('no-problem')).toBeVisible();
      await expect(lots).toHaveAttribute('aria-invalid', 'false');
    }
    await lots.fill('vingt');
    await expect(lots).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAttribute('aria-invalid', 'false');
    const reason = page.getByTestId('level-shown-11');
    await expect(lots).toHaveAttribute('aria-describedby', (await reason.getAttribute('id'))!);
    await expect(lots).toHaveAccessibleDescription(/vingt/);
    // its amount is presentable: the column says so, the lots being refused
    await expect(page.getByTestId('level-presentable-11')).toHaveText(lang === 'fr' ? 'oui' : 'yes');
    expect(await axe(page)).toEqual([]);
    // an amount no presentation shows: « non », and the amount field is the invalid one
    await lots.fill('1');
    await amount.fill(lang === 'fr' ? '0,10' : '0.10');
    await expect(page.getByTestId('level-presentable-11')).toHaveText(lang === 'fr' ? 'non' : 'no');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(lots).toHaveAttribute('aria-invalid', 'false');
    await expect(amount).toHaveAccessibleDescription(/0[,.]10/);
    // the block size in the app's English form is read too
    if (lang === 'en') {
      await amount.fill('0.50');
      await page.getByTestId('scenario-block').fill('1,000,000');
      await expect(page.getByTestId('no-problem')).toBeVisible();
    }
  });
}
