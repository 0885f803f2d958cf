/** What the payout explorer's end-to-end tests and the documentation's flows share. */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Opens the explorer on the official Mine d'or 1 € table (its top prize 15 000,00 €, in French). */
export async function openMineDor1(page: Page): Promise<void> {
  await page.goto('/#/explorer');
  await page.getByTestId('explorer-game').selectOption('mine-d-or');
  await page.getByTestId('explorer-stake').selectOption('100');
  await page.getByTestId('explorer-load-official').click();
  await expect(page.getByTestId('level-amount-0')).toHaveValue('15 000,00');
}

/** « Importer un tableau… »: reads a spreadsheet file through the page's file chooser. */
export async function importSheet(page: Page, path: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('sheet-import').click()]);
  await chooser.setFiles(path);
}
