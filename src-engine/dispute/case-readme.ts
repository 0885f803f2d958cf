/**
 * The README of a dispute case: what each file is and how anyone re-checks the case without
 * trusting the maker (the reference alone re-derives the unit and its segment, R1, R2, R3).
 */
import type { CaseProof, CaseRecord } from './case-files';
import { CASE_FILE, CASE_PDF, CASE_PROOF, CASE_REPLAY_JSON, CASE_REPLAY_PNG, CASE_RULES } from './case-files';

export function caseReadme(
  record: CaseRecord,
  proof: CaseProof,
  signer: { readonly fingerprint: string } | null,
  png: boolean,
): string {
  return `# Instant Lab dispute case

Unit ${record.ref}, case opened ${record.opened}.
${signer ? `Signed (Ed25519): the key's fingerprint is ${signer.fingerprint}.` : 'Not signed: nothing here says who made it.'}

## Files

- \`${CASE_FILE}\`: the unit reference, the player's claim and the tester's conclusion, as typed.
- \`${CASE_REPLAY_JSON}\`: the unit's replay record, the same as \`instant-lab replay ${record.ref} --json\`,
  with the block digest.
- \`${CASE_PDF}\`: the case printed: the claim, the conclusion, every frame of the replay, the lot
  with the evaluator's verdict (R4) and the articles cited, quoted as published.
${
  png
    ? `- \`${CASE_REPLAY_PNG}\`: the final state as the replay screen drew it.`
    : '- No PNG: the case was made on the command line, which draws no image (the PDF has every frame).'
}
- \`${CASE_RULES}\`: the passages of the rules and the decisions the replay cites, French as
  published and the English translation, with the rule document's SHA-256.
- \`${CASE_PROOF}\`: the Merkle proof that segment ${proof.segment} (units of ${proof.segment_units}) belongs to the
  block whose Merkle root is ${proof.merkle_root} (R1).
- \`manifest.json\`: every file's SHA-256 and size; \`manifest.sig\`, when signed, the signature of the
  manifest's exact bytes.

## Check it

\`instant-lab verify-bundle case.zip [--pub KEYFILE.pub]\` checks every file's SHA-256 and the
signature, reads the case, re-derives the unit from its reference alone and compares it with the
replay record, rebuilds the unit's segment alone (R2) and compares it with the proof's leaf, follows
the proof's path to its root, and rebuilds the whole block from its seed (R1) to compare its
Merkle root and digest with the proof's.
`;
}
