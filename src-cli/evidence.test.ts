import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST, SIGNATURE, bytesSource, checkBundle, parseManifest } from '@engine';
import { nodeSha256 } from './evidence/file-source';
import { cli } from './test-support/run-cli';

const ROOT = join(import.meta.dirname, '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], cwd = ROOT): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dir = '';
let bundle = '';
let key = '';
/** What `evidence` printed. */
let wrote = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-evidence-'));
  key = join(dir, 'operator.key');
  const k = await cli('keygen', '--out', key);
  expect(k.code, k.stderr).toBe(0);
  bundle = join(dir, 'bundle.zip');
  const r = await cli(
    'evidence',
    '--game',
    'les-3-gongs',
    '--stake',
    '0.5',
    '--seed',
    '42',
    '--sign',
    key,
    // no --lang: every command speaks English unless asked (its README too)
    '--out',
    bundle,
  );
  expect(r.code, r.stderr).toBe(0);
  wrote = r.stdout;
}, 240_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('keygen', () => {
  it('writes the private key readable by its owner only, and the public key beside it', async () => {
    expect((await stat(key)).mode & 0o777).toBe(0o600);
    const pub = JSON.parse(await readFile(`${key}.pub`, 'utf8')) as { publicKey: string; fingerprint: string };
    expect(pub.publicKey).toMatch(/^[0-9a-f]{64}$/);
    const again = await cli('keygen', '--out', key);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists: add --force/);
  });
});

describe('evidence bundle + verify-bundle', () => {
  it('a signed bundle verifies, pinned to its public key, and says what it proves and what not', async () => {
    const r = await cli('verify-bundle', bundle, '--pub', `${key}.pub`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/verdict: INTACT \(\d+ files, signature valid\)/);
    // the count `evidence` gives is the one `verify-bundle` checks (the files the manifest lists)
    const counted = /verdict: INTACT \((\d+) files/.exec(r.stdout)![1];
    expect(wrote).toContain(`, ${counted} files, signed by key`);
    expect(wrote).not.toMatch(/écrit|fichiers|signé/);
    expect(r.stdout).toContain('What this proves:');
    expect(r.stdout).toContain('What it does not prove:');
  });

  it('changing one byte of any file, or the signature, fails naming that file', async () => {
    const files = unzipSync(new Uint8Array(await readFile(bundle)));
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        'report/audit-report.html',
        'report/audit-report.json',
        'exports/les-3-gongs-50-42.jsonl',
        'digests/les-3-gongs-50-42.json',
        'rules/les-3-gongs.json',
        'rules/legal-bands.json',
        'generator.json',
        'check.py',
        'README.md',
        MANIFEST,
        SIGNATURE,
      ]),
    );
    for (const name of names) {
      const altered = { ...files, [name]: Uint8Array.from(files[name]!) };
      const b = altered[name]!;
      const at = Math.floor(b.length / 2);
      b[at] = b[at]! ^ 0x01;
      const c = await checkBundle(bytesSource(zipSync(altered, { level: 0 })), null, nodeSha256);
      expect(c.ok, name).toBe(false);
      // each failure starts with the file(s) it is about: « name: … » or « manifest.json or manifest.sig: … »
      const named = c.failures.some((f) => f.split(': ')[0]!.split(' or ').includes(name));
      expect(named, `${name}: ${c.failures.join(' / ')}`).toBe(true);
    }
    // a file added that the manifest does not list
    const extra = await checkBundle(
      bytesSource(zipSync({ ...files, 'extra.txt': new Uint8Array([1]) }, { level: 0 })),
      null,
      nodeSha256,
    );
    expect(extra.failures).toEqual(['extra.txt: in the bundle but not listed in the manifest']);
    // a bound, not a timing: it re-zips a 300,000-unit bundle once per file, minutes on a loaded 2-core machine
  }, 240_000);

  it('python3 check.py in the unzipped folder re-derives every block and prints the digests of the report', async () => {
    const files = unzipSync(new Uint8Array(await readFile(bundle)));
    const out = join(dir, 'unzipped');
    for (const [name, data] of Object.entries(files)) {
      await mkdir(dirname(join(out, name)), { recursive: true });
      await writeFile(join(out, name), data);
    }
    const r = await run('python3', ['check.py'], out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const manifest = parseManifest(new TextDecoder().decode(files[MANIFEST]!))!;
    const report = JSON.parse(new TextDecoder().decode(files['report/audit-report.json']!)) as {
      blocks: { digest?: string }[];
    };
    expect(manifest.blocks).toHaveLength(1);
    expect(r.stdout).toContain(
      `independent check: 300000 units, 0 mismatches, levels ok, digest ${manifest.blocks[0]!.digest}`,
    );
    expect(JSON.stringify(report)).toContain(manifest.blocks[0]!.digest);
    // the printable report names the signing key's fingerprint, the one keygen printed
    const pub = JSON.parse(await readFile(`${key}.pub`, 'utf8')) as { fingerprint: string };
    expect(manifest.signer?.fingerprint).toBe(pub.fingerprint);
    expect(new TextDecoder().decode(files['report/audit-report.html']!)).toContain(pub.fingerprint);
    // a bound, not a timing: 300,000 units re-derived in Python with every JSON object read one way only, on a loaded machine
  }, 400_000);
});
