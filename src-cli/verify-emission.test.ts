import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignExportLines } from '../src-engine/import/foreign-block.fixture';
import { cli } from './test-support/run-cli';

const sha256 = async (file: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

let dir = '';
/** Two whole Les 3 Gongs blocks of ours (the verifier reads official blocks only), made once. */
let a = '';
let b = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-emission-'));
  a = join(dir, 'gongs-5.jsonl');
  b = join(dir, 'gongs-6.jsonl');
  for (const [file, seed] of [
    [a, '5'],
    [b, '6'],
  ] as const)
    expect((await cli('export', '--game', 'les-3-gongs', '--stake', '1', '--seed', seed, '--out', file)).code).toBe(0);
}, 240_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A folder of its own under the test's folder. */
async function folder(name: string): Promise<string> {
  const d = join(dir, name);
  await mkdir(d);
  return d;
}

describe('verify FOLDER/: an emission judged as one', () => {
  it('verifies every export of the folder in name order, names and skips the rest, finds a block delivered twice, writes one report and one journal entry', async () => {
    const d = await folder('emission');
    const text = await readFile(a, 'utf8');
    await writeFile(join(d, '1-a.jsonl'), text);
    await writeFile(join(d, '2-b.jsonl'), await readFile(b));
    // the same block in other bytes (other line ends)
    await writeFile(join(d, '3-a-crlf.jsonl'), text.replace(/\n/g, '\r\n'));
    await writeFile(join(d, 'notes.txt'), 'delivery notes\n');
    await symlink(a, join(d, 'link.jsonl'));
    execFileSync('mkfifo', [join(d, 'pipe.jsonl')]);
    await mkdir(join(d, 'inner'));
    const report = join(dir, 'emission.html');
    const journal = join(dir, 'journal.jsonl');
    const r = await cli('verify', `${d}/`, '--workers', '2', '--report', report, '--journal', journal);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => l.startsWith('block "')).map((l) => l.split(' | ')[0])).toEqual([
      `block "${d}/1-a.jsonl"`,
      `block "${d}/2-b.jsonl"`,
      `block "${d}/3-a-crlf.jsonl"`,
    ]);
    expect(r.stdout).toContain(`| sha256 ${await sha256(a)} |`);
    expect(r.stdout).toContain(`skipped "${d}/link.jsonl": a symbolic link: not followed`);
    expect(r.stdout).toContain(`skipped "${d}/pipe.jsonl": not a regular file (a named pipe, socket or device)`);
    expect(r.stdout).toContain(`skipped "${d}/notes.txt": not a .jsonl or .csv export`);
    expect(r.stdout).toContain(`skipped "${d}/inner": a folder: folders inside are not read`);
    expect(r.stdout).toContain(
      `block delivered twice: "${d}/3-a-crlf.jsonl" is the same block as "${d}/1-a.jsonl" in other bytes`,
    );
    // the two distinct blocks are laid on one another, the copy is not
    expect(r.stdout).toMatch(
      /^winners laid on one another \(same, shifted or mirrored positions\): 1 pair, Holm at 0.5% over the pairs: no pair more alike than chance allows/m,
    );
    expect(r.stdout).toContain('emission verdict: NOT CONFORMING (1 block delivered twice)');
    expect(r.stdout).toMatch(/^journal: entry 1 appended to /m);
    const html = await readFile(report, 'utf8');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(await sha256(b));
    expect(html).toMatch(/official art\. 3\.2 sha256:[0-9a-f]{64}/);
    const entries = (await readFile(journal, 'utf8')).trimEnd().split('\n');
    expect(entries).toHaveLength(1);
    const entry = JSON.parse(entries[0]!) as {
      kind: string;
      inputs: { files: { sha256: string }[] };
      outputs: { verdict: string; blocks_twice: number; report: string };
    };
    expect(entry.kind).toBe('emission-verified');
    expect(entry.inputs.files.map((f) => f.sha256)).toEqual([await sha256(a), await sha256(b), expect.any(String)]);
    expect(entry.outputs).toMatchObject({ verdict: 'not-conforming', blocks_twice: 1, report });
  }, 240_000);

  it('a block of ours laid again shifted, as a foreign block, is a finding to examine (exit 3), in French with --lang fr', async () => {
    const d = await folder('reused');
    const lines = (await readFile(a, 'utf8')).trimEnd().split('\n');
    const foreign = foreignExportLines(lines);
    const units = foreign.slice(1);
    // the same units, every one moved 1,000 places on (cyclically), renumbered
    const shift = 1000;
    const moved = units.map((_, i) => units[(i - shift + units.length) % units.length]!);
    const renumbered = moved.map((l, i) => l.replace(/^\{"index":\d+,/, `{"index":${i},`));
    await writeFile(join(d, 'a.jsonl'), `${lines.join('\n')}\n`);
    await writeFile(join(d, 'other-maker.jsonl'), `${[foreign[0]!, ...renumbered].join('\n')}\n`);
    const r = await cli('verify', d, '--workers', '2', '--lang', 'fr', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(3);
    const json = JSON.parse(r.stdout) as {
      verdict: string;
      blocks: { verdict: string }[];
      across: { winners_reused: { pairs: number; findings: { mirror: boolean; shift: number; shared: number }[] } };
    };
    expect(json.blocks.map((x) => x.verdict)).toEqual(['conforming', 'conforming']);
    expect(json.verdict).toBe('conforming-with-findings');
    expect(json.across.winners_reused.pairs).toBe(1);
    const [f] = json.across.winners_reused.findings;
    expect(f).toMatchObject({ mirror: false, shift: units.length - shift });
    const text = await cli('verify', d, '--workers', '2', '--lang', 'fr');
    expect(text.stdout).toMatch(/^verdict de l’émission : CONFORME, 1 constat à examiner/m);
    expect(text.stdout).toContain(`"${d}/other-maker.jsonl" décalé de ${units.length - shift}`);
  }, 240_000);

  it('an empty folder, or one with no export, is refused with one message (exit 2)', async () => {
    const empty = await folder('empty');
    const r = await cli('verify', empty);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe(
      `error: folder "${empty}" holds no .jsonl or .csv export (it is empty): give a folder of exports, a list of files, or --manifest FILE.json`,
    );
    const notes = await folder('notes-only');
    await writeFile(join(notes, 'readme.md'), '# notes\n');
    const n = await cli('verify', notes, '--lang', 'fr');
    expect(n.code).toBe(2);
    expect(n.stderr.trim()).toBe(
      `erreur : le dossier "${notes}" ne contient aucun export .jsonl ou .csv (1 autre entrée ignorée : "${notes}/readme.md") : donnez un dossier d’exports, une liste de fichiers, ou --manifest FICHIER.json`,
    );
  });
});

describe('verify --manifest: the supplier’s list of files', () => {
  it('names a listed file missing, a file of other bytes and a seed other than its header’s; the emission is not conforming', async () => {
    const d = await folder('manifest');
    await writeFile(join(d, 'a.jsonl'), await readFile(a));
    await writeFile(join(d, 'b.jsonl'), await readFile(b));
    const manifest = join(d, 'emission.json');
    await writeFile(
      manifest,
      JSON.stringify({
        format: 'instant-lab-emission/1',
        emission: 'EM-2026-12',
        files: [
          { file: 'a.jsonl', sha256: await sha256(a), seed: 5 },
          { file: 'b.jsonl', sha256: '0'.repeat(64), seed: 7 },
          { file: 'gone.jsonl', sha256: '1'.repeat(64), seed: 8 },
        ],
      }),
    );
    const report = join(dir, 'manifest.csv');
    const r = await cli('verify', '--manifest', manifest, '--workers', '2', '--report', report);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`emission: "EM-2026-12" (manifest "${manifest}"): 2 files verified`);
    expect(r.stdout).toMatch(new RegExp(`^missing "${d}/gone\\.jsonl": cannot read .*`, 'm'));
    expect(r.stdout).toContain(
      `not the file the manifest lists: its SHA-256 is ${await sha256(b)}, the manifest says ${'0'.repeat(64)}`,
    );
    expect(r.stdout).toContain(`declared seed: the manifest declares seed 7 for "${d}/b.jsonl", its header says 6`);
    expect(r.stdout).toContain(
      'emission verdict: NOT CONFORMING (1 file missing; 1 file other than the manifest lists; 1 seed other than the manifest declares)',
    );
    const csv = (await readFile(report, 'utf8')).trimEnd().split('\n');
    expect(csv[0]).toBe(
      'emission,emission_verdict,file,sha256,bytes,game,stake_cents,generator,seed,declared_seed,verdict,discrepancies,placement,same_block_as,problem',
    );
    expect(csv).toHaveLength(4);
    expect(csv[3]).toMatch(/^EM-2026-12,not-conforming,.*gone\.jsonl,.*,missing,/);
  }, 240_000);

  it('a manifest with an unknown field, a path out of its folder or a key twice is refused naming it (exit 2)', async () => {
    const d = await folder('bad-manifest');
    const m = join(d, 'm.json');
    const cases: [string, string][] = [
      [
        '{"format":"instant-lab-emission/1","emission":"E","files":[{"file":"a.jsonl","sha256":"' +
          'a'.repeat(64) +
          '","size":3}]}',
        'field "files[0].size" is unknown',
      ],
      [
        '{"format":"instant-lab-emission/1","emission":"E","files":[{"file":"../a.jsonl","sha256":"' +
          'a'.repeat(64) +
          '"}]}',
        'field "files[0].file": expected a path relative to the manifest\'s folder, without ".."',
      ],
      ['{"format":"instant-lab-emission/1","emission":"E","emission":"F","files":[]}', 'not JSON read one way only'],
    ];
    for (const [text, says] of cases) {
      await writeFile(m, text);
      const r = await cli('verify', '--manifest', m);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--manifest "${m}" is refused: ${says}`);
    }
  });
});
