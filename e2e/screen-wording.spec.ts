/**
 * What a professional reads on the screens at 1280 × 720, in French and English: a citation of the
 * rules never leaves its « ( » at the end of a line nor its « ). » at the start of the next; the
 * replay's file choosers speak the app's language, not the browser's; a count is said with its
 * plural; a chart's table shows every column beside its chart (the sessions' note, which names the
 * draw of the run shown, is checked in explorer-sessions.spec.ts).
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type * as Engine from '@engine';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');
const ref = (game: Engine.GameId, stakeCents: Engine.StakeCents, seed: number, index: number): string =>
  engine.formatUnitRef({ game, stakeCents, seed, index, generatorVersion: engine.GENERATOR_VERSION });
// a Les 3 Gongs Bonus of 3 € and a Mine d'or unit with two Extra stages: long explanations
const GONG = ref('les-3-gongs', 50, 7, 29);
const MINE = ref('mine-d-or', 100, 3, 11);

test.use({ viewport: { width: 1280, height: 720 } });

/** Citations whose touching « ( » or « ) » was laid out on another line than the citation itself. */
function splitCitations(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const top = (n: Text, at: number): number => {
      const r = document.createRange();
      r.setStart(n, at);
      r.setEnd(n, at + 1);
      return r.getBoundingClientRect().top;
    };
    const out: string[] = [];
    for (const b of document.querySelectorAll<HTMLElement>('button.cite')) {
      const line = b.getBoundingClientRect();
      // past Vue's empty anchors and comments, to the text that touches the citation
      const skip = (n: ChildNode | null, step: (n: ChildNode) => ChildNode | null): ChildNode | null => {
        while (n && (n.nodeType === Node.COMMENT_NODE || (n instanceof Text && n.data === ''))) n = step(n);
        return n;
      };
      const prev = skip(b.previousSibling, (n) => n.previousSibling);
      const next = skip(b.nextSibling, (n) => n.nextSibling);
      if (prev instanceof Text && prev.data.endsWith('(') && Math.abs(top(prev, prev.data.length - 1) - line.top) > 4)
        out.push(`( ${b.dataset['cite']}`);
      const endTop = b.getClientRects()[b.getClientRects().length - 1]!.top;
      if (next instanceof Text && next.data.startsWith(')') && Math.abs(top(next, 0) - endTop) > 4)
        out.push(`${b.dataset['cite']} )`);
    }
    return out;
  });
}

/** Whether the browser draws the element itself: its centre is what a pointer there would hit. */
function drawn(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((e) => {
    e.scrollIntoView({ block: 'center' });
    const r = e.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === e;
  });
}

for (const lang of ['fr', 'en'] as const) {
  test(`replay (${lang}): citations keep their brackets; file choosers and counts in the screen's language`, async ({
    page,
  }, info) => {
    const fr = lang === 'fr';
    for (const r of [GONG, MINE]) {
      await page.goto(`/#/replay?ref=${r}`);
      await page.getByTestId('lang-select').selectOption(lang);
      await expect(page.getByTestId('board-ref')).toHaveText(r);
      await page.getByTestId('ctl-end').click();
      await expect(page.getByTestId('final-lot')).toBeVisible();
      await expect(page.getByTestId('explanation').getByTestId('cite').first()).toBeVisible();
      expect(await splitCitations(page), r).toEqual([]);
    }

    // the player's history: the app's own button opens the list (the browser's « Choose File » is not drawn)
    const history = page.getByTestId('history');
    await expect(history.getByText(fr ? 'Ouvrir une liste…' : 'Open a list…', { exact: true })).toBeVisible();
    expect(await drawn(page, 'history-file')).toBe(false);
    const list = info.outputPath('historique.txt');
    writeFileSync(list, [MINE, 'pas une référence', GONG].join('\n'));
    await page.getByTestId('history-file').setInputFiles(list);
    await expect(page.getByTestId('history-item')).toHaveCount(2);
    await expect(history).toContainText(fr ? '· 2 unités' : '· 2 units');
    await expect(page.getByTestId('history-problems')).toContainText(
      fr ? '1 ligne sans référence valide :' : '1 line without a valid reference:',
    );
    if (!fr) await expect(page.getByTestId('history-problem')).toContainText('has 1 part separated by "-"');
    // the reason quotes the line: the line is not repeated after it, as if it were the reason's last words
    await expect(page.getByTestId('history-problem')).toHaveText(fr ? /\(6 parties\)\s*$/ : /\(6 parts\)\s*$/);

    // the dispute case's key: the same
    await page.getByTestId('case-open').click();
    await expect(page.getByTestId('case-dialog')).toBeVisible();
    await expect(page.getByTestId('case-key-pick')).toHaveText(
      fr ? 'Choisir le fichier de clé…' : 'Choose the key file…',
    );
    expect(await drawn(page, 'case-key')).toBe(false);
    const key = info.outputPath('operator.key');
    writeFileSync(key, engine.keyFiles(engine.newKeyPair()).secret);
    await page.getByTestId('case-key').setInputFiles(key);
    await expect(page.getByTestId('case-key-name')).toHaveText(fr ? 'Clé : operator.key' : 'Key: operator.key');
  });

  test(`simulation (${lang}): every column of a chart's table in view`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/#/simulation');
    await page.getByTestId('lang-select').selectOption(lang);
    await page.getByTestId('sim-game').selectOption('les-3-gongs');
    await page.getByTestId('sim-run').click();
    await until(page, testId('sim-verdict', { 'data-verdict': 'ok' }), { timeout: 120_000 });
    await expect(page.getByTestId('sim-verdict')).toHaveAttribute('data-verdict', 'ok', { timeout: 120_000 });
    for (const id of ['chart-distribution', 'chart-rtp']) {
      const region = page.getByTestId(id).locator('.chart-table');
      const { scroll, client } = await region.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
      expect(scroll, id).toBeLessThanOrEqual(client);
    }
  });
}

test('a set of files checked together counts its blocks with their plural: « placement testé pour 1 bloc »', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const spec = engine.officialBlock('les-3-gongs', 100, 314);
  const lines = [engine.jsonlHeader(spec)];
  engine.iterateUnits(spec, 0, spec.table.blockUnits, (i, prize, view) =>
    lines.push(engine.jsonlUnit(i, engine.refOf(spec, i), prize, view)),
  );
  const ours = info.outputPath('bloc-314.jsonl');
  writeFileSync(ours, `${lines.join('\n')}\n`);
  const notes = info.outputPath('notes.csv');
  writeFileSync(notes, 'a,b\n1,2\n');
  await page.goto('/#/compliance');
  await page.getByTestId('lang-select').selectOption('fr');
  await page.getByTestId('import-file').setInputFiles([ours, notes]);
  await until(page, testId('import-progress'), { count: 0, timeout: 240_000 });
  await expect(page.getByTestId('import-progress')).toHaveCount(0, { timeout: 240_000 });
  const set = page.getByTestId('import-set');
  await expect(set).toContainText('Ensemble de 2 fichiers : placement testé pour 1 bloc, avec Holm');
  await expect(set).toContainText(': aucun constat à examiner.');
  await page.getByTestId('lang-select').selectOption('en');
  await expect(set).toContainText('Set of 2 files: placement tested for 1 block, with Holm');
  await expect(set).toContainText('): no finding to examine.');
});
