/**
 * The documentation's pictures (`npm run docs:screenshots`, its own Playwright config, so that
 * `npm test` never writes into the tree): each guide's steps done as a user does them, in French and
 * in English, at 1280×720 against the browser build, every picture taken once the screen shows
 * what the guide says it shows. The names are `DOC_PICTURES`'s; a picture is written only by the
 * flow that asserts its state.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import type * as Engine from '@engine';
import type * as Fixture from '../src-engine/import/foreign-block.fixture';
import { DOC_LANGS, pictureFile } from './docs-pictures';
import type { DocPicture } from './docs-pictures';
import { buildReport } from './helpers/compliance-screen';
import { importSheet, openMineDor1 } from './helpers/explorer-screen';
import { printedPages } from './helpers/printed-pages';
import { openByUrl, searchBlock } from './helpers/replay-screen';
import { load } from './helpers/engine';

const engine = await load<typeof Engine>('src-engine/index.ts');
const fixture = await load<typeof Fixture>('src-engine/import/foreign-block.fixture.ts');

type Lang = (typeof DOC_LANGS)[number];

test.use({ viewport: { width: 1280, height: 720 } });

/**
 * Scrolls the element `room` pixels below the page's top (the sticky header takes 70), then writes
 * the picture.
 */
async function picture(page: Page, lang: Lang, name: DocPicture, top?: string, room = 70): Promise<void> {
  if (top)
    await page
      .getByTestId(top)
      .first()
      .evaluate((e, room) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - room), room);
  await page.screenshot({ path: pictureFile(lang, name), animations: 'disabled' });
}

/** A scenario file of Mine d'or at 0,50 €: the official counts with 10 000 more lots of 0,50 €. */
function scenarioFile(info: TestInfo, name: string): string {
  const levels = [
    [750_000, 1],
    [375_000, 1],
    [20_000, 1],
    [10_000, 1],
    [4_000, 11],
    [2_000, 30],
    [1_000, 20_000],
    [500, 1_000],
    [400, 1_100],
    [200, 1_500],
    [100, 75_000],
    [50, 110_020],
  ].map(([prizeCents, lots]) => ({ prizeCents, lots }));
  const path = info.outputPath('plus-de-petits-lots.scenario.json');
  writeFileSync(
    path,
    JSON.stringify({
      format: 'instant-lab-scenario/1',
      scenario: { name, game: 'mine-d-or', stakeCents: 50, blockUnits: 1_000_000, levels },
    }),
  );
  return path;
}

const say = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

for (const lang of DOC_LANGS) {
  test(`product manager's pictures (${lang}): explorer, comparison, sessions, a scenario run`, async ({
    page,
  }, info) => {
    test.setTimeout(300_000);
    await page.goto('/#/explorer');
    await page.getByTestId('lang-select').selectOption(lang);
    await expect(page.getByTestId('level-amount-0')).toHaveValue(say(lang, '7 500,00', '7,500.00'));
    await page.getByTestId('level-amount-0').fill('15000');
    await page.getByTestId('level-amount-0').blur();
    await expect(page.getByTestId('fig-rtp')).toHaveText(say(lang, '71,500\u00a0%', '71.500%'));
    await picture(page, lang, 'explorer-table');

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('cmp-open').click()]);
    await chooser.setFiles(scenarioFile(info, say(lang, 'Plus de petits lots', 'More small lots')));
    await expect(page.getByTestId('cmp-col-2')).toBeVisible();
    await expect(page.getByTestId('cmp-rtp-2')).toHaveText(say(lang, '71,000\u00a0%', '71.000%'));
    await picture(page, lang, 'explorer-compare', 'comparison');

    await page.getByTestId('sessions-players').fill('10000');
    await page.getByTestId('sessions-units').fill('50');
    await page.getByTestId('sessions-seed').fill('2026');
    await page.getByTestId('sessions-run').click();
    await expect(page.getByTestId('sessions-done')).toContainText(
      say(lang, '10\u202f000 sessions par tableau', '10,000 sessions per table'),
    );
    await expect(page.getByTestId('chart-session-bands')).toBeVisible();
    await picture(page, lang, 'explorer-sessions', 'explorer-sessions');

    await page.getByTestId('open-in-simulation').click();
    await expect(page.getByTestId('sim-table')).toHaveValue('scenario');
    await page.getByTestId('sim-seed').fill('77');
    await page.getByTestId('sim-blocks').fill('1');
    await page.getByTestId('sim-run').click();
    await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
    await expect(page.getByTestId('sim-results')).toHaveAttribute('data-drawn', 'true');
    await expect(page.getByTestId('rtp-total')).toHaveText(/71[.,]500/);
    await picture(page, lang, 'simulation-scenario', 'sim-results');
  });

  test(`compliance officer's pictures (${lang}): a report, a supplier's file with a finding, the journal`, async ({
    page,
  }, info) => {
    test.setTimeout(600_000);
    await page.goto('/#/compliance');
    await page.getByTestId('lang-select').selectOption(lang);
    await buildReport(page, 'mine-d-or', '100', '11');
    const block = page.getByTestId('block-11');
    await expect(block.getByTestId('evaluator')).toContainText(say(lang, 'CONFORME', 'PASS'));
    await picture(page, lang, 'compliance-report', 'block-11');

    // a supplier's block: no seed of ours, winners moved towards the first half (every count right)
    const spec = engine.officialBlock('les-3-gongs', 100, 314);
    const ours = [engine.jsonlHeader(spec)];
    engine.iterateUnits(spec, 0, spec.table.blockUnits, (i, prize, view) =>
      ours.push(engine.jsonlUnit(i, engine.refOf(spec, i), prize, view)),
    );
    const path = info.outputPath('bloc-fournisseur.jsonl');
    writeFileSync(path, `${fixture.shiftWinnersTowardsFirstHalf(fixture.foreignExportLines(ours), 4).join('\n')}\n`);
    await page.getByTestId('import-file').setInputFiles(path);
    await expect(page.getByTestId('import-progress')).toHaveCount(0, { timeout: 300_000 });
    await expect(page.getByTestId('import-verdict')).toHaveAttribute('data-verdict', 'conforming');
    await expect(page.getByTestId('import-placement')).toHaveAttribute('data-finding', 'true');
    await picture(page, lang, 'compliance-finding', 'import-sha256');

    await page.getByTestId('nav-journal').click();
    await expect(page.getByTestId('journal-check-title')).toContainText(say(lang, 'intacte', 'intact'));
    await expect(page.getByTestId('journal-row-2')).toBeVisible();
    await picture(page, lang, 'journal');
  });

  test(`dispute tester's pictures (${lang}): a replayed unit, a dispute case, a player's history`, async ({ page }) => {
    test.setTimeout(180_000);
    const ref = engine.EXAMPLE_UNIT_REF;
    await openByUrl(page, ref);
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('ctl-end').click();
    await expect(page.getByTestId('final-lot')).toHaveText(say(lang, '2,00\u00a0€', '€2.00'));
    await picture(page, lang, 'replay-unit', 'board-panel');

    await page.getByTestId('case-open').click();
    await expect(page.getByTestId('case-dialog')).toBeVisible();
    await page
      .getByTestId('case-claim')
      .fill(
        say(
          lang,
          'Le joueur dit avoir vu trois pépites et attendait plus de 2 €.',
          'The player says they saw three nuggets and expected more than €2.',
        ),
      );
    await page
      .getByTestId('case-conclusion')
      .fill(
        say(
          lang,
          'Les pépites sont sur deux grilles : art. 4.4, elles ne paient rien. Le lot de 2,00 € est juste.',
          'The nuggets are on two grids: art. 4.4, they pay nothing. The €2.00 lot is right.',
        ),
      );
    await expect(page.getByTestId('case-build')).toBeEnabled({ timeout: 60_000 });
    await picture(page, lang, 'replay-case');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('case-dialog')).toBeHidden();

    const gong = engine.formatUnitRef({
      game: 'les-3-gongs',
      stakeCents: 50,
      seed: 7,
      index: 29,
      generatorVersion: engine.GENERATOR_VERSION,
    });
    const bad = `${gong.slice(0, -1)}${gong.endsWith('0') ? '1' : '0'}`;
    await page.getByTestId('history-text').fill([ref, gong, bad].join('\n'));
    await page.getByTestId('history-show').click();
    await expect(page.getByTestId('history-item')).toHaveCount(2);
    await expect(page.getByTestId('history-problem')).toContainText(say(lang, 'ligne 3 :', 'line 3:'));
    await page.getByTestId('history-item').nth(1).click();
    await expect(page.getByTestId('board-ref')).toHaveText(gong);
    await picture(page, lang, 'replay-history', 'history');
  });

  test(`product manager's task pictures (${lang}): a table optimised, a spreadsheet refused row by row`, async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await openMineDor1(page);
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('optimise-hit-rate').fill('22');
    await page.getByTestId('optimise-run').click();
    await expect(page.getByTestId('optimise-figures')).toHaveText(
      say(
        lang,
        'Tableau trouvé : TRJ 70,000\u00a0% · taux de gain 22,000\u00a0%',
        'Table found: RTP 70.000% · hit rate 22.000%',
      ),
      { timeout: 120_000 },
    );
    await expect(page.getByTestId('optimise-phase')).toBeHidden();
    await picture(page, lang, 'explorer-optimise', 'explorer-optimise');

    // a spreadsheet with a typo, a repeated amount, a word for a count and an amount no unit shows
    const bad = info.outputPath(say(lang, 'tableau.csv', 'table.csv'));
    writeFileSync(
      bad,
      "Jeu;Mise (€);Unités par bloc;Nom;Montant (€);Lots\r\nMine d'or;1,00;1000000;Essai;15 000,00;1\r\n;;;;12,5x;3\r\n;;;;15000;2\r\n;;;;0,30;dix\r\n",
    );
    await importSheet(page, bad);
    const problems = page.getByTestId('sheet-problems');
    await expect(problems.locator('li')).toHaveCount(4);
    await expect(problems).toContainText(say(lang, 'ligne 3 :', 'row 3:'));
    // the table being edited is kept: the optimiser's search left it as the official one
    await expect(page.getByTestId('level-amount-0')).toHaveValue(say(lang, '15 000,00', '15,000.00'));
    await page.evaluate('window.scrollTo(0, 0)');
    await picture(page, lang, 'explorer-spreadsheet');
  });

  test(`compliance officer's task pictures (${lang}): the placement tests, the printed report, a signed bundle`, async ({
    page,
  }, info) => {
    test.setTimeout(600_000);
    await page.goto('/#/compliance');
    await page.getByTestId('lang-select').selectOption(lang);
    await buildReport(page, 'les-3-gongs', '50', '12');
    const block = page.getByTestId('block-12');
    await expect(block.getByTestId('placement-tests')).toBeVisible();
    await expect(block.getByTestId('evaluator')).toContainText(say(lang, 'CONFORME', 'PASS'));
    await picture(page, lang, 'compliance-placement', 'placement-tests');

    const digest = (await block.getByTestId('digest').textContent())!.trim();
    const sheet = await printedPages(page, info, { pageOf: say(lang, 'Page 1 sur', 'Page 1 of'), digest });
    await picture(sheet, lang, 'compliance-print');
    await sheet.close();

    const keys = engine.newKeyPair();
    const keyPath = info.outputPath(say(lang, 'cle', 'key'));
    writeFileSync(keyPath, engine.keyFiles(keys).secret, { mode: 0o600 });
    const panel = page.getByTestId('evidence-panel');
    await panel.getByTestId('bundle-key-files').setInputFiles(keyPath);
    const downloading = page.waitForEvent('download', { timeout: 240_000 });
    await panel.getByTestId('build-bundle').click();
    expect((await downloading).suggestedFilename()).toBe('evidence-les-3-gongs-50-12.zip');
    await expect(panel.getByTestId('bundle-done')).toContainText('evidence-les-3-gongs-50-12.zip');
    await expect(panel.getByTestId('bundle-fingerprint')).toHaveText(engine.fingerprint(keys.publicKey));
    await picture(page, lang, 'compliance-bundle', 'evidence-panel');
  });

  test(`dispute tester's task pictures (${lang}): the explanation, a mistyped reference, a block browsed`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const ref = engine.EXAMPLE_UNIT_REF;
    await openByUrl(page, ref);
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('ctl-end').click();
    await expect(page.getByTestId('final-lot')).toHaveText(say(lang, '2,00\u00a0€', '€2.00'));
    // three diamonds, never three in one grid: said, then marked on the board
    await page.getByTestId('across-show-diamond').click();
    await expect(page.getByTestId('across-show-diamond')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-mark="spread"]')).toHaveCount(3);
    await picture(page, lang, 'replay-explanation');

    // one character of the index mistyped: the check characters no longer match
    const parts = ref.split('-');
    parts[3] = `${parts[3]!.slice(0, 3)}${parts[3]!.endsWith('7') ? '8' : '7'}`;
    await page.getByTestId('ref-input').fill(parts.join('-'));
    await page.getByTestId('ref-open').click();
    await expect(page.getByTestId('ref-error-reason')).toContainText(
      say(lang, 'un caractère est mal saisi (R3)', 'a character is mistyped (R3)'),
    );
    // nothing replayed: the unit on screen is still the one before
    await expect(page.getByTestId('board-ref')).toHaveText(ref);
    // below the sticky REPLAY banner, with the panel's title and the field's label
    await picture(page, lang, 'replay-reference', 'ref-form', 150);

    await page.goto('/#/replay');
    await searchBlock(page, { game: 'mine-d-or', stake: '100', seed: 12345, level: 'win', presentation: 'extra2' });
    await page.getByTestId('browse-results').locator('li button').first().click();
    await expect(page.getByTestId('board-ref')).toHaveText(/^MINE-100-/);
    await page.getByTestId('ctl-end').click();
    await expect(page.getByTestId('extra-stage-2')).toBeVisible();
    // the block's digest beside the unit, computed from its seed (R2): the picture shows no pending field
    await expect(page.getByTestId('recall-digest')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await picture(page, lang, 'replay-browse', 'block-browser', 100);
  });
}
