/** What the Journal screen's end-to-end tests share: opening a journal file, and axe on the page. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's WCAG 2.1 A and AA rules that the page as it is now fails, by rule and first target. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

/** Opens `file` with « Ouvrir un fichier journal… », through the page's file chooser. */
export async function openJournalFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('journal-open').click();
  await (await chooser).setFiles(file);
}
