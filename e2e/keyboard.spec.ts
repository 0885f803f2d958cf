/**
 * Keyboard access (issue: "keyboard access to every control"): a block is run and a unit replayed
 * with the keyboard alone — Tab to move, typing, Enter and the replay shortcuts — and the focused
 * control is always visible.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { testId, until } from './helpers/until';

/** Presses Tab until the element with `testId` has the focus (at most `max` presses). */
async function tabTo(page: Page, testId: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    if (focused === testId) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** The focused element draws a visible focus ring (outline or box shadow). */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return false;
    const s = getComputedStyle(el);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  });
}

test('a Les 3 Gongs block is chosen and run with the keyboard alone', async ({ page }) => {
  await page.goto('/#/simulation');
  await expect(page.getByTestId('sim-game')).toBeVisible();
  await tabTo(page, 'sim-game');
  expect(await focusIsVisible(page)).toBe(true);
  // a native select: the arrow keys change the value without opening anything
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('sim-game')).toHaveValue('les-3-gongs');
  await tabTo(page, 'sim-seed');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4242');
  await tabTo(page, 'sim-run');
  expect(await focusIsVisible(page)).toBe(true);
  await page.keyboard.press('Enter');
  await until(page, testId('sim-verdict'), { timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('sim-verdict')).toContainText('conforme');
});

test('a unit is replayed step by step with the keyboard shortcuts', async ({ page }) => {
  await page.goto('/#/replay');
  await tabTo(page, 'ref-input');
  await page.keyboard.type('GONG-100-0000C1S-004V-V1-MS');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('step-caption')).toBeVisible();
  // leave the text field so the shortcuts are not typed into it
  await tabTo(page, 'ctl-end'); // restart and back are disabled on the first step
  const caption = page.getByTestId('step-caption');
  await page.keyboard.press('Home');
  await expect(caption).toContainText(/^\s*\S+ 1 \/ \d+/);
  await page.keyboard.press('ArrowRight');
  await expect(caption).toContainText(/^\s*\S+ 2 \/ \d+/);
  await page.keyboard.press('ArrowLeft');
  await expect(caption).toContainText(/^\s*\S+ 1 \/ \d+/);
  await page.keyboard.press('End');
  const text = (await caption.textContent()) ?? '';
  const m = /(\d+) \/ (\d+)/.exec(text);
  expect(m, text).not.toBeNull();
  expect(m![1]).toBe(m![2]); // the final state
});
