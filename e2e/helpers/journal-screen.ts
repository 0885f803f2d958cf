/** What the Journal screen's end-to-end tests share: opening a journal file. */
import type { Page } from '@playwright/test';

/** Opens `file` with « Ouvrir un fichier journal… », through the page's file chooser. */
export async function openJournalFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('journal-open').click();
  await (await chooser).setFiles(file);
}
