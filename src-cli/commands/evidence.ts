/**
 * `evidence`: a zip a regulator can check without this application: the audit report
 * (HTML and JSON), each block's export (JSONL, deflated), each block's segment digests, digest and
 * Merkle root (R1), the rules data and legal bands used, the generator version, the independent
 * Python checker as check.py (standard library only), a README, and a manifest of every file's
 * SHA-256, optionally signed with Ed25519 (`--sign KEYFILE`).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  RULE_FILES,
  buildAuditReport,
  evidenceBundleWork,
  fingerprint,
  generatorId,
  journalExcerpt,
  concernsBlocks,
  writeEvidenceBundle,
} from '@engine';
import type { EvidenceInput } from '@engine';
import { plural } from '@engine';
import { version } from '../../package.json';
import { AtomicWriter } from '../atomic-file';
import { parseFlags, parseLang } from '../args';
import { defineCommand, usageLine } from '../command-spec';
import { FORCE, JOURNAL, LANG, sign } from '../common-options';
import { count } from '../text-table';
import { BLOCK_RUN_OPTIONS, parseBlockRun } from '../block-args';
import { UsageError } from '../errors';
import { threadPool } from '../pool';
import { readSecretKey } from '../evidence/signing';
import { checkJournalFirst, commitJournaled, journaledLine } from '../journal-file';
import { signedHead } from '../journal-stream';
import { runBlockWithLevels } from './audit';

const { table: _table, ...officialBlocks } = BLOCK_RUN_OPTIONS;

export const EVIDENCE = defineCommand({
  name: 'evidence',
  does: 'writes the evidence bundle of a report (zip, optionally signed)',
  // no --table: a bundle holds official blocks only (references name them, R3)
  options: {
    ...officialBlocks,
    game: { ...officialBlocks.game, required: true },
    stake: { ...officialBlocks.stake, required: true },
    seed: { ...officialBlocks.seed, required: true, help: 'the first block’s seed (R1)' },
    blocks: { ...officialBlocks.blocks, help: 'how many blocks, of seeds S, S+1, …, at most 10' },
    ...LANG,
    ...sign('the bundle'),
    out: { type: 'string', value: 'bundle.zip', required: true, help: 'the bundle to write' },
    ...FORCE,
    ...JOURNAL,
  },
});

/** The project's root: this file runs from src-cli/commands (tsx) or out/cli (bundle), two levels down. */
const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');

/** Why a bundle made here holds no PDF (README of the bundle). */
const NO_PDF = {
  en: 'the command line does not print; the report is in HTML (`report/audit-report.html`, printable with its running header and footer) and JSON. The desktop app puts a PDF in the bundles it makes.',
  fr: "la ligne de commande n'imprime pas ; le rapport y est en HTML (`report/audit-report.html`, imprimable avec son en-tête et son pied de page) et en JSON. L'application de bureau met un PDF dans les paquets qu'elle fait.",
} as const;

/** The rules files and check.py, as they are on disk. */
async function bundledSources(): Promise<Pick<EvidenceInput, 'ruleFiles' | 'checkPy'>> {
  const [mine, gongs, bands] = await Promise.all(
    RULE_FILES.map((name) => readFile(join(ROOT, 'resources', 'rules', name))),
  );
  return {
    ruleFiles: { 'mine-d-or.json': mine!, 'les-3-gongs.json': gongs!, 'legal-bands.json': bands! },
    checkPy: await readFile(join(ROOT, 'scripts', 'independent_check.py')),
  };
}

export async function evidenceCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, EVIDENCE);
  if (!values.out.toLowerCase().endsWith('.zip'))
    throw new UsageError(`--out "${values.out}" must end in .zip`, `--out "${values.out}" doit finir par .zip`);
  // one language for the command's lines and the bundle's README and report: English unless asked
  const lang = parseLang(values.lang);
  const run = await parseBlockRun(values, usageLine(EVIDENCE), 10);
  if (run.weights)
    throw new UsageError(
      `--presentation "${values.presentation}" sets weights other than the defaults (M4, G2): a bundle holds official blocks only (references name them, R3)`,
    );
  const key = values.sign !== undefined ? await readSecretKey(values.sign) : null;
  const specs = Array.from({ length: run.blocks }, (_, k) => run.specFor(run.seed + k));
  const runAt = new Date();
  const blocks = { game: specs[0]!.game, stakeCents: specs[0]!.stakeCents, seeds: specs.map((x) => x.seed) };
  // read once: the entries on these blocks kept, and with a key every leaf, for their inclusion proofs
  const journal = await checkJournalFirst(
    values.journal,
    [
      { flag: 'sign', path: values.sign },
      { flag: 'presentation', path: values.presentation },
    ],
    { keepRow: (e) => concernsBlocks(e, blocks), tree: key ? 'leaves' : 'none' },
  );
  const out = await AtomicWriter.open(values.out, {
    force: values.force,
    inputs: [
      { flag: 'sign', path: values.sign },
      { flag: 'presentation', path: values.presentation },
      { flag: 'journal', path: values.journal },
    ],
  });
  const hash = createHash('sha256');
  let bytes = 0;
  const pool = threadPool(run.workers);
  let files = 0;
  try {
    await pool.warm();
    const sections: Awaited<ReturnType<typeof runBlockWithLevels>>[] = [];
    for (const spec of specs) sections.push(await runBlockWithLevels(pool, spec));
    const report = buildAuditReport(specs[0]!.table, sections, { appVersion: version, runAt });
    const summary = await writeEvidenceBundle(
      {
        report,
        specs,
        segmentDigests: sections.map((s) => s.result.segmentDigests),
        lang,
        appVersion: version,
        created: runAt,
        key,
        ...(await bundledSources()),
        pdf: { absentBecause: NO_PDF },
        // the journal's entries on these blocks go inside, signed with the rest; with a key, with the
        // journal's checkpoint now and each entry's inclusion proof, so the journal's own evidence is
        // spread among the files it produced
        ...(journal
          ? {
              journalEntries: journalExcerpt(
                journal.read.verdict.rows,
                blocks,
                key ? signedHead(journal.read, key, runAt) : undefined,
              ),
            }
          : {}),
        onProgress: (done, total) => {
          if (process.stderr.isTTY) process.stderr.write(`\rexports ${Math.round((100 * done) / total)} %`);
        },
      },
      (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
        return out.write(chunk);
      },
    );
    files = summary.files;
  } catch (e) {
    await out.abort();
    throw e;
  } finally {
    await pool.close();
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  // the bundle built, as one entry of the compliance journal (its SHA-256 and the signing key's
  // fingerprint), appended before the bundle is put under its name: both are made, or neither
  const entry = await commitJournaled(
    out,
    journal,
    evidenceBundleWork(
      { ...specs[0]!, seeds: specs.map((x) => x.seed) },
      generatorId(specs[0]!.generatorVersion),
      version,
      runAt,
      { file: values.out, bytes, sha256: hash.digest('hex') },
      files,
      key ? fingerprint(key.publicKey) : null,
    ),
  );
  const n = (x: number): string => count(x, lang);
  process.stdout.write(
    lang === 'fr'
      ? `${values.out} écrit : ${n(specs.length)} ${plural(specs.length, 'fr', 'bloc', 'blocs')}, ${n(files)} fichiers${key ? `, signé par la clé ${fingerprint(key.publicKey)}` : ', non signé'}\n${entry ? journaledLine(entry, values.journal!, 'fr') : ''}`
      : `Wrote ${values.out}: ${n(specs.length)} ${plural(specs.length, 'en', 'block', 'blocks')}, ${n(files)} files${key ? `, signed by key ${fingerprint(key.publicKey)}` : ', not signed'}\n${entry ? journaledLine(entry, values.journal!, 'en') : ''}`,
  );
  return 0;
}
