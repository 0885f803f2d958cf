/**
 * The bundled checker (`scripts/independent_check.py`, check.py in a bundle) applies the bundle
 * check's rules too: `python3 check.py BUNDLE.zip` refuses the hostile zips of `bundles.ts` that
 * could be read more than one way, and in an unzipped folder it checks the files against the
 * manifest and checks only the exports the manifest lists (a folder named like an export is not one).
 * It reads no dispute case (nor any PDF): a case is sent to `verify-bundle`, never said intact.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair } from '@engine';
import { rawZip, smallBundle } from './raw-zip.fixture';
import { bundleCases } from './bundles';
import { caseBundleCases } from './case-bundles.fixture';
import { python } from '../../src-cli/test-support/independent-check';

const ROOT = join(import.meta.dirname, '..', '..');
const CHECK = join(ROOT, 'scripts', 'independent_check.py');

const key = newKeyPair();
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-check-py-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What check.py must say of each zip that the bundle check refuses for its structure or its sizes. */
const REFUSED: Readonly<Record<string, RegExp>> = {
  'duplicate-entry-altered-first': /are the same name once case, separators and trailing slashes/,
  'duplicate-manifest-altered-first': /"manifest\.json" and "manifest\.json" are the same name/,
  'data-in-directory-entry': /the directory entry "exports\/extra-block\.jsonl\/" carries data/,
  'same-name-other-case': /"README\.md" and "readme\.md" are the same name/,
  'unlisted-entry': /exports\/extra-block\.jsonl: in the bundle but not listed in the manifest/,
  'listed-twice-in-manifest': /"README\.md" is listed twice/,
  'manifest-key-twice-altered-first': /the key "files" appears twice in one object/,
  'listed-entry-1.5-GB':
    /exports\/huge\.jsonl: the zip declares 1610612736 bytes, the manifest 1610612736: refused without inflating it/,
  'symlink-member': /the entry "exports\/link\.jsonl" is stored as a symbolic link: unzip would make a link/,
  'data-appended': /8 bytes after the zip's end record: data was appended to the zip/,
  'manifest-declares-600-MB': /manifest\.json: missing, or declares over 4194304 bytes: refused without inflating it/,
};

describe('check.py BUNDLE.zip: the same rules as verify-bundle', () => {
  const cases = bundleCases(key).filter((c) => c.name in REFUSED);
  for (const c of cases)
    it(`${c.name}: refused, no export checked`, async () => {
      const zip = join(dir, `${c.name}.zip`);
      await writeFile(zip, c.bytes);
      const r = await python([CHECK, zip]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(REFUSED[c.name]!);
      expect(r.stdout).toMatch(/no export was checked/);
    });
});

describe('check.py BUNDLE.zip: never silent on nothing, from any folder', () => {
  const utf8 = new TextEncoder();
  const header = '{"game":"les-3-gongs","stake_cents":50,"seed":42,"generator":"instant-lab-gen/2","units":300000}\n';
  const unit = '{"index":0,"ref":"x","prize_cents":0,"gongs":["fan","fan","tiger"],"bonus_cents":null}\n';

  it('a bundle whose manifest lists no export: said, exit 2, as in the unzipped folder', async () => {
    const b = smallBundle(key, [], (t) => t, [{ name: 'README.md', data: utf8.encode('# R\n') }]);
    const zip = join(dir, 'no-export.zip');
    await writeFile(zip, rawZip(b.entries));
    const r = await python([CHECK, zip]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the manifest lists no exports\/\*\.jsonl: nothing to check\n$/);
    expect(r.stdout).toBe('');
  });

  it('check.py alone in another folder reads the rules held in the zip, never those beside it', async () => {
    const rules = await readFile(join(ROOT, 'resources', 'rules', 'les-3-gongs.json'));
    const b = smallBundle(key, [], (t) => t, [
      { name: 'exports/les-3-gongs-50-42.jsonl', data: utf8.encode(header + unit) },
      { name: 'rules/les-3-gongs.json', data: rules },
    ]);
    const zip = join(dir, 'with-rules.zip');
    await writeFile(zip, rawZip(b.entries));
    const elsewhere = join(dir, 'elsewhere');
    await mkdir(elsewhere, { recursive: true });
    await copyFile(CHECK, join(elsewhere, 'check.py'));
    const r = await python(['check.py', zip], elsewhere);
    // read with the zip's rules: the one unit is checked (a block of one unit, so the levels differ),
    // its reference is wrong, and its digest and Merkle root are not the ones the manifest states
    expect(r.stderr).not.toMatch(/unreadable header or rules/);
    expect(r.stdout).toMatch(
      /^exports\/les-3-gongs-50-42\.jsonl:\nindependent check: 1 units, 3 mismatches, levels differ/,
    );
    expect(r.stderr).toMatch(/the export's units' Merkle root is [0-9a-f]{64}, the manifest states 0{64}/);
    expect(r.code).toBe(1);
  });

  it('without the rules anywhere: one line saying which and what to pass, exit 2', async () => {
    const b = smallBundle(key, [], (t) => t, [
      { name: 'exports/les-3-gongs-50-42.jsonl', data: utf8.encode(header + unit) },
    ]);
    const zip = join(dir, 'no-rules.zip');
    await writeFile(zip, rawZip(b.entries));
    const r = await python(['check.py', zip], join(dir, 'elsewhere'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the bundle holds no rules\/les-3-gongs\.json: pass --rules-dir DIR/);
    expect(r.stderr).not.toMatch(/Traceback/);
  });
});

describe('check.py and a dispute case', () => {
  it("reads no case (nor any PDF): a case holding another unit's PDF is sent to verify-bundle, never said intact", async () => {
    const forged = (await caseBundleCases(key)).find((c) => c.name === 'case-other-units-pdf-resigned')!;
    const zip = join(dir, 'case.zip');
    await writeFile(zip, forged.bytes);
    const r = await python([CHECK, zip]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: the manifest lists no exports\/\*\.jsonl: nothing to check \(a dispute case: check it with `npm run verify-bundle`\)\n$/,
    );
    expect(r.stdout).toBe('');
  }, 60_000);
});

describe('check.py in an unzipped bundle', () => {
  it('checks the folder against the manifest and only the exports it lists; a folder named like an export is no export', async () => {
    const b = smallBundle(key);
    const folder = join(dir, 'unzipped');
    for (const f of b.files) {
      await mkdir(join(folder, f.name, '..'), { recursive: true });
      await writeFile(join(folder, f.name), f.data);
    }
    await writeFile(join(folder, 'manifest.json'), b.manifestText);
    await copyFile(CHECK, join(folder, 'check.py'));
    // what unzip makes of a directory entry that carries data: a folder named like an export
    await mkdir(join(folder, 'exports', 'extra-block.jsonl'));
    await writeFile(join(folder, 'exports', 'added.jsonl'), '{}\n');
    const r = await python(['check.py'], folder);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/Is a directory/);
    expect(r.stderr).toMatch(/exports\/added\.jsonl: in the bundle but not listed in the manifest/);
    expect(r.stderr).toMatch(/check\.py: in the bundle but not listed in the manifest/);
    expect(r.stdout).toMatch(/no export was checked/);
  });

  it('an export line with a key twice is a mismatch of its line, not the last value', async () => {
    const file = join(dir, 'dup.jsonl');
    await writeFile(
      file,
      '{"game":"les-3-gongs","stake_cents":50,"seed":42,"generator":"instant-lab-gen/2","units":300000}\n{"index":0,"prize_cents":600000,"prize_cents":0,"gongs":["fan","fan","tiger"],"bonus_cents":null}\n',
    );
    const r = await python([CHECK, file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /unit 0: line 2 is JSON whose meaning depends on the reader: the key "prize_cents" appears twice/,
    );
  });
});
