import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { newKeyPair } from '../evidence/signing';
import { bytesSource, checkBundle } from '../evidence/check-bundle';
import { checkpointSigned, checkpointText, readCheckpoint } from './checkpoint';
import type { Checkpoint } from './checkpoint';
import { journalExcerpt } from './excerpt';
import { heldFromExcerpt, heldFromZip, verifyAgainst } from './against';
import type { HeldCheckpoint } from './against';
import { checkpointOf, journalTree, treeOfRows } from './journal-tree';
import { verifyJournal } from './verify';
import { BLOCKS, excerptZip, journalEntries, journalPartOf, journalText } from './journal.fixture';

const key = newKeyPair();
const other = newKeyPair();
const at = new Date('2026-12-01T10:00:00Z');

/** The excerpt on {@link BLOCKS} of a journal of `n` entries, with its checkpoint signed by `k`. */
function provedExcerpt(n: number, k = key, rewrittenFrom = Infinity): { text: string; checkpoint: Checkpoint } {
  const rows = verifyJournal(journalText(journalEntries(n, rewrittenFrom))).rows;
  const tree = treeOfRows(rows);
  const checkpoint = checkpointOf(tree, k, at);
  return { text: journalExcerpt(rows, BLOCKS, { tree, checkpoint }), checkpoint };
}

const held = (name: string, n: number, k = key, from = Infinity): HeldCheckpoint => {
  const h = heldFromExcerpt(name, provedExcerpt(n, k, from).text);
  if (!('checkpoint' in h)) throw new Error(h.en);
  return h;
};
const treeOf = (n: number, from = Infinity) => journalTree(utf8ToBytes(journalText(journalEntries(n, from))));

describe('a journal checkpoint', () => {
  const c = provedExcerpt(12).checkpoint;

  it('is one canonical line, read back as written, its signature holding', () => {
    const text = checkpointText(c);
    expect(text).toMatch(
      /^\{"checkpoint":"instant-lab-journal-checkpoint\/1","fingerprint":"[0-9a-f:]+","publicKey":"[0-9a-f]{64}","root":"[0-9a-f]{64}","signature":"[0-9a-f]{128}","size":12,"time":"2026-12-01T10:00:00.000Z"\}\n$/,
    );
    expect(readCheckpoint(text)).toEqual(c);
    expect(checkpointSigned(c)).toBe(true);
  });

  it('is read one way only: spaces, a key twice, an unknown field or a wrong fingerprint are refused', () => {
    const text = checkpointText(c);
    expect(readCheckpoint(JSON.stringify(c, null, 1))).toMatchObject({
      en: expect.stringMatching(/not written the one way/),
    });
    expect(readCheckpoint(text.replace('{', '{"size":13,'))).toMatchObject({
      en: expect.stringMatching(/not JSON read one way only/),
    });
    expect(readCheckpoint(text.replace('{', '{"extra":1,'))).toMatchObject({
      en: 'not a journal checkpoint: unknown field "extra"',
    });
    expect(readCheckpoint(text.replace(/"fingerprint":"[0-9a-f]/, '"fingerprint":"z'))).toMatchObject({
      en: 'not a journal checkpoint: "fingerprint" is not the fingerprint of "publicKey"',
    });
  });

  it('does not hold once its size, root or time is changed', () => {
    for (const forged of [
      { ...c, size: 13 },
      { ...c, root: 'ab'.repeat(32) },
      { ...c, time: '2027-01-01T00:00:00.000Z' },
    ])
      expect(checkpointSigned(forged)).toBe(false);
  });
});

describe('an excerpt that proves itself', () => {
  const { text, checkpoint } = provedExcerpt(60);

  it('says « N entries of a journal of S, head, signer: included », on its own and in a bundle', async () => {
    const v = verifyJournal(text);
    expect(v.ok).toBe(true);
    expect(v.entries).toBe(8);
    expect(v.inclusion).toEqual({
      size: 60,
      root: checkpoint.root,
      time: checkpoint.time,
      fingerprint: checkpoint.fingerprint,
      publicKey: checkpoint.publicKey,
      signed: true,
      included: 8,
    });
    const c = journalPartOf(await checkBundle(bytesSource(await excerptZip(text)), null));
    expect(c).toMatchObject({ ok: true, failures: [] });
  });

  it('names an entry whose proof does not lead to the root, and a forged checkpoint', () => {
    const [mark, ...lines] = text.split('\n');
    const proofs = JSON.parse(mark!) as { proofs: string[][] };
    // the proofs of entries 6 and 15 swapped: each entry's own hash holds, its proof does not
    const swapped = mark!.replace(
      JSON.stringify(proofs.proofs.slice(1, 3)).slice(1, -1),
      JSON.stringify([proofs.proofs[2], proofs.proofs[1]]).slice(1, -1),
    );
    expect(verifyJournal([swapped, ...lines].join('\n')).findings.map((f) => [f.line, f.problem])).toEqual([
      [3, 'not-included'],
      [4, 'not-included'],
    ]);
    const bent = mark!.replace(proofs.proofs[3]![0]!, 'ab'.repeat(32));
    const v = verifyJournal([bent, ...lines].join('\n'));
    expect(v.ok).toBe(false);
    expect(v.findings.map((f) => [f.line, f.problem])).toEqual([[5, 'not-included']]);
    expect(v.inclusion?.included).toBe(7);
    const forged = mark!.replace(`"size":60`, `"size":61`);
    const f = verifyJournal([forged, ...lines].join('\n'));
    expect(f.findings[0]?.text.en).toMatch(/^line 1: the checkpoint's signature does not hold .*: forged or altered$/);
  });

  it('is read from a zip as the checkpoint it carries, with its entries proved', async () => {
    const h = await heldFromZip('b.zip', bytesSource(await excerptZip(text)));
    expect(h).toMatchObject({
      name: 'b.zip',
      checkpoint,
      entries: expect.arrayContaining([expect.objectContaining({ seq: 15 })]),
    });
    expect((h as HeldCheckpoint).entries).toHaveLength(8);
  });
});

describe('a journal against its checkpoints', () => {
  it('holds when the journal only grew', () => {
    const v = verifyAgainst(treeOf(80), [held('a', 20), held('b', 60), held('c', 80)]);
    expect(v).toMatchObject({ ok: true, size: 80, findings: [] });
    expect(v.checks.map((c) => c.holds)).toEqual([true, true, true]);
  });

  it('names a journal cut before a checkpoint, and one rewritten, with the first entry known to differ', () => {
    const cut = verifyAgainst(treeOf(40), [held('b.zip', 60)]);
    expect(cut.findings).toMatchObject([{ name: 'b.zip', problem: 'shorter' }]);
    expect(cut.findings[0]!.text.en).toMatch(
      /the journal has 40 entries, .* had 60: entries 41–60 are gone \(cut after entry 40\)/,
    );
    // rewritten from entry 10 on, hashes recomputed: its chain verifies, its tree does not
    const bytes = utf8ToBytes(journalText(journalEntries(60, 10)));
    expect(verifyJournal(bytes).ok).toBe(true);
    const re = verifyAgainst(journalTree(bytes), [held('b.zip', 60)]);
    // the excerpt holds entries 5, 6, 15, …: 15 is the first of them the rewrite changed
    expect(re.findings).toMatchObject([{ name: 'b.zip', problem: 'rewritten', entry: 15 }]);
  });

  it('says two checkpoints of one size that differ are a fork, and one signed by another key', () => {
    const fork = verifyAgainst(treeOf(70), [held('honest', 60), held('forked', 60, key, 30)]);
    expect(fork.findings.map((f) => f.problem)).toEqual(['rewritten', 'fork']);
    expect(fork.findings[1]!.text.en).toMatch(
      /^forked and honest: two different signed checkpoints for the same size \(60 entries; .*evidence that the journal was forked/,
    );
    const keys = verifyAgainst(treeOf(70), [held('mine', 60), held('theirs', 60, other)]);
    expect(keys.findings).toMatchObject([{ name: 'theirs', problem: 'other-key' }]);
    const pinned = verifyAgainst(
      treeOf(70),
      [held('mine', 60)],
      other.publicKey.reduce((s, b) => s + b.toString(16).padStart(2, '0'), ''),
    );
    expect(pinned.findings.map((f) => f.problem)).toEqual(['other-key']);
  });

  it('checks nothing against a forged checkpoint, and says so', () => {
    const h = held('x', 60);
    const v = verifyAgainst(treeOf(60), [{ ...h, checkpoint: { ...h.checkpoint, size: 50 } }]);
    expect(v.findings).toMatchObject([{ problem: 'forged' }]);
    expect(v.checks[0]!.holds).toBe(false);
  });
});
