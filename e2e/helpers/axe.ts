/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is now, for every end-to-end test that checks
 * accessibility. `axe.run` runs in the page itself, axe-core injected once per document: the
 * Playwright wrapper injected its half-megabyte source twice a scan, then copied every result,
 * passes included, into a new blank page to finish the run there, seconds a scan on a long report.
 * The app has no frames, so that frame-by-frame run checked nothing more. Every rule still runs on
 * every node; only the violations are gathered in full (`resultTypes`), the one result read.
 */
import axe from 'axe-core';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';

const options: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/** The WCAG 2.1 A and AA failures axe-core finds on the page as it is now. */
export async function axeResults(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (o) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, o),
    options,
  );
  return results.violations;
}

/** The same failures, by rule and first target: an empty list reads best in a failed expectation. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axeResults(page)).map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ') ?? ''}`);
}
