import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { newKeyPair } from '../evidence/signing';
import { bytesSource } from '../evidence/check-bundle';
import { checkpointText } from './checkpoint';
import { journalExcerpt } from './excerpt';
import { heldFromFile } from './held-file';
import { checkpointOf, treeOfRows } from './journal-tree';
import { verifyJournal } from './verify';
import { BLOCKS, excerptZip, journalEntries, journalText } from './journal.fixture';

const rows = verifyJournal(journalText(journalEntries(12))).rows;
const tree = treeOfRows(rows);
const checkpoint = checkpointOf(tree, newKeyPair(), new Date('2026-12-01T10:00:00Z'));
const read = (name: string, bytes: Uint8Array) => heldFromFile(name, bytesSource(bytes));

describe('the checkpoint a file holds', () => {
  it('is a checkpoint file’s, with no entries', async () => {
    expect(await read('cp.json', utf8ToBytes(checkpointText(checkpoint)))).toEqual({
      name: 'cp.json',
      checkpoint,
      entries: [],
    });
  });

  it('is a bundle’s, by its zip’s first bytes, with the entries its excerpt proves', async () => {
    const zip = await excerptZip(journalExcerpt(rows, BLOCKS, { tree, checkpoint }));
    const h = await read('bundle.zip', zip);
    expect(h).toMatchObject({ name: 'bundle.zip', checkpoint });
    expect('entries' in h && h.entries.map((e) => e.seq)).toEqual([5, 6]);
  });

  it('is none, said with the file’s name, for a zip without a checkpoint, a large file, bytes that are not UTF-8, or a bad checkpoint', async () => {
    const unsigned = await read('old.zip', await excerptZip(journalExcerpt(rows, BLOCKS)));
    expect(unsigned).toMatchObject({ en: expect.stringMatching(/^old\.zip: its journal entries carry no checkpoint/) });
    expect(await read('big.json', new Uint8Array(5000).fill(0x20))).toMatchObject({
      en: 'big.json: 5000 bytes, not a zip: expected a checkpoint (one line of at most 4096 bytes), an audit report (at most 67108864 bytes) or a bundle or dispute case .zip',
    });
    expect(await read('bin.json', new Uint8Array([0xff, 0xfe, 0x00]))).toMatchObject({
      en: expect.stringMatching(/^bin\.json: not UTF-8 text/),
      fr: expect.stringMatching(/^bin\.json : pas du texte UTF-8/),
    });
    expect(
      await read('cp.json', utf8ToBytes(checkpointText(checkpoint).replace('"size":12', '"size":"12"'))),
    ).toMatchObject({ en: expect.stringMatching(/^cp\.json: not a journal checkpoint/) });
    expect(await read('empty.json', new Uint8Array(0))).toMatchObject({ en: expect.stringMatching(/^empty\.json: /) });
  });

  it('is an audit report’s: its JSON field, or its HTML data block when it embeds exactly one', async () => {
    const json = (extra: string) =>
      utf8ToBytes(`{\n  "kind": "instant-lab-audit-report",\n  "version": 2${extra}\n}\n`);
    expect(await read('r.json', json(`,\n  "journalCheckpoint": ${JSON.stringify(checkpoint)}`))).toEqual({
      name: 'r.json',
      checkpoint,
      entries: [],
    });
    expect(await read('r.json', json(''))).toMatchObject({
      en: expect.stringMatching(/^r\.json: the JSON audit report carries no journal checkpoint/),
    });
    const page = (body: string) => utf8ToBytes(`<!DOCTYPE html>\n<html lang="fr"><body>${body}</body></html>\n`);
    const script = `<script type="application/json" id="journal-checkpoint">${checkpointText(checkpoint)}</script>`;
    expect(await read('r.html', page(`<h2>Journal</h2>${script}`))).toEqual({
      name: 'r.html',
      checkpoint,
      entries: [],
    });
    expect(
      await read('r.html', page(`${script}<script id='journal-checkpoint' type="application/json">{}</script>`)),
    ).toMatchObject({
      en: expect.stringMatching(/^r\.html: the HTML audit report embeds 2 journal checkpoints/),
      fr: expect.stringMatching(/^r\.html : le rapport d'audit HTML contient 2 points de contrôle du journal/),
    });
    expect(await read('r.html', page(''))).toMatchObject({
      en: expect.stringMatching(/^r\.html: the HTML audit report carries no journal checkpoint/),
    });
    expect(await read('r.html', page(script.replace('"size":12', '"size": 12')))).toMatchObject({
      en: expect.stringMatching(/^r\.html: the HTML audit report's journal checkpoint: not written the one way/),
    });
  });
});
