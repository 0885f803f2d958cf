import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { formatUnitRef, verifyJournal } from '@engine';
import { cli } from './test-support/run-cli';
import { journalEntries, journalText } from '../src-engine/journal/journal.fixture';

// a Les 3 Gongs Bonus unit: a block of 300,000 units, rebuilt by verify-bundle in seconds
const REF = formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 29, generatorVersion: 2 });
const dir = mkdtempSync(join(tmpdir(), 'case-'));
const key = join(dir, 'k.key');

describe('replay REF --case: a signed dispute case, checked by verify-bundle', () => {
  it('writes the case, journals it, and verify-bundle says what it checked', async () => {
    expect((await cli('keygen', '--out', key)).code).toBe(0);
    const out = join(dir, 'case.zip');
    const journal = join(dir, 'journal.jsonl');
    // a journal of 20 entries, two of them on the unit's block (Les 3 Gongs 0,50 €, seed 7: entries 8 and 18)
    writeFileSync(journal, journalText(journalEntries(20)));
    const made = await cli(
      'replay',
      REF,
      '--case',
      '--claim',
      'The player says the Bonus showed 30 €.',
      '--conclusion',
      'The replay shows a Bonus of 3.00 €.',
      '--sign',
      key,
      '--out',
      out,
      '--journal',
      journal,
    );
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(
      new RegExp(`^Wrote .*case\\.zip: dispute case of unit ${REF}, 7 files, signed by key `),
    );
    const j = verifyJournal(readFileSync(journal, 'utf8'));
    expect(j.ok).toBe(true);
    expect(j.tip?.seq).toBe(21);
    expect(readFileSync(journal, 'utf8')).toContain('"kind":"dispute-case"');
    const v = await cli('verify-bundle', out, '--pub', `${key}.pub`);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain('verdict: INTACT dispute case (7 files, signature valid)');
    // the journal's entries on the unit's block, proved in the journal signed when the case was made
    expect(v.stdout).toMatch(/2 entries of a journal of 20 entries, .*signed by key .*: included/);
    expect((await cli('journal', 'verify', journal, '--against', out)).stdout).toContain('checkpoints: HELD (1:');
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, journalText(journalEntries(10)));
    const caught = await cli('journal', 'verify', cut, '--against', out);
    expect(caught.code).toBe(1);
    expect(caught.stdout).toMatch(/case\.zip: .*20 entries/);
    expect(v.stdout).toContain('evidence/replay.json: equals the unit re-derived from its reference alone (R2)');
    expect(v.stdout).toMatch(/proof\/merkle-proof\.json: the leaf equals segment 0 rebuilt alone from the seed \(R2\)/);
    expect(v.stdout).toContain("that the player's claim or the tester's conclusion is right");
    // the claim changed in the zip: named by its file, exit 1
    const files = unzipSync(readFileSync(out));
    const rec = JSON.parse(strFromU8(files['case.json']!)) as Record<string, string>;
    files['case.json'] = new TextEncoder().encode(JSON.stringify({ ...rec, claim: 'The player won 3,000 €.' }));
    const altered = join(dir, 'altered.zip');
    writeFileSync(altered, zipSync(files));
    const a = await cli('verify-bundle', altered);
    expect(a.code).toBe(1);
    // a changed claim changes case.json's size, and the bundle reader names it before its digest
    expect(a.stdout).toMatch(/^ {2}- case\.json: .* the file was changed\b/m);
    expect(a.stdout).toMatch(/^verdict: FAILED \(1 problem\)$/m);
  });

  it('answers in French with --lang fr, and refuses a case without its claim', async () => {
    const out = join(dir, 'cas.zip');
    const fr = await cli('replay', REF, '--case', '--claim', 'x', '--conclusion', 'y', '--out', out, '--lang', 'fr');
    expect(fr.code).toBe(0);
    expect(fr.stdout).toMatch(/^Écrit .*cas\.zip : dossier de litige de l'unité .*, 6 fichiers, non signé$/m);
    const none = await cli('replay', REF, '--case', '--conclusion', 'y', '--out', join(dir, 'n.zip'));
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^error: --case needs --claim/);
    // a claim its PDF cannot print as written is refused by its characters, before the block is rebuilt
    const emoji = join(dir, 'e.zip');
    const refused = await cli('replay', REF, '--case', '--claim', 'vu 😀', '--conclusion', 'y', '--out', emoji);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^error: the player's claim holds a character the case's PDF cannot print as written: U\+1F600 « 😀 »\. Its font \(Noto Sans SC\)/,
    );
    expect(existsSync(emoji)).toBe(false);
    const stray = await cli('replay', REF, '--claim', 'x');
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('--claim belongs to --case');
    const help = await cli('replay', '--help');
    expect(help.stdout).toContain('--case --claim TEXT --conclusion TEXT [--sign KEYFILE] --out case.zip');
  });
});
