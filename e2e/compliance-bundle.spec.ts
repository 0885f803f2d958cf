/**
 * The evidence bundle made on the compliance screen, in the browser build: the
 * zip downloaded, signed with a key file chosen on screen, passes `npm run verify-bundle` (pinned to
 * the public key) and `python3 check.py` in its unzipped folder prints the report's digests; the
 * browser's bundle holds no PDF and says why, on screen and in its README. Screenshots at 1280×720
 * in French and English.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { buildReport } from './helpers/compliance-screen';
import type * as Engine from '@engine';
import { load } from './helpers/engine';

const engine = await load<typeof Engine>('src-engine/index.ts');

const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: `test-results/screenshots/compliance-bundle-${name}.png` });

test.use({ viewport: { width: 1280, height: 720 } });

test('a signed bundle made on screen passes verify-bundle and check.py; the browser says it holds no PDF', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const keys = engine.newKeyPair();
  const files = engine.keyFiles(keys);
  const keyPath = testInfo.outputPath('operator.key');
  writeFileSync(keyPath, files.secret, { mode: 0o600 });
  writeFileSync(`${keyPath}.pub`, files.public);

  await page.goto('/#/compliance');
  await buildReport(page, 'les-3-gongs', '50', '12');
  const digest = page.getByTestId('block-12').getByTestId('digest');
  await expect(digest).toHaveText(/^[0-9a-f]{64}$/);
  const reportDigest = (await digest.textContent())!.trim();

  const panel = page.getByTestId('evidence-panel');
  await expect(panel.getByTestId('bundle-no-pdf')).toContainText(
    'Dans le navigateur, le paquet ne contient pas de PDF',
  );
  await expect(panel).toContainText('Sans clé, le paquet n’est pas signé.');
  // the key chosen from the keyboard: listed with its size, the focus kept on the choose button
  const pick = panel.getByTestId('bundle-key-files');
  const chooser = page.waitForEvent('filechooser');
  await pick.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(keyPath);
  await expect(panel.getByTestId('bundle-key-chosen')).toHaveText(
    'Clé choisie, lue seulement par le processus qui signe :',
  );
  await expect(panel.getByTestId('bundle-key-list')).toHaveText(/^operator\.key \(\d+ octets\)\s*×\s*$/);
  await expect(pick).toBeFocused();
  // removed, then chosen again: the focus goes back to the choose button
  await panel.getByTestId('bundle-key-remove').click();
  await expect(pick).toBeFocused();
  await expect(panel.getByTestId('bundle-key-chosen')).toHaveText('Sans clé, le paquet n’est pas signé.');
  await pick.setInputFiles(keyPath);
  await expect(panel.getByTestId('bundle-key-remove')).toHaveAccessibleName('Retirer operator.key');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'panel-fr');

  const downloading = page.waitForEvent('download', { timeout: 240_000 });
  await panel.getByTestId('build-bundle').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('evidence-les-3-gongs-50-12.zip');
  const zipPath = testInfo.outputPath('bundle.zip');
  await download.saveAs(zipPath);
  await expect(panel.getByTestId('bundle-done')).toContainText('Paquet enregistré : evidence-les-3-gongs-50-12.zip');
  await expect(panel.getByTestId('bundle-fingerprint')).toHaveText(engine.fingerprint(keys.publicKey));
  await expect(panel.getByTestId('bundle-pdf')).toHaveText(
    'Pas de PDF dans ce paquet (navigateur) : son README dit pourquoi.',
  );
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'done-fr');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(panel.getByTestId('bundle-done')).toContainText('Bundle saved: evidence-les-3-gongs-50-12.zip');
  await expect(panel.getByTestId('bundle-no-pdf')).toContainText('In the browser the bundle holds no PDF');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'done-en');

  // the command line checks every hash and the signature, pinned to the public key
  const verified = spawnSync(
    process.execPath,
    ['scripts/cli.mjs', 'verify-bundle', zipPath, '--pub', `${keyPath}.pub`],
    {
      encoding: 'utf8',
    },
  );
  expect(verified.stderr).toBe('');
  expect(verified.status).toBe(0);
  expect(verified.stdout).toMatch(/verdict: INTACT \(\d+ files, signature valid\)/);

  // python3 check.py, with no argument, in the unzipped folder: every unit re-derived, the report's digest printed
  const folder = testInfo.outputPath('bundle');
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(readFileSync(zipPath))))) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), bytes);
  }
  const checked = spawnSync('python3', ['check.py'], { cwd: folder, encoding: 'utf8' });
  expect(checked.stderr).toBe('');
  expect(checked.status).toBe(0);
  expect(checked.stdout).toContain(reportDigest);
  const readme = readFileSync(join(folder, 'README.md'), 'utf8');
  // built from the French screen: its README is French, every line of it
  expect(readme).toContain('- Pas de PDF du rapport dans ce paquet : il a été fait dans la version navigateur');
  expect(readme).toContain(engine.fingerprint(keys.publicKey));
});
