/**
 * An excerpt that proves itself opened on the Journal screen, in the browser build: the entries a
 * signed bundle holds (`evidence --sign KEY --journal FILE` writes them so), with the journal's
 * signed checkpoint and each entry's inclusion proof. « Ouvrir un fichier journal… » on it gives
 * the verdict `journal verify` and `verify-bundle` give: « N entries of a journal of S, signed:
 * included », with its head and signer; the same excerpt with a proof bent names the entry not
 * proved. axe finds nothing; screenshots at 1280×720, French and English.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { openJournalFile } from './helpers/journal-screen';
import type * as Engine from '@engine';
import type * as Fixture from '../src-engine/journal/journal.fixture';
import { load } from './helpers/engine';

const engine = await load<typeof Engine>('src-engine/index.ts');
const fixture = await load<typeof Fixture>('src-engine/journal/journal.fixture.ts');

/** The excerpt on Les 3 Gongs 0,50 € seeds 4 and 5 of a journal of 30 entries, signed. */
function provedExcerpt(): { text: string; checkpoint: Engine.Checkpoint } {
  const rows = engine.verifyJournal(fixture.journalText(fixture.journalEntries(30))).rows;
  const tree = engine.treeOfRows(rows);
  const checkpoint = engine.checkpointOf(tree, engine.newKeyPair(), new Date('2026-12-01T10:00:00Z'));
  return { text: engine.journalExcerpt(rows, fixture.BLOCKS, { tree, checkpoint }), checkpoint };
}

test('an excerpt carrying its checkpoint and proofs reads « included » on the Journal screen; a bent proof is named', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/journal');
  await page.getByTestId('lang-select').selectOption('fr');
  const { text, checkpoint } = provedExcerpt();
  const file = testInfo.outputPath('entries.jsonl');
  writeFileSync(file, text);
  const title = page.getByTestId('journal-check-title');
  await openJournalFile(page, file);
  await expect(page.getByTestId('journal-where')).toContainText('entries.jsonl');
  await expect(title).toHaveText('Extrait de journal : 4 entrées d’un journal de 30 entrées, signées : incluses.');
  const note = page.getByTestId('journal-inclusion-note');
  await expect(note).toContainText(
    `Tête ${checkpoint.root} du 2026-12-01T10:00:00.000Z, signée par la clé ${checkpoint.fingerprint}`,
  );
  await expect(page.getByTestId('journal-findings')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/journal-included-fr.png' });

  await page.getByTestId('lang-select').selectOption('en');
  await expect(title).toHaveText('Journal excerpt: 4 entries of a journal of 30 entries, signed: included.');
  await expect(note).toContainText(`signed by key ${checkpoint.fingerprint}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/journal-included-en.png' });

  // one proof bent: its entry is named, not proved in the checkpoint's tree
  const [mark, ...lines] = text.split('\n');
  const first = (JSON.parse(mark!) as { proofs: string[][] }).proofs[1]![0]!;
  const bent = testInfo.outputPath('entries-bent.jsonl');
  writeFileSync(bent, [mark!.replace(first, 'ab'.repeat(32)), ...lines].join('\n'));
  await openJournalFile(page, bent);
  await expect(page.getByTestId('journal-first-broken')).toContainText(
    'line 3: entry 6 is not proved to be in the journal of the checkpoint (30 entries)',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/journal-included-bent-en.png' });
});
