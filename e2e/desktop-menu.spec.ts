/**
 * The desktop menu's actions, driven through the same preload API the Electron shell exposes
 * (`window.instantLab`), here a recording stand-in injected before the app loads: the browser build
 * then takes the desktop path of `getBridge()`.
 */
import { expect, test } from '@playwright/test';

declare global {
  interface Window {
    __menu?: (action: string) => void;
    __printed?: string[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const store = new Map<string, unknown>();
    window.__printed = [];
    (window as unknown as { instantLab: unknown }).instantLab = {
      appInfo: async () => ({ version: '9.9.9-test', platform: 'desktop' }),
      saveFile: async () => ({ saved: false }),
      beginSave: async () => null,
      appendSave: async () => undefined,
      commitSave: async () => ({ saved: true, path: '/tmp/x' }),
      abortSave: async () => undefined,
      openFile: async () => null,
      printToPdf: async (req: { suggestedName: string }) => {
        window.__printed!.push(req.suggestedName);
        return { saved: true, path: `/tmp/${req.suggestedName}` };
      },
      storeGet: async (key: string) => store.get(key) ?? null,
      storeSet: async (key: string, value: unknown) => void store.set(key, value),
      onMenuAction: (cb: (a: string) => void) => {
        window.__menu = cb;
        return () => undefined;
      },
    };
  });
});

test('desktop menu: language, export, print to PDF and about reach the app', async ({ page }) => {
  await page.goto('/#/simulation');
  await expect(page.getByTestId('nav-replay')).toHaveText('Rejeu');
  await page.waitForFunction(() => typeof window.__menu === 'function');

  await page.evaluate(() => window.__menu!('locale:en'));
  await expect(page.getByTestId('nav-replay')).toHaveText('Replay');

  await page.evaluate(() => window.__menu!('export'));
  await expect(page).toHaveURL(/#\/compliance$/);

  await page.evaluate(() => window.__menu!('print-to-pdf'));
  await expect.poll(() => page.evaluate(() => window.__printed)).toEqual(['instant-lab-compliance.pdf']);

  await page.evaluate(() => window.__menu!('about'));
  await expect(page.getByTestId('about')).toContainText('Instant Lab 9.9.9-test');

  await page.evaluate(() => window.__menu!('locale:fr'));
  await expect(page.getByTestId('nav-replay')).toHaveText('Rejeu');
});
