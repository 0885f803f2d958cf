/**
 * `replay REF --case --claim "…" --conclusion "…" [--sign KEYFILE] --out case.zip`: opens a
 * dispute case of one unit (src-engine/dispute/): the claim, the conclusion, the replay record, the
 * case's PDF, the rule texts cited and the Merkle proof of the unit's segment (R1), in one zip of
 * the evidence bundle's format, signed with the keys of `keygen`; journaled with `--journal FILE`.
 * The block's segment digests come from the worker threads, as for `evidence`.
 */
import { createHash } from 'node:crypto';
import {
  blockOfRef,
  caseTexts,
  concernsBlocks,
  disputeCaseJournalWork,
  formatUnitRef,
  journalExcerpt,
  parseUnitRef,
  writeDisputeCase,
} from '@engine';
import type { Lang } from '@engine';
import { version } from '../../package.json';
import { runBlocks } from '@shared/block-run/runner';
import { AtomicWriter } from '../atomic-file';
import { readCaseFonts } from '../case-fonts';
import { UsageError } from '../errors';
import { readSecretKey } from '../evidence/signing';
import { checkJournalFirst, commitJournaled, journaledLine } from '../journal-file';
import { signedHead } from '../journal-stream';
import { threadPool } from '../pool';

export interface CaseFlags {
  readonly claim?: string;
  readonly conclusion?: string;
  readonly sign?: string;
  readonly out?: string;
  readonly force: boolean;
  readonly journal?: string;
}

const WORDS = {
  en: {
    wrote: (out: string, ref: string, files: number) => `Wrote ${out}: dispute case of unit ${ref}, ${files} files`,
    signed: (f: string) => `, signed by key ${f}`,
    unsigned: ', not signed',
    check: (out: string) => `check it: instant-lab verify-bundle ${out}`,
  },
  fr: {
    wrote: (out: string, ref: string, files: number) =>
      `Écrit ${out} : dossier de litige de l'unité ${ref}, ${files} fichiers`,
    signed: (f: string) => `, signé par la clé ${f}`,
    unsigned: ', non signé',
    check: (out: string) => `vérifiez-le : instant-lab verify-bundle ${out}`,
  },
} as const;

/** The segment digests of a whole block, from the worker threads (R1). */
export async function blockSegmentDigests(spec: ReturnType<typeof blockOfRef>): Promise<readonly string[]> {
  const pool = threadPool();
  try {
    const [block] = await runBlocks(pool, [spec]);
    return block!.segmentDigests;
  } finally {
    await pool.close();
  }
}

export async function replayCaseCommand(refText: string, flags: CaseFlags, lang: Lang, usage: string): Promise<number> {
  if (flags.out === undefined)
    throw new UsageError(`--case needs --out case.zip: ${usage}`, `--case demande --out dossier.zip : ${usage}`);
  if (!flags.out.toLowerCase().endsWith('.zip'))
    throw new UsageError(`--out "${flags.out}" must end in .zip`, `--out "${flags.out}" doit finir par .zip`);
  if (flags.claim === undefined)
    throw new UsageError(
      `--case needs --claim "what the player says": ${usage}`,
      `--case demande --claim "ce que dit le joueur" : ${usage}`,
    );
  if (flags.conclusion === undefined)
    throw new UsageError(
      `--case needs --conclusion "what the replay shows": ${usage}`,
      `--case demande --conclusion "ce que montre le rejeu" : ${usage}`,
    );
  const r = parseUnitRef(refText);
  const ref = formatUnitRef(r);
  const spec = blockOfRef(r);
  // the claim and conclusion refused now if the PDF cannot print them, before the block is rebuilt
  const fonts = await readCaseFonts();
  await caseTexts({ claim: flags.claim, conclusion: flags.conclusion }, fonts);
  const key = flags.sign !== undefined ? await readSecretKey(flags.sign) : null;
  const blocks = { game: spec.game, stakeCents: spec.stakeCents, seeds: [spec.seed] };
  // read once: the entries on the unit's block kept, and with a key every leaf, for their inclusion proofs
  const journal = await checkJournalFirst(flags.journal, [{ flag: 'sign', path: flags.sign }], {
    keepRow: (e) => concernsBlocks(e, blocks),
    tree: key ? 'leaves' : 'none',
  });
  const opened = new Date();
  const segmentDigests = await blockSegmentDigests(spec);
  const out = await AtomicWriter.open(flags.out, {
    force: flags.force,
    inputs: [
      { flag: 'sign', path: flags.sign },
      { flag: 'journal', path: flags.journal },
    ],
  });
  const hash = createHash('sha256');
  let bytes = 0;
  let summary: Awaited<ReturnType<typeof writeDisputeCase>>;
  try {
    summary = await writeDisputeCase(
      {
        ref,
        claim: flags.claim,
        conclusion: flags.conclusion,
        lang,
        appVersion: version,
        opened,
        key,
        segmentDigests,
        png: null,
        fonts,
        // the journal's entries on the unit's block go inside, as a bundle holds those on its blocks;
        // signed, with the journal's checkpoint now and each entry's inclusion proof
        ...(journal
          ? {
              journalEntries: journalExcerpt(
                journal.read.verdict.rows,
                blocks,
                key ? signedHead(journal.read, key, opened) : undefined,
              ),
            }
          : {}),
      },
      (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
        return out.write(chunk);
      },
    );
  } catch (e) {
    await out.abort();
    throw e;
  }
  const sha256 = hash.digest('hex');
  // the case, as one entry of the compliance journal, appended before the case is put under its
  // name: both are made, or neither
  const entry = await commitJournaled(
    out,
    journal,
    disputeCaseJournalWork({
      ref,
      at: opened,
      app: version,
      file: flags.out,
      bytes,
      sha256,
      files: summary.files,
      caseSha256: summary.manifest.files.find((f) => f.path === 'case.json')!.sha256,
      merkleRoot: summary.manifest.blocks[0]!.merkleRoot,
      signerFingerprint: summary.signer?.fingerprint ?? null,
    }),
  );
  const w = WORDS[lang];
  const lines = [
    `${w.wrote(flags.out, ref, summary.files)}${summary.signer ? w.signed(summary.signer.fingerprint) : w.unsigned}`,
    `sha256: ${sha256}`,
    ...(entry ? [journaledLine(entry, flags.journal!, lang).trimEnd()] : []),
    w.check(flags.out),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
