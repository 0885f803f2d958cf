/**
 * `audit`: builds blocks in worker threads keeping every unit's level (placement tests), and
 * writes the audit report — reconciliation (art. 3), RTP against the legal band (CSI art.
 * D.322-10), evaluator verdict (R4), integrity digests (R1), placement tests and first-screen
 * table — as printable HTML or JSON, atomically.
 */
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import {
  SEGMENT_UNITS,
  merkleProof,
  runRange,
  verifyMerkleProof,
  auditReportHtml,
  buildAuditReport,
  formatDecimal,
  formatPercent,
  planRanges,
  auditReportWork,
  signCheckpoint,
} from '@engine';
import type { AuditReport, BlockResult, BlockSpec, Checkpoint, MerkleProof, PresentationWeights } from '@engine';
import { plural } from '@engine';
import { version } from '../../package.json';
import { AtomicWriter } from '../atomic-file';
import { UsageError } from '../errors';
import type { JobPool } from '@shared/jobs/pool';
import { runBlocks } from '@shared/block-run/runner';
import { threadPool } from '../pool';
import { BLOCK_RUN_OPTIONS, parseBlockRun } from '../block-args';
import { parseFlags, parseLang } from '../args';
import type { CliLang } from '../args';
import { readSecretKey } from '../evidence/signing';
import { defineCommand, usageLine } from '../command-spec';
import { FORCE, JOURNAL, LANG, sign } from '../common-options';
import { count } from '../text-table';
import { checkJournalFirst, commitJournaled, journaledLine } from '../journal-file';

export const AUDIT = defineCommand({
  name: 'audit',
  does: 'writes the compliance report of one or more blocks (HTML or JSON)',
  options: {
    ...BLOCK_RUN_OPTIONS,
    blocks: { ...BLOCK_RUN_OPTIONS.blocks, help: 'how many blocks, of seeds S, S+1, …, at most 100' },
    ...LANG,
    out: {
      type: 'string',
      value: 'report.html|report.json',
      required: true,
      help: 'the report to write, its format by its name',
    },
    ...FORCE,
    ...JOURNAL,
    ...sign("the journal's checkpoint the report carries (with --journal)"),
  },
  forms: [
    {
      oneOf: [
        ['game', 'stake'],
        ['table', '?stake'],
      ],
    },
  ],
});

/**
 * One block with every unit's level (placement tests), the ranges run in parallel and their levels
 * joined in order here, then the block merged in a worker; `weights`: presentation weights other
 * than the defaults (M4, G2).
 */
export async function runBlockWithLevels(
  pool: JobPool,
  spec: BlockSpec,
  weights?: PresentationWeights,
): Promise<{ result: BlockResult; levels: Uint8Array }> {
  const w = weights ? { weights } : {};
  const ranges = planRanges(spec.table.blockUnits, 1, pool.size);
  const tallies = await Promise.all(
    ranges.map((r) => pool.run('range', { spec, from: r.from, to: r.to, keepLevels: true, ...w })),
  );
  const levels = new Uint8Array(spec.table.blockUnits);
  for (const t of tallies) levels.set(t.levels, t.from);
  // the tallies' buffers move to the merging worker: the levels were copied out first
  return { result: await pool.run('mergeBlock', { spec, tallies, ...w }, undefined, { first: true }), levels };
}

/** The line saying which checkpoint of the journal the report carries. */
function carriedLine(c: Checkpoint, lang: CliLang): string {
  return lang === 'fr'
    ? `journal : le rapport porte son point de contrôle à ${count(c.size, 'fr')} ${plural(c.size, 'fr', 'entrée', 'entrées')}, racine ${c.root}, signé par la clé ${c.fingerprint}\n`
    : `journal: the report carries its checkpoint at ${count(c.size, 'en')} ${plural(c.size, 'en', 'entry', 'entries')}, root ${c.root}, signed by key ${c.fingerprint}\n`;
}

export async function auditCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, AUDIT);
  // one language for the command's lines and the report it writes: English unless asked, as `evidence`
  const lang = parseLang(values.lang);
  const ext = extname(values.out).toLowerCase();
  if (ext !== '.html' && ext !== '.json')
    throw new UsageError(
      `--out "${values.out}" must end in .html or .json`,
      `--out "${values.out}" doit finir par .html ou .json`,
    );
  if (values.sign !== undefined && values.journal === undefined)
    throw new UsageError(
      `--sign signs the compliance journal's checkpoint the report carries: give the journal with --journal FILE too: ${usageLine(AUDIT)}`,
      `--sign signe le point de contrôle du journal de conformité que porte le rapport : donnez aussi le journal avec --journal FICHIER : ${usageLine(AUDIT)}`,
    );
  const run = await parseBlockRun(values, usageLine(AUDIT), 100);
  const key = values.sign !== undefined ? await readSecretKey(values.sign) : null;
  const { seed, blocks, workers } = run;
  const specs = Array.from({ length: blocks }, (_, k) => run.specFor(seed + k));
  // Opened before the long work: an existing file, a bad folder or a broken journal is said at once.
  // with a key, the tree's root too: the report carries the journal's head, signed
  const journal = await checkJournalFirst(
    values.journal,
    [
      { flag: 'table', path: values.table },
      { flag: 'presentation', path: values.presentation },
      { flag: 'sign', path: values.sign },
    ],
    { tree: key ? 'root' : 'none' },
  );
  // the checkpoint is signed with the time the journal was read, not the report's: entries may be
  // appended by others between the two
  const journalReadAt = new Date();
  const out = await AtomicWriter.open(values.out, {
    force: values.force,
    inputs: [
      { flag: 'table', path: values.table },
      { flag: 'presentation', path: values.presentation },
      { flag: 'journal', path: values.journal },
      { flag: 'sign', path: values.sign },
    ],
  });
  const pool = threadPool(workers);
  const t0 = performance.now();
  let report: AuditReport;
  try {
    await pool.warm();
    // One block at a time: each keeps 1 byte per unit for the placement tests, then drops it.
    const sections = [];
    for (const spec of specs) {
      const b = await runBlockWithLevels(pool, spec, run.weights);
      sections.push(b);
      if (process.stderr.isTTY)
        process.stderr.write(`\r${lang === 'fr' ? 'bloc' : 'block'} ${sections.length}/${blocks}`);
    }
    const runAt = new Date();
    report = buildAuditReport(specs[0]!.table, sections, { appVersion: version, runAt });
    // the journal as read before the work, as a bundle's checkpoint: the report's own entry,
    // appended below, holds the report's SHA-256, so no checkpoint inside the report can cover it
    if (journal && key)
      report = {
        ...report,
        journalCheckpoint: signCheckpoint(journal.read.size, journal.read.root, journalReadAt, key),
      };
  } catch (e) {
    await out.abort();
    throw e;
  } finally {
    await pool.close();
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  const text = ext === '.json' ? `${JSON.stringify(report, null, 2)}\n` : auditReportHtml(report, lang);
  try {
    await out.write(text);
  } catch (e) {
    await out.abort();
    throw e;
  }
  const s = report.summary;
  // the report built, as one entry of the compliance journal (what it audited and the report's
  // SHA-256), appended before the report is put under its name: both are made, or neither
  const entry = await commitJournaled(
    out,
    journal,
    auditReportWork(report, version, {
      file: values.out,
      bytes: Buffer.byteLength(text),
      sha256: createHash('sha256').update(text).digest('hex'),
    }),
  );
  const secs = formatDecimal((performance.now() - t0) / 1000, lang, 2);
  const passed = s.placementTests - s.placementFailures;
  process.stdout.write(
    (lang === 'fr'
      ? `${values.out} écrit : ${count(blocks, 'fr')} ${plural(blocks, 'fr', 'bloc', 'blocs')}, TRJ ${formatPercent(s.rtp, 'fr')}, ${s.inBand ? 'dans' : 'HORS de'} la fourchette légale, évaluateur ${s.allAuditsPass ? 'PASS' : 'FAIL'} (R4), tests de placement ${passed}/${s.placementTests} réussis à 99 % (${secs} s)\n`
      : `Wrote ${values.out}: ${blocks} ${plural(blocks, 'en', 'block', 'blocks')}, RTP ${formatPercent(s.rtp, 'en')}, ${s.inBand ? 'inside' : 'OUTSIDE'} the legal band, evaluator ${s.allAuditsPass ? 'PASS' : 'FAIL'} (R4), placement tests ${passed}/${s.placementTests} pass at 99% (${secs} s)\n`) +
      (report.journalCheckpoint ? carriedLine(report.journalCheckpoint, lang) : '') +
      (entry ? journaledLine(entry, values.journal!, lang) : ''),
  );
  return s.allAuditsPass ? 0 : 1;
}

/**
 * The Merkle proof that a unit's segment belongs to its block (R1), for `replay --proof`: the leaf
 * is rebuilt from that one segment's canonical records alone; the block's segment digests come
 * from the worker pool; the proof is checked with verifyMerkleProof before it is shown.
 */
export async function unitProof(
  spec: BlockSpec,
  index: number,
): Promise<{ segment: number; proof: MerkleProof; verified: boolean; leafMatches: boolean }> {
  const segment = Math.floor(index / SEGMENT_UNITS);
  const from = segment * SEGMENT_UNITS;
  const own = await runRange(spec, from, Math.min(spec.table.blockUnits, from + SEGMENT_UNITS));
  const pool = threadPool();
  let leaves: Uint8Array[];
  try {
    const [block] = await runBlocks(pool, [spec]);
    leaves = block!.segmentDigests.map((h) => Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16)));
  } finally {
    await pool.close();
  }
  const proof = merkleProof(leaves, segment);
  const leafHex = Array.from(own.segmentDigests[0]!, (x) => x.toString(16).padStart(2, '0')).join('');
  return { segment, proof, verified: verifyMerkleProof(proof), leafMatches: leafHex === proof.leaf };
}
