/**
 * Waits for the state a long job ends in, looked for every 50 ms, before the assertion that says it.
 * Playwright's web-first assertions look at 0, 0.1, 0.35 and 0.85 s, then once a second: a run that
 * ends at 1.9 s is seen at 2.85 s, up to a second lost a job. Called first, this sees the state
 * within 50 ms (a timer in the page: looking on every frame would wake its renderer 60 times a
 * second beside the job); the assertion after it, unchanged, then passes at its first look. It
 * asserts nothing itself: when the state never comes it returns at its timeout, and the assertion
 * that follows fails with its own message (what it expected, what it saw).
 */
import type { Page } from '@playwright/test';

interface Until {
  /** How many elements must match (`0`: none left); else at least one. */
  readonly count?: number;
  /** A text the matching element must contain. */
  readonly text?: string;
  readonly timeout?: number;
}

/**
 * Returns once `selector` (CSS) matches an element (holding `text` when given), or `count` of them,
 * or after `timeout`.
 */
export async function until(
  page: Page,
  selector: string,
  { count, text, timeout = 30_000 }: Until = {},
): Promise<void> {
  await page
    .waitForFunction(
      ([s, n, t]) => {
        const found = [...document.querySelectorAll(s)].filter((e) => t === null || e.textContent?.includes(t));
        return n === null ? found.length > 0 : found.length === n;
      },
      [selector, count ?? null, text ?? null] as const,
      { polling: 50, timeout },
    )
    .catch(() => undefined);
}

/** The CSS selector of `data-testid="id"` with the attributes' values given. */
export const testId = (id: string, attrs: Readonly<Record<string, string>> = {}): string =>
  `[data-testid="${id}"]${Object.entries(attrs)
    .map(([a, v]) => `[${a}="${v}"]`)
    .join('')}`;
