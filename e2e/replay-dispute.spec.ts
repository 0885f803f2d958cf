/**
 * The replay screen's dispute case and player's history: a case opened from the replay, downloaded,
 * and checked with the command line's own verification (the engine's `readBundle` and
 * `checkDisputeCase`, as `verify-bundle` runs them); the history strip in the given order, with a
 * bad line named by its number, each unit replayed from the keyboard. Screenshots at 1280 × 720
 * in French and English: test-results/screenshots/replay-case-*.png, replay-history-*.png.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import type * as Engine from '@engine';
import type * as PdfText from '../src-engine/dispute/pdf-text.fixture';
import type * as Fonts from '../src-engine/dispute/case-fonts.fixture';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
const pdfText = await load<typeof PdfText>('src-engine/dispute/pdf-text.fixture.ts');
const { caseFonts } = await load<typeof Fonts>('src-engine/dispute/case-fonts.fixture.ts');
const ref = (game: Engine.GameId, stakeCents: Engine.StakeCents, seed: number, index: number): string =>
  engine.formatUnitRef({ game, stakeCents, seed, index, generatorVersion: engine.GENERATOR_VERSION });
// a Les 3 Gongs Bonus of 3 € (art. 4.3.2, 4.4); its block of 300,000 units is quick to rebuild
const GONG = ref('les-3-gongs', 50, 7, 29);
// a Mine d'or unit with two Extra stages and two gains
const MINE = ref('mine-d-or', 100, 3, 11);

test.use({ viewport: { width: 1280, height: 720 } });

for (const lang of ['fr', 'en'] as const) {
  test(`a dispute case from the replay verifies with verify-bundle's checks (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(`/#/replay?ref=${GONG}`);
    await page.getByTestId('lang-select').selectOption(lang);
    await expect(page.getByTestId('board-ref')).toHaveText(GONG);
    await page.getByTestId('case-open').click();
    const dialog = page.getByTestId('case-dialog');
    await expect(dialog).toBeVisible();
    // the focus is in the claim field; what is typed is what the case records
    await expect(page.getByTestId('case-claim')).toBeFocused();
    // the dialog never says « signé » above a case that is not: signed only with a key
    await expect(dialog.locator('#case-intro')).toContainText(
      lang === 'fr'
        ? 'Un zip, signé par votre clé si vous en choisissez une'
        : 'One zip, signed with your key if you choose one',
    );
    // the installed command's name, never the checkout's npm script
    await expect(dialog).toContainText(
      lang === 'fr' ? 'Vérifiable par « instant-lab verify-bundle ».' : 'Checked by “instant-lab verify-bundle”.',
    );
    await expect(dialog).toContainText(lang === 'fr' ? '« instant-lab keygen »' : '“instant-lab keygen”');
    await expect(dialog).not.toContainText('npm run');
    // texts of up to 10,000 characters: each field takes the dialog's width and several lines
    const form = await dialog.locator('form').boundingBox();
    for (const id of ['case-claim', 'case-conclusion']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.width, id).toBeGreaterThan(form!.width * 0.95);
      expect(box.height, id).toBeGreaterThan(100);
    }
    // every character as written in the PDF, Chinese, « ≥ » and « → » included (its font is embedded)
    const claim =
      lang === 'fr'
        ? 'Le joueur, M. 王先生, dit avoir vu 30 € ≥ 3 € → Bonus.'
        : 'The player, Mr 王先生, says the Bonus showed €30 ≥ €3 → paid.';
    const conclusion = lang === 'fr' ? 'Le rejeu montre un Bonus de 3,00 €.' : 'The replay shows a Bonus of €3.00.';
    await page.keyboard.type(`${claim} 😀`);
    await page.getByTestId('case-conclusion').fill(conclusion);
    await until(page, `${testId('case-build')}:enabled`, { timeout: 60_000 });
    await expect(page.getByTestId('case-build')).toBeEnabled({ timeout: 60_000 });
    // an emoji has no glyph in the PDF's font: refused beside its field, named, before anything is built
    await page.getByTestId('case-build').click();
    const error = page.getByTestId('case-claim-error');
    await expect(error).toContainText(
      lang === 'fr'
        ? 'La réclamation du joueur contient un caractère que le PDF du dossier ne peut pas imprimer tel quel : U+1F600 « 😀 »'
        : "The player's claim holds a character the case's PDF cannot print as written: U+1F600 « 😀 »",
    );
    await expect(page.getByTestId('case-claim')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('case-claim')).toHaveAttribute('aria-describedby', 'case-claim-error');
    await expect(page.getByTestId('case-claim')).toBeFocused();
    await expect(page.getByTestId('case-status')).toHaveCount(0);
    await page.screenshot({ path: `test-results/screenshots/replay-case-refused-${lang}.png` });
    await page.getByTestId('case-claim').fill(claim);
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId('case-claim')).not.toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `test-results/screenshots/replay-case-dialog-${lang}.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('case-build').click()]);
    expect(download.suggestedFilename()).toBe(`dossier-${GONG}.zip`);
    await expect(page.getByTestId('case-status')).toContainText('SHA-256');
    await expect(page.getByTestId('case-status')).toContainText(
      `${lang === 'fr' ? 'Vérifiez-le avec « ' : 'Check it with “'}instant-lab verify-bundle dossier-${GONG}.zip`,
    );
    // the case made is the journal's first entry
    await expect(page.getByTestId('journal-status')).toHaveText(
      lang === 'fr' ? 'Journalisé : entrée 1.' : 'Journaled: entry 1.',
    );
    const zip = new Uint8Array(readFileSync((await download.path())!));
    const src = engine.bytesSource(zip);
    const c = await engine.checkDisputeCase(src, await engine.readBundle(src, null), engine.rebuildInThread, caseFonts);
    expect(c.failures).toEqual([]);
    expect(c.ok).toBe(true);
    expect(c.case).toMatchObject({ ref: GONG, claim, conclusion, lang });
    // the app journal's checkpoint when the case was made (empty: the case is its first entry), signed by the app's key
    expect(c.journal?.inclusion).toMatchObject({ size: 0, signed: true, included: 0 });
    expect(c.checked.join('\n')).toContain('evidence/replay.png: a PNG image');
    // the worker's PDF is the one its record makes, byte for byte (the command line's rebuild)
    expect(c.checked.join('\n')).toMatch(/evidence\/case\.pdf: the same \d+ bytes as the PDF rebuilt/);
    expect(c.checked.join('\n')).toMatch(/proof\/merkle-proof\.json: the leaf equals segment 0 rebuilt alone/);
    // the case's PDF, kept to be looked at (rendered to PNG beside the screenshots)
    mkdirSync('test-results', { recursive: true });
    const pdf = unzipSync(zip)['evidence/case.pdf']!;
    writeFileSync(`test-results/replay-case-${lang}.pdf`, pdf);
    // the claim read back from the PDF's text as typed, made by the worker with its fetched fonts
    expect((await pdfText.pdfTextLines(pdf)).flat()).toContain(claim);
    // Escape closes the dialog and gives the focus back to its button
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('case-open')).toBeFocused();
    // the Journal screen lists it, chained and named
    await page.goto('/#/journal');
    await expect(page.getByTestId('journal-row-1')).toContainText(lang === 'fr' ? 'Dossier de litige' : 'Dispute case');
    await expect(page.getByTestId('journal-row-1')).toContainText(GONG);
  });

  test(`a player's history: the strip in order, a bad line named, each unit replayed (${lang})`, async ({ page }) => {
    await page.goto('/#/replay');
    await page.getByTestId('lang-select').selectOption(lang);
    const bad = `${GONG.slice(0, -1)}${GONG.endsWith('0') ? '1' : '0'}`;
    await page.getByTestId('history-text').fill([MINE, GONG, bad, '', MINE].join('\n'));
    await page.getByTestId('history-show').click();
    const items = page.getByTestId('history-item');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText(lang === 'fr' ? 'Mine d' : 'Mine d');
    await expect(items.nth(1)).toContainText(lang === 'fr' ? 'gain 3,00' : 'gain €3.00');
    const problem = page.getByTestId('history-problem');
    await expect(problem).toHaveCount(1);
    await expect(problem).toContainText(lang === 'fr' ? 'ligne 3 :' : 'line 3:');
    // keyboard: focus the second unit and press Enter: it replays
    await items.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('board-ref')).toHaveText(GONG);
    await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.getByTestId('history').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/replay-history-${lang}.png` });
  });
}
