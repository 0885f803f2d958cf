/**
 * Payout explorer, end to end in the browser build: what-if table figures, no figure while the
 * table is invalid, rule refusals (G1), session fields that say what
 * they expect, a modified table named « non officiel » everywhere, and scenario files saved (with
 * a confirmation) then reopened — in French and English.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { testId, until } from './helpers/until';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

// Back to the top first: a full-page shot taken scrolled leaves the sticky header mid-page.
const shot = async (page: Page, name: string) => {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `test-results/screenshots/explorer-${name}.png`, fullPage: true });
};
const lang = (page: Page, l: 'fr' | 'en') => page.getByTestId('lang-select').selectOption(l);
/** « Tableau officiel »; over unsaved edits it asks first, and the test says yes. */
const loadOfficial = async (page: Page, edited: boolean) => {
  await page.getByTestId('explorer-load-official').click();
  if (edited) await page.getByTestId('discard-dialog-confirm').click();
};

test.beforeEach(async ({ page }) => {
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
});

test('doubling the top prize of Mine d’or (0,50 €) gives an RTP of 71,500 % and makes the table « non officiel »', async ({
  page,
}) => {
  await expect(page.getByTestId('fig-rtp')).toHaveText(`70,000${NBSP}%`);
  await expect(page.getByTestId('table-status')).toHaveText('Tableau officiel');
  await expect(page.getByTestId('scenario-name')).toHaveAttribute(
    'placeholder',
    `Mine d'or 0,50${NBSP}€ — tableau officiel`,
  );
  await page.getByTestId('level-amount-0').fill('15 000,00');
  // (350,000 + 7,500) / (1,000,000 × 0.50) = 0.715
  await expect(page.getByTestId('fig-rtp')).toHaveText(`71,500${NBSP}%`);
  await expect(page.getByTestId('fig-band')).toContainText('dans la fourchette');
  await expect(page.getByTestId('fig-max')).toContainText(`30${NNBSP}000 mises`);
  await expect(page.getByTestId('fig-hit')).toHaveText(`19,867${NBSP}% · 1 sur 5,03`);
  await expect(page.getByTestId('no-problem')).toBeVisible();
  await expect(page.getByTestId('scenario-unsaved')).toBeVisible();
  await expect(page.getByTestId('table-status')).toHaveText('Non officiel — scénario');
  await expect(page.getByTestId('scenario-name')).toHaveAttribute(
    'placeholder',
    `Scénario — Mine d'or 0,50${NBSP}€ (modifié)`,
  );
  await expect(page.getByTestId('block-of')).toContainText(`scénario « Scénario — Mine d'or 0,50${NBSP}€ (modifié) »`);
  // an official name typed on the modified table is not kept
  await page.getByTestId('scenario-name').fill(`Mine d'or 0,50${NBSP}€ — tableau officiel`);
  await expect(page.getByTestId('name-replaced')).toContainText(`« Scénario — Mine d'or 0,50${NBSP}€ (modifié) »`);
  await shot(page, 'table');
  await lang(page, 'en');
  await expect(page.getByTestId('table-status')).toHaveText('Not official — scenario');
  await expect(page.getByTestId('name-replaced')).toContainText("“Scenario — Mine d'or €0.50 (modified)”");
  await expect(page.getByTestId('fig-hit')).toHaveText('19.867% · 1 in 5.03');
  // amounts are written the English way, and a French one typed there is refused, not misread
  await expect(page.getByTestId('level-amount-0')).toHaveValue('15,000.00');
  await expect(page.getByTestId('level-amount-1')).toHaveValue('3,750.00');
  await expect(page.getByTestId('fig-rtp')).toHaveText('71.500%');
  await page.getByTestId('level-amount-1').fill('3 750,00');
  await expect(page.getByTestId('level-shown-1')).toContainText(
    '“3 750,00” is not an amount in euros (e.g. 15,000.00)',
  );
  await page.getByTestId('level-amount-1').fill('3,750.00');
  await expect(page.getByTestId('fig-rtp')).toHaveText('71.500%');
  await shot(page, 'table-en');
});

test('absurd inputs: every problem in words and no figure at all, never « -1 unités »', async ({ page }) => {
  for (const l of ['fr', 'en'] as const) {
    await lang(page, l);
    await loadOfficial(page, l === 'en');
    await expect(page.getByTestId('fig-rtp')).toBeVisible();
    // 6 billion lots of 0,50 €: the RTP would be 3 000 068,5 %, the hit rate 600 000 %
    await page.getByTestId('level-lots-11').fill('6000000000');
    await expect(page.getByTestId('figures-hidden')).toBeVisible();
    await expect(page.getByTestId('fig-rtp')).toHaveCount(0);
    await expect(page.getByTestId('fig-hit')).toHaveCount(0);
    await expect(page.getByTestId('level-probability-0')).toHaveText('—');
    await expect(page.getByTestId('problems')).toContainText(
      l === 'fr'
        ? `niveau 12 : 6${NNBSP}000${NNBSP}000${NNBSP}000 lots, plus qu’un bloc ne peut en contenir (au plus 10${NNBSP}000${NNBSP}000)`
        : 'level 12: 6,000,000,000 prizes is more than a block may hold (at most 10,000,000)',
    );
    // a block size of 1e12: unreadable, said so, and never compared with the lots as « -1 »
    await page.getByTestId('scenario-block').fill('1e12');
    await expect(page.getByTestId('problems')).toContainText(
      l === 'fr'
        ? `taille de bloc « 1e12 » : un nombre entier d'unités de 1 à 10${NNBSP}000${NNBSP}000 est attendu`
        : 'block size “1e12” is not a number of units: a whole number from 1 to 10,000,000 is expected',
    );
    await expect(page.getByTestId('problems')).not.toContainText('-1');
    await page.getByTestId('scenario-block').fill('1000000000000');
    await expect(page.getByTestId('problems')).toContainText(
      l === 'fr'
        ? `taille de bloc 1${NNBSP}000${NNBSP}000${NNBSP}000${NNBSP}000 : un nombre entier d’unités de 1 à 10${NNBSP}000${NNBSP}000 est attendu`
        : 'block size 1,000,000,000,000: a whole number of units from 1 to 10,000,000 is expected',
    );
    await expect(page.getByTestId('figures-hidden')).toContainText(
      l === 'fr' ? 'Corrigez le tableau' : 'Fix the table',
    );
    await expect(page.getByTestId('compare-hidden')).toBeVisible();
    await expect(page.getByTestId('sales-hidden')).toBeVisible();
    await expect(page.getByTestId('sessions-run')).toBeDisabled();
    await expect(page.getByTestId('block-run')).toBeDisabled();
    await shot(page, `absurd-${l}`);
  }
  await lang(page, 'fr');
});

test('Les 3 Gongs refuses 0,20 € at 0,50 €, with its reason (art. 4.3.1, G1)', async ({ page }) => {
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-load-official').click();
  await expect(page.getByTestId('level-amount-0')).toHaveValue('3 000,00');
  await expect(page.getByTestId('fig-rtp')).toHaveText(`69,993${NBSP}%`);
  await page.getByTestId('level-add').click();
  await page.getByTestId('level-amount-9').fill('0,20');
  await page.getByTestId('level-lots-9').fill('100');
  await expect(page.getByTestId('level-shown-9')).toContainText(
    'ni un symbole (art. 4.3.1) ni un Bonus de cinquièmes positifs de la mise (G1',
  );
  await expect(page.getByTestId('level-shown-9')).toContainText(`0,20${NBSP}€`);
  await expect(page.getByTestId('problems')).toBeVisible();
  await expect(page.getByTestId('fig-rtp')).toHaveCount(0);
  await expect(page.getByTestId('sessions-run')).toBeDisabled();
  await expect(page.getByTestId('scenario-save')).toBeDisabled();
  await shot(page, 'refused');
  // the same reason in English, with the amount written the English way
  await lang(page, 'en');
  await expect(page.getByTestId('level-shown-9')).toContainText('€0.20');
  await lang(page, 'fr');
});

test('every bad session field says what it expects, in French and English', async ({ page }) => {
  await page.getByTestId('sessions-players').fill('0');
  await page.getByTestId('sessions-units').fill('5000');
  await expect(page.getByTestId('sessions-players-problem')).toHaveText(
    `Joueurs : « 0 » — un nombre entier de 1 à 1${NNBSP}000${NNBSP}000 est attendu`,
  );
  await expect(page.getByTestId('sessions-units-problem')).toHaveText(
    `Unités par session : « 5000 » — un nombre entier de 1 à 1${NNBSP}000 est attendu`,
  );
  await expect(page.getByTestId('sessions-run')).toBeDisabled();
  await page.getByTestId('block-seed').fill('-3');
  await expect(page.getByTestId('block-seed-problem')).toContainText('un nombre entier de 0 à 4');
  await lang(page, 'en');
  await expect(page.getByTestId('sessions-players-problem')).toHaveText(
    'Players: “0” — a whole number from 1 to 1,000,000 is expected',
  );
  await page.getByTestId('sessions-players').fill('');
  await expect(page.getByTestId('sessions-players-problem')).toHaveText(
    'Players: empty — a whole number from 1 to 1,000,000 is expected',
  );
  await expect(page.getByTestId('block-seed-problem')).toContainText('a whole number from 0 to 4,294,967,295');
  await shot(page, 'fields-en');
  await lang(page, 'fr');
  await page.getByTestId('sessions-players').fill('100');
  await page.getByTestId('sessions-units').fill('10');
  await expect(page.getByTestId('sessions-players-problem')).toHaveCount(0);
  await expect(page.getByTestId('sessions-run')).toBeEnabled();
});

test('a scenario is saved with a confirmation naming its file, reopened, and a bad file is refused with all its problems', async ({
  page,
}, info) => {
  await page.getByTestId('level-amount-0').fill('15 000,00');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('scenario-save').click()]);
  expect(download.suggestedFilename()).toBe('scenario-mine-d-or-0-50-eur-modifie.scenario.json');
  await expect(page.getByTestId('scenario-saved')).toHaveText(
    'Scénario enregistré : scenario-mine-d-or-0-50-eur-modifie.scenario.json',
  );
  const saved = info.outputPath('scenario.json');
  await download.saveAs(saved);
  await expect(page.getByTestId('scenario-unsaved')).toHaveCount(0);

  // back to the official table, then open the saved file: the « modifié » name came with it
  await page.getByTestId('explorer-load-official').click();
  await expect(page.getByTestId('fig-rtp')).toHaveText(`70,000${NBSP}%`);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser.setFiles(saved);
  await expect(page.getByTestId('level-amount-0')).toHaveValue('15 000,00');
  await expect(page.getByTestId('scenario-name')).toHaveValue(`Scénario — Mine d'or 0,50${NBSP}€ (modifié)`);
  await expect(page.getByTestId('fig-rtp')).toHaveText(`71,500${NBSP}%`);

  // an unsaved edit, then a file with two unreachable amounts and negative lots: all refused, edit kept
  await page.getByTestId('level-lots-11').fill('100021');
  const bad = info.outputPath('impossible.json');
  writeFileSync(
    bad,
    JSON.stringify({
      format: 'instant-lab-scenario/1',
      scenario: {
        name: 'impossible',
        game: 'mine-d-or',
        stakeCents: 50,
        blockUnits: 1000,
        levels: [
          { prizeCents: 30, lots: 5 },
          { prizeCents: 100, lots: -2 },
          { prizeCents: 70, lots: 1 },
        ],
      },
    }),
  );
  const [chooser2] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser2.setFiles(bad);
  const problems = page.getByTestId('file-problems');
  await expect(problems).toContainText('« impossible.json » refusé (3 problèmes)');
  await expect(page.getByTestId('file-problem-0')).toHaveText(
    `niveau 1 : aucune combinaison de gains (art. 4.4–4.6, M4) ne fait 0,30${NBSP}€`,
  );
  await expect(page.getByTestId('file-problem-1')).toHaveText('niveau 2 : -2 lots, nombre négatif');
  await expect(page.getByTestId('file-problem-2')).toHaveText(
    `niveau 3 : aucune combinaison de gains (art. 4.4–4.6, M4) ne fait 0,70${NBSP}€`,
  );
  await shot(page, 'files');
  // the English switch shows the same refusal in English
  await lang(page, 'en');
  await expect(problems).toContainText('“impossible.json” refused (3 problems)');
  await expect(page.getByTestId('file-problem-1')).toHaveText('level 2: -2 prizes is negative');
  await expect(page.getByTestId('file-problem-2')).toHaveText(
    'level 3: no combination of gains (art. 4.4–4.6, M4) adds up to €0.70',
  );
  await shot(page, 'files-en');
  await lang(page, 'fr');
  await expect(page.getByTestId('level-lots-11')).toHaveValue('100021');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('15 000,00');
  await expect(page.getByTestId('scenario-unsaved')).toBeVisible();

  // a file of another format: the engine's own message, in French then in English
  const other = info.outputPath('other.json');
  writeFileSync(other, JSON.stringify({ format: 'something-else/1', scenario: {} }));
  const [chooser3] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('scenario-open').click()]);
  await chooser3.setFiles(other);
  await expect(problems).toContainText(
    'ce n\'est pas un fichier de scénario Instant Lab : "format" doit valoir "instant-lab-scenario/1"',
  );
  await lang(page, 'en');
  await expect(problems).toContainText('not an Instant Lab scenario file: "format" must be "instant-lab-scenario/1"');
  await lang(page, 'fr');
});

test('a modified table reaches the simulation screen as a scenario, under its « modifié » name', async ({ page }) => {
  await page.getByTestId('level-amount-0').fill('15 000,00');
  await page.getByTestId('open-in-simulation').click();
  await expect(page).toHaveURL(/#\/simulation/);
  await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
  await expect(page.getByTestId('sim-table')).toContainText(`Tableau « Scénario — Mine d'or 0,50${NBSP}€ (modifié) »`);
  // the name already says « Scénario »: it is not said twice
  await expect(page.locator('body')).not.toContainText(/sc[ée]nario « Sc[ée]nario/i);
});

test('« Simuler ce tableau » generates and audits a full block of the scenario table (R4)', async ({ page }) => {
  await page.getByTestId('explorer-game').selectOption('les-3-gongs');
  await page.getByTestId('explorer-load-official').click();
  // a what-if table: the top lot doubled (6 000,00 € is a Bonus of positive fifths, G1)
  await page.getByTestId('level-amount-0').fill('6 000,00');
  await expect(page.getByTestId('no-problem')).toBeVisible();
  await page.getByTestId('block-run').click();
  await until(page, testId('block-audit'), { text: 'réussi', timeout: 90_000 });
  await expect(page.getByTestId('block-audit')).toHaveText('réussi', { timeout: 90_000 });
  const first = page.getByTestId('block-reconciliation').locator('tbody tr').first();
  await expect(first).toContainText(`6${NNBSP}000,00${NBSP}€`);
  await expect(first.locator('td').nth(2)).toHaveText('1');
  await shot(page, 'block');
  // the block belongs to this table: another table, and it is gone
  await page.getByTestId('level-lots-8').fill('40001');
  await expect(page.getByTestId('block-result')).toHaveCount(0);
});

test('screens at 1280×720 and 1440×900, French and English, after a session run', async ({ page }) => {
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const l of ['fr', 'en'] as const) {
      await lang(page, l);
      await loadOfficial(page, width !== 1280 || l === 'en');
      await page.getByTestId('level-amount-0').fill(l === 'fr' ? '15 000,00' : '15,000.00');
      await page.getByTestId('sessions-players').fill('2000');
      await page.getByTestId('sessions-units').fill('50');
      await page.getByTestId('sessions-run').click();
      await until(page, testId('sessions-summary'));
      await expect(page.getByTestId('sessions-summary')).toBeVisible();
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: `test-results/screenshots/explorer-${width}-${l}-top.png` });
      await shot(page, `${width}-${l}-full`);
      // each panel alone at 1280×720, the size looked at; at 1440×900 the full page shows them all
      if (width !== 1280) continue;
      for (const panel of ['explorer-table', 'explorer-sessions', 'explorer-sales'])
        await page
          .getByTestId(panel)
          .screenshot({ path: `test-results/screenshots/explorer-${width}-${l}-${panel}.png` });
      await page
        .getByTestId('comparison')
        .screenshot({ path: `test-results/screenshots/explorer-${width}-${l}-compare.png` });
    }
  }
  await lang(page, 'fr');
});
