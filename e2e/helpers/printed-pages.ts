/** The documentation's picture of a printed report: its first pages as the PDF draws them, side by side. */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';

/**
 * Prints `page` to PDF with its own print style (what the browser's « Imprimer en PDF » prints),
 * checks that every page's footer says `pageOf` ("Page 1 sur", "Page 1 of"), then opens a page
 * of the same browser that shows its first `count` pages, drawn by pdftoppm, ready to be captured.
 */
export async function printedPages(
  page: Page,
  info: TestInfo,
  footer: { pageOf: string; digest: string },
  count = 2,
): Promise<Page> {
  const pdf = info.outputPath('report.pdf');
  await page.pdf({ path: pdf, preferCSSPageSize: true });
  const text = execFileSync('pdftotext', ['-f', '1', '-l', String(count), '-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain(footer.pageOf);
  expect(text).toContain(footer.digest.slice(0, 16));
  // 56 dots per inch: an A4 page 655 pixels high, two of them beside each other in 1280×720
  execFileSync('pdftoppm', ['-png', '-r', '56', '-f', '1', '-l', String(count), pdf, info.outputPath('page')]);
  const drawn = readdirSync(info.outputPath())
    .filter((f) => /^page-\d+\.png$/.test(f))
    .sort();
  expect(drawn).toHaveLength(count);
  const images = drawn
    .map((f) => `<img alt="" src="data:image/png;base64,${readFileSync(info.outputPath(f)).toString('base64')}">`)
    .join('');
  const sheet = await page.context().newPage();
  await sheet.setContent(
    `<!doctype html><style>body{margin:0;height:100vh;background:#525659;display:flex;gap:32px;justify-content:center;align-items:center}img{box-shadow:0 2px 10px #000a}</style><body>${images}</body>`,
  );
  await expect(sheet.locator('img')).toHaveCount(count);
  // browser-side code, as text: the e2e files are type-checked without the DOM library
  await sheet.waitForFunction('[...document.images].every((i) => i.complete && i.naturalWidth > 0)');
  return sheet;
}
