/**
 * The README of an evidence bundle: what each file is, whether the printed report (PDF)
 * is inside and if not why, and how a regulator re-derives the blocks without this application.
 */
import { formatEuros } from '../money/format';
import type { AuditReport } from '../report/audit-report';

/** The printed report: inside the bundle (desktop app), or absent with the reason. */
export type BundlePdf = { readonly bytes: Uint8Array } | { readonly absentBecause: string };

export const PDF_PATH = 'report/audit-report.pdf';

export function bundleReadme(
  report: AuditReport,
  blocks: readonly { readonly export: string; readonly seed: number; readonly digest: string }[],
  signer: { readonly fingerprint: string } | null,
  pdf: BundlePdf,
  /** The bundle holds the journal entries on its blocks (`journal/entries.jsonl`). */
  withJournal = false,
): string {
  const id = report.identity;
  return `# Instant Lab evidence bundle

Game: ${id.gameName} (${id.game}), stake ${formatEuros(id.stakeCents, 'en')}, seeds ${id.seeds.join(', ')},
generator ${id.generator}, Instant Lab ${id.appVersion}, built ${id.runAt}.
Rules: « ${id.rulesDocument.title} », ${id.rulesDocument.place}, ${id.rulesDocument.date}.

## Files

- \`report/audit-report.html\`, \`report/audit-report.json\`: the audit report (art. 3 reconciliation,
  RTP against the legal band, evaluator verdict R4, digests R1, placement tests).
${
  'bytes' in pdf
    ? `- \`${PDF_PATH}\`: the same report printed to PDF, with the title, game, stake, seeds and date
  on top of every page and the block digests and page numbers below.`
    : `- No PDF of the report in this bundle: ${pdf.absentBecause}`
}
- \`exports/*.jsonl\`: every unit of each block, one JSON line per unit after a header line
  (README "Export schema" of Instant Lab).
- \`digests/*.json\`: each block's SHA-256 per segment of 10,000 units, the block digest (SHA-256
  of the segment digests one after the other) and the Merkle root over the segment digests.
- \`rules/\`: the rules data (prize tables, symbols' gains) and the legal RTP bands used.
- \`generator.json\`: the generator's name and version.
- \`check.py\`: an independent checker (Python 3, standard library only).${
    withJournal
      ? `
- \`journal/entries.jsonl\`: the entries of the operator's compliance journal on these blocks (audits,
  exports, verifications), one JSON line each as the journal holds it: each line's \`hash\` is the
  SHA-256 of the line without it (keys sorted, no spaces), and \`prev\` the hash of the entry before.`
      : ''
  }
- \`manifest.json\`: the SHA-256 and size of every other file${signer ? '; `manifest.sig`: its Ed25519 signature' : ''}.

## Re-deriving the blocks without Instant Lab

1. Unzip the bundle, open a terminal in the folder and run \`python3 check.py\` (no argument).
2. For every file in \`exports/\` it re-derives each unit's lot from the symbols it shows (the
   articles of the rules, re-implemented independently), checks each unit reference, reconciles
   the counts per lot with the official table in \`rules/\` and prints the block's digest.
3. Compare each digest printed with the report's and with these:

${blocks.map((b) => `   - seed ${b.seed} (\`${b.export}\`): \`${b.digest}\``).join('\n')}

4. Check that every file is the one listed: \`sha256sum\` each file against \`manifest.json\`.

${
  signer
    ? `The manifest is signed (Ed25519). Signing key fingerprint (SHA-256 of the public key):

    ${signer.fingerprint}

Ask the operator for this fingerprint through another channel: the signature proves the manifest
was signed by the holder of that key, nothing about who holds it.`
    : 'The manifest is not signed: the hashes show the files agree with each other, not who made them.'
}
`;
}
