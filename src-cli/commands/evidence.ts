/**
 * `evidence`: a zip a regulator can check without this application (issue 13): the audit report
 * (HTML and JSON), each block's export (JSONL, deflated), each block's segment digests, digest and
 * Merkle root (R1), the rules data and legal bands used, the generator version, the independent
 * Python checker as check.py (standard library only), a README, and a manifest of every file's
 * SHA-256, optionally signed with Ed25519 (`--sign KEYFILE`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  generatorId,
  auditReportHtml,
  buildAuditReport,
  iterateUnits,
  jsonlHeader,
  jsonlUnit,
  refOf,
} from '../../src-engine/index';
import type { BlockSpec } from '../../src-engine/index';
import { version } from '../../package.json';
import { AtomicWriter } from '../atomic-file';
import { parseFlags } from '../args';
import { BLOCK_RUN_OPTIONS, parseBlockRun } from '../block-args';
import { UsageError } from '../errors';
import { RangePool } from '../pool';
import { BundleWriter } from '../evidence/bundle-writer';
import { MANIFEST, MANIFEST_KIND, SIGNATURE } from '../evidence/manifest';
import type { Manifest } from '../evidence/manifest';
import { bundleReadme } from '../evidence/readme';
import { fingerprint, readSecretKey, sign } from '../evidence/signing';
import { runBlockWithLevels } from './audit';

export const EVIDENCE_USAGE =
  'evidence --game mine-d-or|les-3-gongs --stake 0.5|1|2 --seed S [--blocks K] [--workers W] [--lang fr|en] [--sign KEYFILE] --out bundle.zip [--force]';

/** The project's root: this file runs from src-cli/commands (tsx) or out/cli (bundle), two levels down. */
const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const RULE_FILES = ['mine-d-or.json', 'les-3-gongs.json', 'legal-bands.json'];
const CHUNK = 10_000;

/** The export file name of a block inside the bundle. */
export const exportName = (spec: BlockSpec): string => `exports/${spec.game}-${spec.stakeCents}-${spec.seed}.jsonl`;

export async function evidenceCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    ...BLOCK_RUN_OPTIONS,
    lang: { type: 'string' },
    sign: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean', default: false },
  });
  if (values.out === undefined) throw new UsageError(`--out is required: ${EVIDENCE_USAGE}`);
  if (!values.out.toLowerCase().endsWith('.zip')) throw new UsageError(`--out "${values.out}" must end in .zip`);
  if (values.table !== undefined)
    throw new UsageError('--table is not accepted: a bundle holds official blocks only (references name them, R3)');
  const lang = values.lang ?? 'fr';
  if (lang !== 'fr' && lang !== 'en') throw new UsageError(`--lang "${lang}" is not valid: expected fr or en`);
  const run = await parseBlockRun(values, EVIDENCE_USAGE, 10, true);
  const key = values.sign !== undefined ? await readSecretKey(values.sign) : null;
  const specs = Array.from({ length: run.blocks }, (_, k) => run.specFor(run.seed + k));
  const runAt = new Date();
  const out = await AtomicWriter.open(values.out, { force: values.force });
  const zip = new BundleWriter(out, runAt);
  const pool = new RangePool(run.workers);
  try {
    await pool.ready;
    const sections: Awaited<ReturnType<typeof runBlockWithLevels>>[] = [];
    for (const spec of specs) sections.push(await runBlockWithLevels(pool, spec));
    const report = buildAuditReport(specs[0]!.table, sections, { appVersion: version, runAt });
    const signer = key
      ? { publicKey: Buffer.from(key.publicKey).toString('hex'), fingerprint: fingerprint(key.publicKey) }
      : null;
    await zip.add(
      'report/audit-report.html',
      auditReportHtml(report, lang, signer ? { signerFingerprint: signer.fingerprint } : {}),
    );
    await zip.add('report/audit-report.json', `${JSON.stringify(report, null, 2)}\n`);
    for (const [k, spec] of specs.entries()) {
      const r = sections[k]!.result;
      await zip.add(
        `digests/${spec.game}-${spec.stakeCents}-${spec.seed}.json`,
        `${JSON.stringify({ seed: spec.seed, digest: r.digest, merkleRoot: r.merkleRoot, segmentUnits: CHUNK, segmentDigests: r.segmentDigests }, null, 2)}\n`,
      );
      const f = zip.open(exportName(spec));
      await f.push(`${jsonlHeader(spec)}\n`);
      for (let from = 0; from < spec.table.blockUnits; from += CHUNK) {
        const lines: string[] = [];
        iterateUnits(spec, from, Math.min(spec.table.blockUnits, from + CHUNK), (i, prize, view) =>
          lines.push(jsonlUnit(i, refOf(spec, i), prize, view)),
        );
        await f.push(`${lines.join('\n')}\n`);
      }
      await f.end();
      if (process.stderr.isTTY) process.stderr.write(`\rblock ${k + 1}/${specs.length}`);
    }
    for (const name of RULE_FILES)
      await zip.add(`rules/${name}`, await readFile(join(ROOT, 'resources', 'rules', name)));
    await zip.add(
      'generator.json',
      `${JSON.stringify({ generator: generatorId(specs[0]!.generatorVersion), generatorVersion: specs[0]!.generatorVersion, appVersion: version }, null, 2)}\n`,
    );
    await zip.add('check.py', await readFile(join(ROOT, 'scripts', 'independent_check.py')));
    const digests = specs.map((spec, k) => ({
      export: exportName(spec),
      seed: spec.seed,
      digest: sections[k]!.result.digest,
    }));
    await zip.add('README.md', bundleReadme(report, digests, signer));
    const manifest: Manifest = {
      kind: MANIFEST_KIND,
      version: 1,
      created: runAt.toISOString(),
      game: specs[0]!.game,
      stakeCents: specs[0]!.stakeCents,
      seeds: specs.map((s) => s.seed),
      generator: generatorId(specs[0]!.generatorVersion),
      appVersion: version,
      blocks: sections.map((s) => ({ seed: s.result.seed, digest: s.result.digest, merkleRoot: s.result.merkleRoot })),
      signer,
      files: [...zip.entries],
    };
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
    await zip.add(MANIFEST, manifestText);
    if (key) await zip.add(SIGNATURE, `${sign(new TextEncoder().encode(manifestText), key)}\n`);
    await zip.end();
    await out.commit();
  } catch (e) {
    await out.abort();
    throw e;
  } finally {
    await pool.close();
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  process.stdout.write(
    `Wrote ${values.out}: ${specs.length} block(s), ${zip.entries.length} files${key ? `, signed by key ${fingerprint(key.publicKey)}` : ', not signed'}\n`,
  );
  return 0;
}
