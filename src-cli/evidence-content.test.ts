/**
 * An evidence bundle is checked for what its exports say, not only their sizes and hashes: a
 * forger who changes an export or the manifest's claims, then lists the new hashes and signs the
 * manifest again with the operator's key, passes every hash and the signature; only the content
 * check catches it, naming the export (or the report, or the printed report).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import {
  MANIFEST,
  PDF_PATH,
  SIGNATURE,
  bytesSource,
  checkBundle,
  officialBlock,
  parseSecretKey,
  sign,
  writeEvidenceBundle,
} from '@engine';
import type { Manifest } from '../src-engine/evidence/manifest';
import type { AuditReport } from '../src-engine/report/audit-report';
import { readReportPdfTag, tagReportPdf } from '../src-engine/evidence/report-pdf';
import { nodeSha256 } from './evidence/file-source';
import { python } from './test-support/independent-check';
import { ROOT, cli } from './test-support/run-cli';

const EXPORT = 'exports/les-3-gongs-50-42.jsonl';
let dir = '';
let files: Record<string, Uint8Array> = {};
let keyText = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-evidence-content-'));
  const key = join(dir, 'operator.key');
  expect((await cli('keygen', '--out', key)).code).toBe(0);
  keyText = await readFile(key, 'utf8');
  const bundle = join(dir, 'bundle.zip');
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
    '--out',
    bundle,
  );
  expect(r.code, r.stderr).toBe(0);
  files = unzipSync(new Uint8Array(await readFile(bundle)));
}, 240_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const text = (b: Uint8Array): string => new TextDecoder().decode(b);
const bytes = (t: string): Uint8Array => new TextEncoder().encode(t);

/**
 * Each file's SHA-256, hex, computed once per bytes: the bundle's unchanged 300,000-unit export is
 * hashed once, not per forgery; by Node's native hash (a sixth of the JavaScript one's time on its
 * 37 MB): the test only lists the hashes, the checker computes its own.
 */
const hashes = new WeakMap<Uint8Array, string>();
function hashOf(b: Uint8Array): string {
  let h = hashes.get(b);
  if (h === undefined) hashes.set(b, (h = nodeSha256().update(b).digest('hex')));
  return h;
}

/** The bundle with `changed` files and the manifest `claims` rewrites, every hash listed anew and signed again. */
function forged(changed: Record<string, Uint8Array>, claims: (m: Manifest) => Manifest = (m) => m): Uint8Array {
  const all = { ...files, ...changed };
  const m = claims(JSON.parse(text(files[MANIFEST]!)) as Manifest);
  const manifest = {
    ...m,
    files: m.files.map((f) => ({ ...f, sha256: hashOf(all[f.path]!), bytes: all[f.path]!.length })),
  };
  const manifestText = bytes(`${JSON.stringify(manifest, null, 2)}\n`);
  const signature = bytes(`${sign(manifestText, parseSecretKey(keyText, 'operator.key'))}\n`);
  return zipSync({ ...all, [MANIFEST]: manifestText, [SIGNATURE]: signature }, { level: 0 });
}

describe('verify-bundle checks what each export of an evidence bundle says', () => {
  it('the bundle as made holds what its manifest claims: intact', async () => {
    const c = await checkBundle(bytesSource(forged({})), null, nodeSha256);
    expect(c.failures).toEqual([]);
  });

  it('an export whose header names another seed, hashes listed and signed again: FAILED naming the export', async () => {
    const t = text(files[EXPORT]!);
    const header = t.slice(0, t.indexOf('\n'));
    const other = bytes(t.replace(header, header.replace('"seed":42,', '"seed":43,')));
    const path = join(dir, 'other-seed.zip');
    await writeFile(path, forged({ [EXPORT]: other }));
    const r = await cli('verify-bundle', path);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^verdict: FAILED \(1 problem\)$/m);
    expect(r.stdout).toContain(
      `  - ${EXPORT}: its header names seed 43, the manifest seed 42: the export does not hold what the manifest claims of it`,
    );
  }, 60_000);

  it('a manifest that states another digest and Merkle root than the export re-derives: FAILED naming the export', async () => {
    const c = await checkBundle(
      bytesSource(
        forged({}, (m) => ({
          ...m,
          blocks: m.blocks.map((b) => ({ ...b, digest: 'ab'.repeat(32), merkleRoot: 'cd'.repeat(32) })),
        })),
      ),
      null,
      nodeSha256,
    );
    const real = (JSON.parse(text(files[MANIFEST]!)) as Manifest).blocks[0]!;
    expect(c.ok).toBe(false);
    expect(c.failures).toEqual([
      // the report, true to the exports, no longer agrees with the manifest
      'report/audit-report.json: block 1 (seed 42): its digest or Merkle root is not the one its export re-derives: the report is not the audit of the blocks the bundle holds',
      `${EXPORT}: its units' digest is ${real.digest}, the manifest states ${'ab'.repeat(32)}: the export does not hold what the manifest claims of it`,
      `${EXPORT}: its units' Merkle root is ${real.merkleRoot}, the manifest states ${'cd'.repeat(32)}: the export does not hold what the manifest claims of it`,
    ]);
  }, 60_000);

  it('an export with one unit changed, its lot kept consistent: its digest no longer the stated one', async () => {
    const t = text(files[EXPORT]!);
    // a losing unit that shows three different gongs becomes another losing unit, gongs in another order
    const line = t
      .split('\n')
      .find((l) => /"prize_cents":0,"gongs":\["(\w+)","(\w+)","(\w+)"\],"bonus_cents":null/.test(l))!;
    const g = /"gongs":\["(\w+)","(\w+)","(\w+)"\]/.exec(line)!;
    const swapped = line.replace(g[0], `"gongs":["${g[2]}","${g[1]}","${g[3]}"]`);
    expect(swapped).not.toBe(line);
    const c = await checkBundle(bytesSource(forged({ [EXPORT]: bytes(t.replace(line, swapped)) })), null, nodeSha256);
    expect(c.failures.join('\n')).toMatch(
      new RegExp(`^${EXPORT}: its units' digest is [0-9a-f]{64}, the manifest states`),
    );
  }, 60_000);

  it('an audit report of other blocks, signed again: FAILED naming the report', async () => {
    const REPORT = 'report/audit-report.json';
    const report = JSON.parse(text(files[REPORT]!)) as {
      identity: { generator: string; seeds: number[] };
      blocks: { integrity: { digest: string } }[];
    };
    const other = { ...report, identity: { ...report.identity, generator: 'instant-lab-gen/1', seeds: [43] } };
    const c = await checkBundle(bytesSource(forged({ [REPORT]: bytes(JSON.stringify(other)) })), null, nodeSha256);
    expect(c.failures).toEqual([
      `${REPORT}: its generator "instant-lab-gen/1", the manifest's "instant-lab-gen/2"; its seeds [43], the manifest's [42]: the report is not the audit of the blocks the bundle holds`,
    ]);
    const digest = structuredClone(report);
    digest.blocks[0]!.integrity.digest = 'ab'.repeat(32);
    const d = await checkBundle(bytesSource(forged({ [REPORT]: bytes(JSON.stringify(digest)) })), null, nodeSha256);
    expect(d.failures).toEqual([
      `${REPORT}: block 1 (seed 42): its digest or Merkle root is not the one its export re-derives: the report is not the audit of the blocks the bundle holds`,
    ]);
  }, 60_000);

  it('check.py BUNDLE.zip re-derives the same digests and fails a manifest that states others', async () => {
    const zip = join(dir, 'other-digest.zip');
    await writeFile(
      zip,
      forged({}, (m) => ({ ...m, blocks: m.blocks.map((b) => ({ ...b, digest: 'ab'.repeat(32) })) })),
    );
    const r = await python([join(ROOT, 'scripts', 'independent_check.py'), zip], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^the export's units' digest is [0-9a-f]{64}, the manifest states ${'ab'.repeat(32)}: the export does not hold what the manifest claims of it$`,
        'm',
      ),
    );
    expect(r.stderr).not.toMatch(/Merkle root/);
  }, 400_000);
});

describe('verify-bundle checks that the printed report is the report the bundle holds', () => {
  const REPORT = 'report/audit-report.json';
  /** A one-page PDF standing for what Chromium prints. */
  const printed = async (): Promise<Uint8Array> => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage([595, 842]).drawText('Rapport', { x: 50, y: 800 });
    return doc.save();
  };
  /** The bundle with `pdf` listed as its printed report, hashes listed anew and signed again. */
  const withPdf = (pdf: Uint8Array): Uint8Array =>
    forged({ [PDF_PATH]: pdf }, (m) => ({ ...m, files: [...m.files, { path: PDF_PATH, sha256: '', bytes: 0 }] }));
  const own = () => ({
    sha256: hashOf(files[REPORT]!),
    game: 'les-3-gongs',
    stakeCents: 50,
    seeds: [42],
  });

  it("the desktop's bundle (a printed PDF given to the builder) holds the PDF tagged with its report: intact", async () => {
    const report = JSON.parse(text(files[REPORT]!)) as AuditReport;
    const digests = JSON.parse(text(files['digests/les-3-gongs-50-42.json']!)) as { segmentDigests: string[] };
    const parts: Uint8Array[] = [];
    await writeEvidenceBundle(
      {
        report,
        specs: [officialBlock('les-3-gongs', 50, 42)],
        segmentDigests: [digests.segmentDigests],
        lang: 'en',
        appVersion: report.identity.appVersion,
        created: new Date(report.identity.runAt),
        key: parseSecretKey(keyText, 'operator.key'),
        ruleFiles: {
          'mine-d-or.json': files['rules/mine-d-or.json']!,
          'les-3-gongs.json': files['rules/les-3-gongs.json']!,
          'legal-bands.json': files['rules/legal-bands.json']!,
        },
        checkPy: files['check.py']!,
        pdf: { bytes: await printed() },
      },
      (c) => void parts.push(c.slice()),
    );
    const zip = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (zip.set(p, at), at + p.length), 0);
    const c = await checkBundle(bytesSource(zip), null, nodeSha256);
    expect([c.ok, c.failures, c.notes]).toEqual([true, [], []]);
    expect(await readReportPdfTag(unzipSync(zip)[PDF_PATH]!)).toEqual({ ok: true, tag: own() });
  }, 120_000);

  it("another report's printed PDF, listed and signed again: FAILED naming the PDF", async () => {
    const other = { ...own(), seeds: [43], sha256: 'cd'.repeat(32) };
    const path = join(dir, 'other-pdf.zip');
    await writeFile(path, withPdf(await tagReportPdf(await printed(), other)));
    const r = await cli('verify-bundle', path);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^verdict: FAILED \(1 problem\)$/m);
    expect(r.stdout).toContain(
      `  - ${PDF_PATH}: prints the report of les-3-gongs, 50 cents, seeds 43 (sha256 ${'cd'.repeat(32)}), while ${REPORT} is of les-3-gongs, 50 cents, seeds 42 (sha256 ${own().sha256}): the PDF is not the printed report of this bundle`,
    );
    const mine = await checkBundle(bytesSource(withPdf(await tagReportPdf(await printed(), own()))), null, nodeSha256);
    expect([mine.ok, mine.notes]).toEqual([true, []]);
  }, 60_000);

  it('a PDF with no tag (a bundle made before it was written): INTACT, with a note in the language asked', async () => {
    const path = join(dir, 'untagged-pdf.zip');
    await writeFile(path, withPdf(await printed()));
    const en = await cli('verify-bundle', path);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain(
      `note: ${PDF_PATH}: the PDF carries no tag of its report (a bundle made before the tag was written): only its hash and signature tie it`,
    );
    const fr = await cli('verify-bundle', path, '--lang', 'fr');
    expect(fr.code).toBe(0);
    expect(fr.stdout).toContain(`remarque : ${PDF_PATH} : le PDF ne porte pas l'identité de son rapport`);
    expect(fr.stdout).not.toContain('note:');
  }, 60_000);
});
