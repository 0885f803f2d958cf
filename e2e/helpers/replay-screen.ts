/** What the Replay screen's end-to-end tests and the documentation's flows share: opening a unit, browsing a block. */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { testId, until } from './until';

/** Opens the replay screen on a reference through the address (`#/replay?ref=…`). */
export async function openByUrl(page: Page, ref: string): Promise<void> {
  await page.goto(`/#/replay?ref=${ref}`);
  await until(page, testId('board-ref'), { text: ref });
  await expect(page.getByTestId('board-ref')).toHaveText(ref);
}

/** What « Parcourir un bloc » is asked: a block, and the level and presentation its units are filtered by. */
interface BlockSearch {
  readonly game: 'mine-d-or' | 'les-3-gongs';
  readonly stake: string;
  readonly seed: number;
  /** A level's index, or `win`; the screen's default (any level) when left out. */
  readonly level?: string;
  readonly presentation: string;
}

/** Searches a block from « Parcourir un bloc » and waits for its first page of 20 units. */
export async function searchBlock(page: Page, s: BlockSearch): Promise<void> {
  await page.getByTestId('browse-game').selectOption(s.game);
  await page.getByTestId('browse-stake').selectOption(s.stake);
  await page.getByTestId('browse-seed').fill(String(s.seed));
  if (s.level !== undefined) await page.getByTestId('browse-level').selectOption(s.level);
  await page.getByTestId('browse-presentation').selectOption(s.presentation);
  await page.getByTestId('browse-search').click();
  await until(page, `${testId('browse-results')} li button`, { count: 20 });
  await expect(page.getByTestId('browse-results').locator('li button')).toHaveCount(20);
}
