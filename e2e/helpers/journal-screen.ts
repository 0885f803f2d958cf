/** What the Journal screen's end-to-end tests share: a journal seeded in the browser, a journal file opened. */
import type { Page } from '@playwright/test';

/** Opens `file` with « Ouvrir un fichier journal… », through the page's file chooser. */
export async function openJournalFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('journal-open').click();
  await (await chooser).setFiles(file);
}

/** Puts `lines` in the browser build's journal (IndexedDB), as its appends leave them. */
export async function seedJournal(page: Page, lines: readonly string[]): Promise<void> {
  await page.evaluate(async (all) => {
    await new Promise<void>((resolve, reject) => {
      const r = indexedDB.open('instant-lab-journal', 1);
      r.onupgradeneeded = () => r.result.createObjectStore('lines', { autoIncrement: true });
      r.onerror = () => reject(r.error);
      r.onsuccess = () => {
        const tx = r.result.transaction('lines', 'readwrite');
        for (const x of all) tx.objectStore('lines').add(x);
        tx.oncomplete = () => {
          r.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, lines);
}
