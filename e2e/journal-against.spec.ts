/**
 * The Journal screen checks a journal against the files dropped or chosen beside it, in the browser
 * build: a journal of 20 entries; a bundle made after entry 12 (its excerpt signed, each entry
 * proved) and a checkpoint taken at 12. The bundle opened alone reads « included »; the whole
 * journal extends both; the journal cut at 10 is caught, and one rewritten from entry 6 is named
 * with its first differing entry; a second checkpoint at 12 of another journal is a fork. axe finds
 * nothing, the focus stays on each result; screenshots at 1280×720, French and English. With the
 * expected signer's public key given (chosen, or dropped among the files), a checkpoint by another
 * key is refused in the CLI's words.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { openJournalFile } from './helpers/journal-screen';
import type * as Engine from '@engine';
import type * as Fixture from '../src-engine/journal/journal.fixture';
import { load } from './helpers/engine';

const engine = await load<typeof Engine>('src-engine/index.ts');
const fixture = await load<typeof Fixture>('src-engine/journal/journal.fixture.ts');

const key = engine.newKeyPair();
const at = new Date('2026-12-01T10:00:00Z');
const TIME = at.toISOString();
const all = fixture.journalEntries(20);
const text = (entries: readonly Engine.JournalEntry[]) => fixture.journalText(entries);

/** The tree and checkpoint of a journal whose entries are `entries`. */
function signed(entries: readonly Engine.JournalEntry[]) {
  const rows = engine.verifyJournal(text(entries)).rows;
  const tree = engine.treeOfRows(rows);
  return { rows, tree, checkpoint: engine.checkpointOf(tree, key, at) };
}

/** The bundle made after entry 12: its excerpt on Les 3 Gongs 0,50 € seeds 4 and 5 (entries 5 and 6). */
async function bundle(): Promise<Buffer> {
  const { rows, tree, checkpoint } = signed(all.slice(0, 12));
  return Buffer.from(await fixture.excerptZip(engine.journalExcerpt(rows, fixture.BLOCKS, { tree, checkpoint })));
}

/** Drops files on the panel as a file manager does. */
async function drop(page: Page, files: { name: string; bytes: Buffer }[]): Promise<void> {
  const dt = await page.evaluateHandle(
    (list) => {
      const d = new DataTransfer();
      for (const f of list) d.items.add(new File([new Uint8Array(f.bytes)], f.name));
      return d;
    },
    files.map((f) => ({ name: f.name, bytes: [...f.bytes] })),
  );
  await page.getByTestId('journal-against-drop').dispatchEvent('drop', { dataTransfer: dt });
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

test('the Journal screen proves a bundle’s excerpt included, and catches a journal cut, rewritten or forked against the files dropped beside it', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/journal');
  await page.getByTestId('lang-select').selectOption('fr');
  const zip = await bundle();
  const bundlePath = testInfo.outputPath('bundle.zip');
  writeFileSync(bundlePath, zip);
  const cp12 = Buffer.from(engine.checkpointText(signed(all.slice(0, 12)).checkpoint));
  const { checkpoint } = signed(all.slice(0, 12));
  const title = page.getByTestId('journal-check-title');

  // the bundle itself opened: its excerpt's inclusion verdict, never « Chaîne rompue »
  await openJournalFile(page, bundlePath);
  await expect(page.getByTestId('journal-where')).toContainText('bundle.zip');
  await expect(title).toHaveText('Extrait de journal : 2 entrées d’un journal de 12 entrées, signées : incluses.');
  await expect(page.getByTestId('journal-inclusion-note')).toContainText(
    `Tête ${checkpoint.root} du ${TIME}, signée par la clé ${checkpoint.fingerprint}`,
  );
  await expect(page.getByTestId('journal-findings')).toHaveCount(0);
  await expect(page.getByTestId('journal-against')).toHaveCount(0);
  expect(await focused(page)).toBe('journal-check-title');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-bundle-included-fr.png') });
  await page.getByTestId('lang-select').selectOption('en');
  await expect(title).toHaveText('Journal excerpt: 2 entries of a journal of 12 entries, signed: included.');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-bundle-included-en.png') });
  await page.getByTestId('lang-select').selectOption('fr');

  // the whole journal of 20 entries extends the bundle's head and the checkpoint at 12
  const whole = testInfo.outputPath('journal-20.jsonl');
  writeFileSync(whole, text(all));
  await openJournalFile(page, whole);
  await expect(title).toHaveText('Chaîne intacte, 20 entrées.');
  await drop(page, [
    { name: 'bundle.zip', bytes: zip },
    { name: 'checkpoint.json', bytes: cp12 },
  ]);
  const against = page.getByTestId('journal-against-title');
  const items = page.getByTestId('journal-against-item');
  await expect(against).toHaveText(
    'Points de contrôle tenus : 2 ; rien de ce qu’ils ont signé n’a été coupé ni réécrit.',
  );
  await expect(items).toHaveText(
    [
      `bundle.zip : 2 entrées d’un journal de 12 entrées, tête ${checkpoint.root}, signées par la clé ${checkpoint.fingerprint} : incluses ; ce journal (20 entrées) le prolonge.`,
      `checkpoint.json : point de contrôle de 12 entrées du ${TIME}, tête ${checkpoint.root}, signé par la clé ${checkpoint.fingerprint} : ce journal (20 entrées) le prolonge.`,
    ].map((s) => `✓ ${s}`),
  );
  expect(await focused(page)).toBe('journal-against-title');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-against-held-fr.png') });

  // the journal cut at 10: its chain still verifies, the checkpoints catch it
  const cut = testInfo.outputPath('journal-cut.jsonl');
  writeFileSync(cut, text(all.slice(0, 10)));
  await openJournalFile(page, cut);
  await expect(title).toHaveText('Chaîne intacte, 10 entrées.');
  expect(await focused(page)).toBe('journal-check-title');
  await expect(against).toHaveText('Points de contrôle : ÉCHEC, 2 problèmes.');
  const gone = (name: string) =>
    `✗ ${name} : le journal a 10 entrées, le point de contrôle du ${TIME} a été signé quand il en avait 12 : les entrées 11 à 12 ont disparu (coupé après l'entrée 10)`;
  await expect(items).toHaveText([gone('bundle.zip'), gone('checkpoint.json')]);
  await expect(page.getByTestId('journal-against-head')).toContainText('Ce journal : 10 entrées, racine');
  await page.getByTestId('journal-against').scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-cut-caught-fr.png') });
  await page.getByTestId('lang-select').selectOption('en');
  await expect(against).toHaveText('Checkpoints: FAILED, 2 problems.');
  await expect(items.first()).toHaveText(
    `✗ bundle.zip: the journal has 10 entries, the checkpoint of ${TIME} was signed when it had 12: entries 11–12 are gone (cut after entry 10)`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-cut-caught-en.png') });

  // a checkpoint at 12 of another journal, chosen: a fork beside the bundle's head
  const forked = testInfo.outputPath('forked.json');
  writeFileSync(forked, engine.checkpointText(signed(fixture.journalEntries(12, 8)).checkpoint));
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('journal-against-choose').click();
  await (await chooser).setFiles(forked);
  await expect(against).toHaveText('Checkpoints: FAILED, 4 problems.');
  await expect(items.last()).toContainText(
    'forked.json and bundle.zip: two different signed checkpoints for the same size (12 entries;',
  );
  await expect(items.last()).toContainText('evidence that the journal was forked');
  expect(await focused(page)).toBe('journal-against-title');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-against-fork-en.png') });

  // rewritten from entry 6 on, its hashes recomputed: the bundle names entry 6 as the first that differs
  const rewritten = testInfo.outputPath('journal-rewritten.jsonl');
  writeFileSync(rewritten, text(fixture.journalEntries(20, 6)));
  await openJournalFile(page, rewritten);
  await expect(title).toHaveText('Chain intact, 20 entries.');
  await expect(items.first()).toHaveText(
    `✗ bundle.zip: the journal's first 12 entries no longer give the root the checkpoint of ${TIME} signed: an entry was changed or removed and the journal rewritten after it; entry 6 is the first that differs from the entries the file holds (proved in the checkpoint's tree)`,
  );
  expect(await axeViolations(page)).toEqual([]);

  // the files let go of: the focus stays on the panel, on « Choose »
  await page.getByTestId('journal-against-clear').click();
  await expect(items).toHaveCount(0);
  expect(await focused(page)).toBe('journal-against-choose');
});

test('the Journal screen takes the public key every checkpoint must be signed with, as `--pub` does, and refuses another key’s checkpoint', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/journal');
  await page.getByTestId('lang-select').selectOption('fr');
  const whole = testInfo.outputPath('journal-20.jsonl');
  writeFileSync(whole, text(all));
  await openJournalFile(page, whole);
  await expect(page.getByTestId('journal-check-title')).toHaveText('Chaîne intacte, 20 entrées.');
  const { checkpoint } = signed(all.slice(0, 12));
  const cp12 = Buffer.from(engine.checkpointText(checkpoint));
  const against = page.getByTestId('journal-against-title');
  const items = page.getByTestId('journal-against-item');

  // without a key: the checkpoint's own key is the journal's, and it holds
  await drop(page, [{ name: 'checkpoint.json', bytes: cp12 }]);
  await expect(against).toHaveText('Points de contrôle tenus : 1 ; rien de ce qu’il a signé n’a été coupé ni réécrit.');
  await expect(page.getByTestId('journal-against-key')).toHaveCount(0);

  // the operator's key, chosen with its labelled input: the checkpoint was signed by another
  const ops = engine.newKeyPair();
  const opsFingerprint = engine.fingerprint(ops.publicKey);
  const opsPub = testInfo.outputPath('operateur.pub');
  writeFileSync(opsPub, engine.keyFiles(ops).public);
  await page.getByLabel('Clé publique exigée (le fichier .pub de keygen, facultatif)').setInputFiles(opsPub);
  await expect(against).toHaveText('Points de contrôle : ÉCHEC, 1 problème.');
  await expect(items).toHaveText([
    `✗ checkpoint.json : signé par la clé ${checkpoint.fingerprint}, pas par la clé du journal (celle de la clé donnée dans operateur.pub)`,
  ]);
  await expect(page.getByTestId('journal-against-key')).toHaveText(
    `Clé exigée : ${opsFingerprint} (operateur.pub) ; chaque point de contrôle doit être signé par elle.`,
  );
  expect(await focused(page)).toBe('journal-against-title');
  await page.getByTestId('journal-against').scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-against-other-key-fr.png') });
  await page.getByTestId('lang-select').selectOption('en');
  await expect(against).toHaveText('Checkpoints: FAILED, 1 problem.');
  await expect(items).toHaveText([
    `✗ checkpoint.json: signed by the key ${checkpoint.fingerprint}, not by the journal's key (that of the key given in operateur.pub)`,
  ]);
  await expect(page.getByTestId('journal-against-key')).toHaveText(
    `Key required: ${opsFingerprint} (operateur.pub); every checkpoint must be signed with it.`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-against-other-key-en.png') });

  // the signer's own key dropped among the files: it replaces the other, and the checkpoint holds
  await drop(page, [{ name: 'signer.pub', bytes: Buffer.from(engine.keyFiles(key).public) }]);
  await expect(against).toHaveText('Checkpoints held: 1; nothing it signed was cut or rewritten.');
  await expect(page.getByTestId('journal-against-key')).toContainText(
    `Key required: ${checkpoint.fingerprint} (signer.pub)`,
  );
  expect(await focused(page)).toBe('journal-against-title');
  // the input no longer shows the key it gave, which the dropped one replaced
  await expect(page.getByTestId('journal-against-pub')).toHaveValue('');

  // a key file that does not read (an SSH key): said, and nothing checked, as `--pub` refuses
  const ssh = testInfo.outputPath('id_ed25519.pub');
  writeFileSync(ssh, 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx0Y2tleWZvcnRlc3RzMDEyMzQ1Njc4OWFiY2RlZg== ops@host\n');
  await page.getByLabel('Required public key (keygen’s .pub file, optional)').setInputFiles(ssh);
  await expect(against).toHaveText('Checkpoints: FAILED, 1 problem.');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('no checkpoint was checked');
  await expect(page.getByTestId('journal-against-key')).toHaveCount(0);
  await page.getByTestId('journal-against').scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-against-bad-key-en.png') });
  await page.getByTestId('lang-select').selectOption('fr');
  await expect(items.first()).toContainText('aucun point de contrôle n');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('journal-against-bad-key-fr.png') });
  await page.getByTestId('lang-select').selectOption('en');

  // everything let go of, the key too: the focus stays on « Choose »
  await page.getByTestId('journal-against-clear').click();
  await expect(items).toHaveCount(0);
  expect(await focused(page)).toBe('journal-against-choose');
});
