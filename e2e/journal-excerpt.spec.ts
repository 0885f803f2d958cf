/**
 * An evidence bundle's journal excerpt opened on the Journal screen, in the browser build: the
 * app's journal holds three entries on other blocks, then the audit of the bundle's block; the
 * bundle made on the compliance screen holds only that entry, whose `prev` names an entry left out,
 * with the journal's checkpoint signed by the app's key and the entry's inclusion proof.
 * « Ouvrir un fichier journal… » on its `journal/entries.jsonl` gives the excerpt's verdict (the
 * one `verify-bundle` gives), never « Chaîne rompue »; the same excerpt with its entry altered is
 * named altered. axe finds nothing; screenshots at 1280×720, French and English.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { openJournalFile, seedJournal } from './helpers/journal-screen';
import { unzipSync } from 'fflate';
import type * as Engine from '@engine';
import { load } from './helpers/engine';
import { testId, until } from './helpers/until';

const engine = await load<typeof Engine>('src-engine/index.ts');

/** Three entries on other work (Mine d'or, seeds 1 to 3), as the screens write them. */
function otherWork(): string[] {
  const out: string[] = [];
  let tip: Engine.JournalTip | null = null;
  for (let i = 1; i <= 3; i++) {
    const e = engine.nextEntry(tip, {
      kind: 'block-export',
      at: new Date(Date.UTC(2026, 10, 20, 8, 0, i)).toISOString(),
      app: '0.1.0',
      generator: 'instant-lab-gen/2',
      inputs: { game: 'mine-d-or', stake_cents: 100, seed: i },
      outputs: { file: `bloc-${i}.jsonl`, sha256: engine.sha256Hex(`bloc-${i}`) },
    });
    out.push(engine.entryLine(e));
    tip = e;
  }
  return out;
}

test('a bundle’s journal excerpt reads as an excerpt on the Journal screen, as verify-bundle reads it; an altered entry is named', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/compliance');
  await page.getByTestId('lang-select').selectOption('fr');
  await seedJournal(page, otherWork());

  // the audit of Les 3 Gongs 0,50 €, seed 12: entry 4 of the journal; then its bundle
  await page.getByTestId('compliance-game').selectOption('les-3-gongs');
  await page.getByTestId('compliance-stake').selectOption('50');
  await page.getByTestId('compliance-seed').fill('12');
  await page.getByTestId('compliance-blocks').fill('1');
  await page.getByTestId('build-report').click();
  await until(page, `${testId('block-12')} ${testId('digest')}`, { timeout: 90_000 });
  await expect(page.getByTestId('block-12').getByTestId('digest')).toHaveText(/^[0-9a-f]{64}$/, { timeout: 90_000 });
  const downloading = page.waitForEvent('download', { timeout: 240_000 });
  await page.getByTestId('evidence-panel').getByTestId('build-bundle').click();
  const zipPath = testInfo.outputPath('bundle.zip');
  await (await downloading).saveAs(zipPath);
  const zip = unzipSync(new Uint8Array(readFileSync(zipPath)));
  const excerpt = new TextDecoder().decode(zip[engine.JOURNAL_EXCERPT_PATH]);
  const [mark, entry] = excerpt.split('\n');
  // the journal of 4 entries, signed by the app's key when the bundle was made
  expect(JSON.parse(mark!)).toMatchObject({
    excerpt: 'instant-lab-journal-excerpt/2',
    blocks: { game: 'les-3-gongs', stakeCents: 50, seeds: [12] },
    checkpoint: { size: 4 },
  });
  // the entry on the block, chained to entry 3 that the excerpt leaves out
  expect(JSON.parse(entry!)).toMatchObject({ seq: 4, kind: 'audit-report' });
  expect(new TextDecoder().decode(zip['README.md'])).toContain('un **extrait** du journal de conformité');
  const file = testInfo.outputPath('entries.jsonl');
  writeFileSync(file, excerpt);

  await page.getByTestId('nav-journal').click();
  const title = page.getByTestId('journal-check-title');
  await expect(title).toHaveText(/^Chaîne intacte, \d entrées\.$/);
  await openJournalFile(page, file);
  await expect(page.getByTestId('journal-where')).toContainText('entries.jsonl');
  await expect(title).toHaveText('Extrait de journal : 1 entrée d’un journal de 4 entrées, signée : incluse.');
  await expect(title).not.toContainText('rompue');
  await expect(page.getByTestId('journal-inclusion-note')).toContainText('la clé');
  await expect(page.getByTestId('journal-findings')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/journal-excerpt-fr.png' });

  await page.getByTestId('lang-select').selectOption('en');
  await expect(title).toHaveText('Journal excerpt: 1 entry of a journal of 4 entries, signed: included.');
  await expect(page.getByTestId('journal-inclusion-note')).toContainText('signed by key');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/journal-excerpt-en.png' });

  // the same excerpt with its entry altered: named, line by line, still as an excerpt (its hash, and
  // its proof that no longer leads to the signed root)
  const altered = testInfo.outputPath('entries-altered.jsonl');
  writeFileSync(altered, excerpt.replace('"kind":"audit-report"', '"kind":"block-export"'));
  await openJournalFile(page, altered);
  await expect(title).toHaveText('Journal excerpt altered: 2 problems over 2 lines; entries that verify: 0.');
  await expect(page.getByTestId('journal-first-broken')).toContainText(
    "line 2: entry 4's content does not give its hash: altered",
  );
  await page.getByTestId('lang-select').selectOption('fr');
  await expect(title).toHaveText('Extrait de journal altéré : 2 problèmes sur 2 lignes ; entrées vérifiées : 0.');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/journal-excerpt-altered-fr.png' });
});
