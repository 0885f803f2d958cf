import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { checkpointOf, checkpointText, journalExcerpt, keyFiles, newKeyPair, treeOfRows, verifyJournal } from '@engine';
import type { JournalEntry } from '@engine';
import { BLOCKS, excerptZip, journalEntries, journalText } from '../../../src-engine/journal/journal.fixture';
import { blobSource, journalAgainstHandler, openJournalZipHandler } from './journal';

const key = newKeyPair();
const at = new Date('2026-12-01T10:00:00Z');
const all = journalEntries(20);

/** A bundle made when the journal `entries` held its last entry: its excerpt on BLOCKS, signed. */
async function bundleOf(entries: readonly JournalEntry[]): Promise<Blob> {
  const rows = verifyJournal(journalText(entries)).rows;
  const tree = treeOfRows(rows);
  const bytes = await excerptZip(journalExcerpt(rows, BLOCKS, { tree, checkpoint: checkpointOf(tree, key, at) }));
  return new Blob([bytes as Uint8Array<ArrayBuffer>]);
}
const checkpointFile = (entries: readonly JournalEntry[]): Blob => {
  const tree = treeOfRows(verifyJournal(journalText(entries)).rows);
  return new Blob([checkpointText(checkpointOf(tree, key, at))]);
};
const run = (journal: string, files: { name: string; file: Blob }[], pub?: { name: string; file: Blob }) =>
  journalAgainstHandler({ journal, files, ...(pub ? { pub } : {}) }, () => undefined);

describe('the journal on screen checked against the files dropped beside it', () => {
  it('holds when the journal only grew: the bundle’s entries included, the checkpoint extended', async () => {
    const r = await run(journalText(all), [
      { name: 'bundle.zip', file: await bundleOf(all.slice(0, 12)) },
      { name: 'checkpoint.json', file: checkpointFile(all.slice(0, 15)) },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.verdict).toMatchObject({ ok: true, size: 20, findings: [] });
    expect(r.verdict.checks.map((c) => [c.name, c.size, c.entries, c.holds])).toEqual([
      ['bundle.zip', 12, 2, true],
      ['checkpoint.json', 15, 0, true],
    ]);
  });

  it('names the journal cut at 10 below a bundle made at 12, a fork, and a file that holds no checkpoint', async () => {
    const rewritten = journalEntries(12, 8);
    const r = await run(journalText(all.slice(0, 10)), [
      { name: 'bundle.zip', file: await bundleOf(all.slice(0, 12)) },
      { name: 'other.json', file: checkpointFile(rewritten) },
      { name: 'notes.txt', file: new Blob(['hello']) },
    ]);
    expect(r.verdict.ok).toBe(false);
    expect(r.verdict.findings.map((f) => [f.name, f.problem])).toEqual([
      ['bundle.zip', 'shorter'],
      ['other.json', 'shorter'],
      ['other.json', 'fork'],
    ]);
    expect(r.verdict.findings[0]!.text.en).toMatch(/entries 11–12 are gone \(cut after entry 10\)/);
    expect(r.refused).toMatchObject([
      { name: 'notes.txt', text: { en: expect.stringMatching(/^notes\.txt: not a journal checkpoint/) } },
    ]);
  });

  it('with a public key file, refuses a checkpoint signed by another key, as `--pub` does, and names the key required', async () => {
    const ops = newKeyPair();
    const pub = { name: 'ops.pub', file: new Blob([keyFiles(ops).public]) };
    const files = [{ name: 'checkpoint.json', file: checkpointFile(all.slice(0, 15)) }];
    // without the key, the checkpoint's own key is the journal's: it holds
    expect((await run(journalText(all), files)).verdict.ok).toBe(true);
    const r = await run(journalText(all), files, pub);
    expect(r.key).toEqual({ name: 'ops.pub', fingerprint: JSON.parse(keyFiles(ops).public).fingerprint });
    expect(r.verdict.ok).toBe(false);
    expect(r.verdict.checks[0]!.holds).toBe(false);
    expect(r.verdict.findings.map((f) => [f.problem, f.text.en, f.text.fr])).toEqual([
      [
        'other-key',
        `checkpoint.json: signed by the key ${r.verdict.checks[0]!.fingerprint}, not by the journal's key (that of the key given in ops.pub)`,
        `checkpoint.json : signé par la clé ${r.verdict.checks[0]!.fingerprint}, pas par la clé du journal (celle de la clé donnée dans ops.pub)`,
      ],
    ]);
    // the signer's own key: it holds
    const mine = { name: 'mine.pub', file: new Blob([keyFiles(key).public]) };
    expect((await run(journalText(all), files, mine)).verdict).toMatchObject({ ok: true, findings: [] });
  });

  it('refuses a key file that is no public key, or too large, by its name, as `--pub` reads it', async () => {
    const files = [{ name: 'checkpoint.json', file: checkpointFile(all.slice(0, 15)) }];
    const secret = await run(journalText(all), files, { name: 'k.pub', file: new Blob([keyFiles(key).secret]) });
    expect(secret.key).toBeNull();
    expect(secret.refused).toMatchObject([
      {
        name: 'k.pub',
        text: {
          en: expect.stringMatching(
            /^"k\.pub" is not a public key file: expected the KEYFILE\.pub.*; no checkpoint was checked: they must be signed with the key this file should hold$/s,
          ),
        },
      },
    ]);
    // the key required did not read: nothing is checked (each checkpoint against its own key would hold)
    expect(secret.verdict).toMatchObject({ ok: false, checks: [], findings: [], size: all.length });
    // an SSH public key is no KEYFILE.pub either
    const ssh = await run(journalText(all), files, {
      name: 'id_ed25519.pub',
      file: new Blob(['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx0Y2tleWZvcnRlc3RzMDEyMzQ1Njc4OWFiY2RlZg== ops@host\n']),
    });
    expect(ssh).toMatchObject({ key: null, verdict: { ok: false, checks: [] } });
    expect(ssh.refused.map((r) => r.name)).toEqual(['id_ed25519.pub']);
    const big = await run(journalText(all), files, { name: 'big.pub', file: new Blob(['x'.repeat(70_000)]) });
    expect(big.refused[0]!.text.fr).toBe(
      "big.pub : 70000 octets : un fichier de clé publique est une ligne d'au plus 65536 octets ; aucun point de contrôle n'a été vérifié : ils doivent être signés par la clé que ce fichier devrait contenir",
    );
  });

  it('opens a bundle’s zip as the excerpt it holds, proved included; a zip without entries is refused by its name', async () => {
    const out = await openJournalZipHandler(
      { name: 'bundle.zip', file: await bundleOf(all.slice(0, 12)) },
      () => undefined,
    );
    expect('verdict' in out && out.verdict).toMatchObject({ ok: true, entries: 2, inclusion: { size: 12 } });
    expect('text' in out && out.text.split('\n')).toHaveLength(4);
    const bare = zipSync({ 'README.md': new TextEncoder().encode('no journal') });
    const none = await openJournalZipHandler(
      { name: 'b.zip', file: new Blob([bare as Uint8Array<ArrayBuffer>]) },
      () => undefined,
    );
    expect(none).toMatchObject({
      refused: {
        en: 'b.zip: holds no journal entries (journal/entries.jsonl): a bundle or case made without a journal',
      },
    });
    const junk = await openJournalZipHandler(
      { name: 'j.zip', file: new Blob(['PK\u0003\u0004junk']) },
      () => undefined,
    );
    expect(junk).toMatchObject({ refused: { en: expect.stringMatching(/^j\.zip: not a zip read one way only/) } });
  });

  it('reads a file only where it is asked to', async () => {
    const blob = new Blob(['0123456789']);
    const src = blobSource(blob);
    expect(src.size).toBe(10);
    expect(new TextDecoder().decode(await src.read(3, 4))).toBe('3456');
  });
});
