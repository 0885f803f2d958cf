/**
 * Checkpoints and proofs of the journal's Merkle log written by an attacker: a forged
 * checkpoint, one signed by another key, two different checkpoints for one size (a fork), a journal
 * cut before its checkpoint, an excerpt whose proof is longer than any proof of its tree, or of
 * another count of hashes than its size and index give (both refused before any hash), proofs given in the wrong order, a checkpoint not written the one way, and one
 * too large to be one; audit reports embedding two checkpoints, or a forged one. Each gets one reading, said in one line, and never a crash.
 */
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkpointOf, checkpointText, journalExcerpt, keyFiles, newKeyPair, treeOfRows, verifyJournal } from '@engine';
import { BLOCKS, journalEntries, journalText } from '../../src-engine/journal/journal.fixture';
import type { HostileCase, HostileClass } from './case';

const at = new Date('2026-12-01T10:00:00Z');

function files(): Record<string, string> {
  const key = newKeyPair();
  const other = newKeyPair();
  const rows = (n: number, from = Infinity) => verifyJournal(journalText(journalEntries(n, from))).rows;
  const honest = treeOfRows(rows(10));
  const cp = checkpointOf(honest, key, at);
  const forked = checkpointOf(treeOfRows(rows(10, 4)), key, at);
  const text = checkpointText(cp);
  const excerptRows = rows(30);
  const tree = treeOfRows(excerptRows);
  const excerpt = journalExcerpt(excerptRows, BLOCKS, { tree, checkpoint: checkpointOf(tree, key, at) });
  const [mark, ...lines] = excerpt.split('\n');
  const m = JSON.parse(mark!) as { proofs: string[][] };
  const longProof = mark!.replace(
    JSON.stringify(m.proofs[0]),
    JSON.stringify(Array.from({ length: 40 }, () => 'ab'.repeat(32))),
  );
  // one hash short: a count of hashes that is not the one its size and index give (not too long)
  const shortProof = mark!.replace(JSON.stringify(m.proofs[0]), JSON.stringify(m.proofs[0]!.slice(0, -1)));
  // one proof fewer than the entries
  const fewerProofs = mark!.replace(JSON.stringify(m.proofs), JSON.stringify(m.proofs.slice(1)));
  const swapped = mark!.replace(
    JSON.stringify(m.proofs.slice(0, 2)).slice(1, -1),
    JSON.stringify([m.proofs[1], m.proofs[0]]).slice(1, -1),
  );
  // an audit report's page as `audit --journal --sign` writes it: the checkpoint in one data block
  const script = `<script type="application/json" id="journal-checkpoint">${text}</script>`;
  const page = (body: string): string =>
    `<!DOCTYPE html>\n<html lang="fr"><head><meta charset="utf-8"><title>Rapport</title></head><body>\n<h2>Journal de conformité</h2>\n${body}\n</body></html>\n`;
  const report = (fields: string): string =>
    `{\n  "kind": "instant-lab-audit-report",\n  "version": 2,\n${fields}\n}\n`;
  return {
    'report.html': page(script),
    'report-two.html': page(`${script}\n${script.replace(/"time":"[^"]*"/, '"time":"2026-12-02T10:00:00.000Z"')}`),
    'report-forged.html': page(script.replace(/"size":10/, '"size":9')),
    'report-two.json': report(
      `  "journalCheckpoint": ${JSON.stringify(cp)},\n  "journalCheckpoint": ${JSON.stringify(cp)}`,
    ),
    'journal.jsonl': journalText(journalEntries(20)),
    'journal-cut.jsonl': journalText(journalEntries(6)),
    'cp.json': text,
    'forged.json': text.replace(/"size":10/, '"size":9'),
    'other-key.json': checkpointText(checkpointOf(honest, other, at)),
    'fork.json': checkpointText(forked),
    'spaced.json': JSON.stringify(cp, null, 2),
    'duplicate-key.json': text.replace('{', `{"root":"${'00'.repeat(32)}",`),
    'key.pub': keyFiles(key).public,
    'excerpt-long-proof.jsonl': [longProof, ...lines].join('\n'),
    'excerpt-swapped-proofs.jsonl': [swapped, ...lines].join('\n'),
    'excerpt-short-proof.jsonl': [shortProof, ...lines].join('\n'),
    'excerpt-fewer-proofs.jsonl': [fewerProofs, ...lines].join('\n'),
  };
}

const against = (
  name: string,
  journal: string,
  files: readonly string[],
  expect: Pick<HostileCase, 'code' | 'stdout' | 'stderr'>,
  pub = false,
): HostileCase => ({
  name,
  args: (d) => [
    'journal',
    'verify',
    join(d, journal),
    ...files.flatMap((f) => ['--against', join(d, f)]),
    ...(pub ? ['--pub', join(d, 'key.pub')] : []),
  ],
  ...expect,
});

export const hostile: HostileClass = {
  name: 'checkpoints',
  maxRssMb: 200,
  generate(dir) {
    for (const [name, text] of Object.entries(files())) writeFileSync(join(dir, name), text);
    // 1 GiB on paper, nothing on disk: no checkpoint is that large
    const fd = openSync(join(dir, 'sparse.json'), 'w');
    ftruncateSync(fd, 1024 * 1024 * 1024);
    closeSync(fd);
  },
  cases: [
    against('an honest checkpoint of a journal that grew', 'journal.jsonl', ['cp.json'], {
      code: 0,
      stdout: /checkpoints: HELD \(1: nothing they signed was cut or rewritten\)\n$/,
    }),
    against('a forged checkpoint (its size changed, its signature kept)', 'journal.jsonl', ['forged.json'], {
      code: 1,
      stdout:
        /forged\.json: the checkpoint's signature does not hold .*: forged or altered, nothing checked against it/,
    }),
    against(
      'a checkpoint signed by another key than the one given',
      'journal.jsonl',
      ['other-key.json'],
      {
        code: 1,
        stdout:
          /other-key\.json: signed by the key [0-9a-f:]+, not by the journal's key \(that of the key given with --pub\)/,
      },
      true,
    ),
    against('two different checkpoints for the same size', 'journal.jsonl', ['cp.json', 'fork.json'], {
      code: 1,
      stdout: /two different signed checkpoints for the same size \(10 entries; .*evidence that the journal was forked/,
    }),
    against('a journal cut before its checkpoint', 'journal-cut.jsonl', ['cp.json'], {
      code: 1,
      stdout: /the journal has 6 entries, .* had 10: entries 7–10 are gone \(cut after entry 6\)/,
    }),
    against('an honest audit report carrying its checkpoint', 'journal.jsonl', ['report.html'], {
      code: 0,
      stdout: /report\.html: 10 entries at .*: the journal extends it \(consistency proof holds\)\n/,
    }),
    against('an audit report with two embedded checkpoints', 'journal.jsonl', ['report-two.html'], {
      code: 2,
      stderr:
        /^error: --against ".*report-two\.html": the HTML audit report embeds 2 journal checkpoints \(id="journal-checkpoint"\); a report carries one: refused/,
    }),
    against(
      'an audit report whose checkpoint is forged (its size changed, its signature kept)',
      'journal.jsonl',
      ['report-forged.html'],
      {
        code: 1,
        stdout:
          /report-forged\.html: the checkpoint's signature does not hold .*: forged or altered, nothing checked against it/,
      },
    ),
    against('a JSON audit report with "journalCheckpoint" twice', 'journal.jsonl', ['report-two.json'], {
      code: 2,
      stderr:
        /^error: --against ".*report-two\.json": the JSON audit report is not JSON read one way only, so which checkpoint it carries cannot be said: the key "journalCheckpoint" appears twice/,
    }),
    against('an audit report of a journal since cut before it', 'journal-cut.jsonl', ['report.html'], {
      code: 1,
      stdout: /report\.html: the journal has 6 entries, .* had 10: entries 7–10 are gone \(cut after entry 6\)/,
    }),
    against('a checkpoint with spaces', 'journal.jsonl', ['spaced.json'], {
      code: 2,
      stderr: /^error: --against ".*spaced\.json": not written the one way a checkpoint is written/,
    }),
    against('a checkpoint with a key twice', 'journal.jsonl', ['duplicate-key.json'], {
      code: 2,
      stderr: /^error: --against ".*duplicate-key\.json": not a journal checkpoint: not JSON read one way only/,
    }),
    against('a 1 GiB checkpoint, refused by its size unread', 'journal.jsonl', ['sparse.json'], {
      code: 2,
      stderr: /^error: --against ".*sparse\.json": 1073741824 bytes, not a zip: expected a checkpoint/,
    }),
    {
      name: 'an excerpt proof longer than ⌈log₂ n⌉ + 1, refused before any hash',
      args: (d) => ['journal', 'verify', join(d, 'excerpt-long-proof.jsonl')],
      code: 1,
      stdout:
        /line 2: entry 5 is not proved .*: the proof has 40 hashes, more than the 6 any proof in a tree of 30 entries may take/,
    },
    {
      name: 'an excerpt proof of another count of hashes than its size and index give (proof-count mismatch), refused before any hash',
      args: (d) => ['journal', 'verify', join(d, 'excerpt-short-proof.jsonl')],
      code: 1,
      stdout:
        /first broken entry: line 2: entry 5 is not proved .*: the proof has (\d+) hashes; a proof for these sizes has (?!\1)\d+: not a proof for them/,
    },
    {
      name: 'an excerpt with one inclusion proof fewer than its entries',
      args: (d) => ['journal', 'verify', join(d, 'excerpt-fewer-proofs.jsonl')],
      code: 1,
      stdout: /first broken entry: line 1: (\d+) inclusion proofs for (?!\1)\d+ entries: each entry has one/,
    },
    {
      name: 'excerpt proofs in the wrong order',
      args: (d) => ['journal', 'verify', join(d, 'excerpt-swapped-proofs.jsonl')],
      code: 1,
      stdout: /first broken entry: line 2: entry 5 is not proved to be in the journal of the checkpoint \(30 entries\)/,
    },
  ],
};
