/**
 * Hostile dispute cases for `bundles.test.ts`: an honest case, and the same case holding another
 * unit's PDF with its manifest re-listed (the PDF's SHA-256 and size recomputed) and signed again
 * by the same key — every file and the signature check, only the PDF's pages do not say what the
 * case records. Made of a small block (Les 3 Gongs at 0.50 €: 300,000 units) the checker rebuilds.
 */
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { officialBlock } from '../../src-engine/block/spec';
import { disputeCaseBytes } from '../../src-engine/dispute/build-case';
import type { CaseInput } from '../../src-engine/dispute/build-case';
import { CASE_PDF } from '../../src-engine/dispute/case-files';
import { caseFonts } from '../../src-engine/dispute/case-fonts.fixture';
import { rebuildInThread } from '../../src-engine/dispute/check-case';
import { MANIFEST, SIGNATURE, readManifest } from '../../src-engine/evidence/manifest';
import { sign } from '../../src-engine/evidence/signing';
import type { KeyPair } from '../../src-engine/evidence/signing';
import { formatUnitRef, refOfBlock } from '../../src-engine/ref/unit-ref';
import type { BundleCase } from './bundles';
import { rawZip } from './raw-zip.fixture';

/** The honest case of unit 29 and the forgery holding unit 30's PDF, both signed by `key`. */
export async function caseBundleCases(key: KeyPair): Promise<BundleCase[]> {
  const spec = officialBlock('les-3-gongs', 50, 7);
  const ref = (index: number): string => formatUnitRef(refOfBlock(spec, index));
  const input: CaseInput = {
    ref: ref(29),
    claim: 'Le joueur dit avoir vu trois yin yang et 30 € au Bonus.',
    conclusion: 'Le rejeu montre un Bonus de 3,00 €.',
    lang: 'fr',
    appVersion: '0.1.0',
    opened: new Date('2026-12-01T10:00:00Z'),
    key,
    segmentDigests: await rebuildInThread.block(spec),
    png: null,
    fonts: caseFonts,
  };
  const honest = (await disputeCaseBytes(input)).zip;
  const other = unzipSync((await disputeCaseBytes({ ...input, ref: ref(30) })).zip)[CASE_PDF]!;
  const files = unzipSync(honest);
  const read = readManifest(strFromU8(files[MANIFEST]!));
  if (!read.ok) throw new Error(read.why);
  const listed = read.manifest.files.map((f) =>
    f.path === CASE_PDF ? { ...f, sha256: bytesToHex(sha256(other)), bytes: other.length } : f,
  );
  const manifestText = `${JSON.stringify({ ...read.manifest, files: listed }, null, 2)}\n`;
  const forged = rawZip([
    ...read.manifest.files.map((f) => ({ name: f.path, data: f.path === CASE_PDF ? other : files[f.path]! })),
    { name: MANIFEST, data: strToU8(manifestText) },
    { name: SIGNATURE, data: strToU8(`${sign(strToU8(manifestText), key)}\n`) },
  ]);
  // a case's check rebuilds its block in worker threads and its PDF with its fonts: about 215 MB at peak
  const maxRssMb = 300;
  const pdf = CASE_PDF.replace(/[./]/g, '\\$&');
  return [
    { name: 'case-intact', bytes: honest, exit: 0, says: /^verdict: INTACT dispute case/m, maxRssMb },
    {
      name: 'case-other-units-pdf-resigned',
      bytes: forged,
      exit: 1,
      maxRssMb,
      says: new RegExp(
        `${pdf}: not the PDF that case\\.json.*it shows unit ${ref(30)}, while case\\.json records unit ${ref(29)}`,
      ),
    },
  ];
}
