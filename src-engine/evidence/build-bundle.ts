/**
 * Builds an evidence bundle — the same files, in the same layout, whether the command
 * line (`npm run evidence`) or the compliance screen (in a Web Worker) makes it: the audit report
 * (HTML, JSON, and the PDF when the desktop printed one, tagged with the report it prints), each block's export (JSONL, deflated),
 * each block's segment digests, digest and Merkle root (R1), the rules data and legal bands, the
 * generator version, check.py, a README for the regulator, and the manifest of every file's
 * SHA-256, optionally signed with Ed25519.
 */
import type { BlockSpec } from '../block/spec';
import { iterateUnits } from '../block/iterate-units';
import { jsonlHeader, jsonlUnit } from '../export/unit-lines';
import { RefWriter } from '../ref/unit-ref';
import type { AuditReport } from '../report/audit-report';
import { auditReportHtml } from '../report/report-html';
import type { Lang } from '../format/numbers';
import { BundleZip } from './bundle-zip';
import type { ZipSink } from './bundle-zip';
import { MANIFEST, MANIFEST_KIND, SIGNATURE } from './manifest';
import type { Manifest } from './manifest';
import { PDF_PATH, bundleReadme } from './readme';
import type { BundlePdf } from './readme';
import { REPORT_JSON } from './report-content';
import { tagReportPdf } from './report-pdf';
import { fingerprint, sign } from './signing';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { JOURNAL_EXCERPT_PATH } from '../journal/excerpt';
import type { KeyPair } from './signing';

/** Units generated at a time for an export inside the bundle. */
const CHUNK = 10_000;
/** The rules files every bundle holds, from resources/rules. */
export const RULE_FILES = ['mine-d-or.json', 'les-3-gongs.json', 'legal-bands.json'] as const;

/** The export file name of a block inside the bundle, from its game, stake and seed. */
export const exportPath = (game: string, stakeCents: number, seed: number): string =>
  `exports/${game}-${stakeCents}-${seed}.jsonl`;

/** The export file name of a block inside the bundle. */
export const exportName = (spec: BlockSpec): string => exportPath(spec.game, spec.stakeCents, spec.seed);

export interface EvidenceInput {
  /** The audit report of `specs`, in order. */
  readonly report: AuditReport;
  readonly specs: readonly BlockSpec[];
  /** Each block's segment digests (hex), in order, as its run computed them (R1). */
  readonly segmentDigests: readonly (readonly string[])[];
  readonly lang: Lang;
  readonly appVersion: string;
  readonly created: Date;
  readonly key: KeyPair | null;
  /** The files of resources/rules named in {@link RULE_FILES}, as they are on disk. */
  readonly ruleFiles: Readonly<Record<(typeof RULE_FILES)[number], string | Uint8Array>>;
  /** scripts/independent_check.py, as it is on disk. */
  readonly checkPy: string | Uint8Array;
  readonly pdf: BundlePdf;
  /**
   * The lines of the journal entries that concern these blocks ({@link journalExcerpt}), when a
   * journal was given: held as `journal/entries.jsonl`, listed and signed like every file.
   */
  readonly journalEntries?: string;
  /** Units written so far, of all blocks. */
  readonly onProgress?: (unitsDone: number, unitsTotal: number) => void;
}

export interface EvidenceSummary {
  /** The files the manifest lists: the count `verify-bundle` checks. */
  readonly files: number;
  readonly signer: { readonly publicKey: string; readonly fingerprint: string } | null;
  readonly manifest: Manifest;
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** Writes the whole bundle to `sink`, file by file. */
export async function writeEvidenceBundle(input: EvidenceInput, sink: ZipSink): Promise<EvidenceSummary> {
  const { report, specs, key } = input;
  const first = specs[0];
  if (!first || specs.length !== report.blocks.length || input.segmentDigests.length !== specs.length)
    throw new RangeError('an evidence bundle needs one spec and one list of segment digests per block of its report');
  const zip = new BundleZip(sink, input.created);
  const signer = key ? { publicKey: hex(key.publicKey), fingerprint: fingerprint(key.publicKey) } : null;
  await zip.add(
    'report/audit-report.html',
    auditReportHtml(report, input.lang, signer ? { signerFingerprint: signer.fingerprint } : {}),
  );
  const reportJson = new TextEncoder().encode(`${JSON.stringify(report, null, 2)}\n`);
  await zip.add(REPORT_JSON, reportJson);
  // the printed report names the report it prints, which verify-bundle compares (report-pdf.ts)
  if ('bytes' in input.pdf)
    await zip.add(
      PDF_PATH,
      await tagReportPdf(input.pdf.bytes, {
        sha256: bytesToHex(sha256(reportJson)),
        game: first.game,
        stakeCents: first.stakeCents,
        seeds: specs.map((s) => s.seed),
      }),
    );
  const total = specs.reduce((s, x) => s + x.table.blockUnits, 0);
  let done = 0;
  for (const [k, spec] of specs.entries()) {
    const b = report.blocks[k]!;
    await zip.add(
      `digests/${spec.game}-${spec.stakeCents}-${spec.seed}.json`,
      `${JSON.stringify({ seed: spec.seed, digest: b.integrity.digest, merkleRoot: b.integrity.merkleRoot, segmentUnits: b.integrity.segmentUnits, segmentDigests: input.segmentDigests[k] }, null, 2)}\n`,
    );
    const f = zip.open(exportName(spec));
    // an official block's references (R3) by its fast writer: refOf's text, its fixed parts made once
    const refs = new RefWriter(spec);
    await f.push(`${jsonlHeader(spec)}\n`);
    for (let from = 0; from < spec.table.blockUnits; from += CHUNK) {
      const to = Math.min(spec.table.blockUnits, from + CHUNK);
      const lines: string[] = [];
      iterateUnits(spec, from, to, (i, prize, view) => lines.push(jsonlUnit(i, refs.ref(i), prize, view)));
      await f.push(`${lines.join('\n')}\n`);
      done += to - from;
      input.onProgress?.(done, total);
    }
    await f.end();
  }
  for (const name of RULE_FILES) await zip.add(`rules/${name}`, input.ruleFiles[name]);
  await zip.add(
    'generator.json',
    `${JSON.stringify({ generator: report.identity.generator, generatorVersion: first.generatorVersion, appVersion: input.appVersion }, null, 2)}\n`,
  );
  await zip.add('check.py', input.checkPy);
  if (input.journalEntries !== undefined) await zip.add(JOURNAL_EXCERPT_PATH, input.journalEntries);
  const digests = specs.map((spec, k) => ({
    export: exportName(spec),
    seed: spec.seed,
    digest: report.blocks[k]!.integrity.digest,
  }));
  await zip.add(
    'README.md',
    bundleReadme(report, digests, signer, input.pdf, input.lang, input.journalEntries !== undefined),
  );
  const manifest: Manifest = {
    kind: MANIFEST_KIND,
    version: 1,
    created: input.created.toISOString(),
    game: first.game,
    stakeCents: first.stakeCents,
    seeds: specs.map((s) => s.seed),
    generator: report.identity.generator,
    appVersion: input.appVersion,
    blocks: report.blocks.map((b) => ({
      seed: b.seed,
      digest: b.integrity.digest,
      merkleRoot: b.integrity.merkleRoot,
    })),
    signer,
    files: [...zip.entries],
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  await zip.add(MANIFEST, manifestText);
  if (key) await zip.add(SIGNATURE, `${sign(new TextEncoder().encode(manifestText), key)}\n`);
  await zip.end();
  // the files the manifest lists, as `verify-bundle` counts them (the manifest and signature come on top)
  return { files: manifest.files.length, signer, manifest };
}
