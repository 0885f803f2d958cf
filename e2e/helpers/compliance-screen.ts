/** What the Compliance screen's end-to-end tests and the documentation's flows share. */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { testId, until } from './until';

/** « Construire le rapport » of one block, waiting (a whole block is built and audited) for its section. */
export async function buildReport(page: Page, game: string, stake: string, seed: string): Promise<void> {
  await page.getByTestId('compliance-game').selectOption(game);
  await page.getByTestId('compliance-stake').selectOption(stake);
  await page.getByTestId('compliance-seed').fill(seed);
  await page.getByTestId('compliance-blocks').fill('1');
  await page.getByTestId('build-report').click();
  await until(page, testId(`block-${seed}`), { timeout: 120_000 });
  await expect(page.getByTestId(`block-${seed}`)).toBeVisible({ timeout: 120_000 });
}
