/**
 * The README of a dispute case: what each file is and how anyone re-checks the case without
 * trusting the maker (the reference alone re-derives the unit and its segment, R1, R2, R3), written
 * in the case's language like its PDF: a French case reads in French.
 */
import type { CaseProof, CaseRecord } from './case-files';
import { CASE_FILE, CASE_PDF, CASE_PROOF, CASE_REPLAY_JSON, CASE_REPLAY_PNG, CASE_RULES } from './case-files';
import { JOURNAL_EXCERPT_PATH } from '../journal/excerpt';

/** The case's README in the case's language (`record.lang`, the language its PDF is printed in). */
export function caseReadme(
  record: CaseRecord,
  proof: CaseProof,
  signer: { readonly fingerprint: string } | null,
  png: boolean,
  journal: boolean,
): string {
  return record.lang === 'fr'
    ? frenchReadme(record, proof, signer, png, journal)
    : englishReadme(record, proof, signer, png, journal);
}

function frenchReadme(
  record: CaseRecord,
  proof: CaseProof,
  signer: { readonly fingerprint: string } | null,
  png: boolean,
  journal: boolean,
): string {
  return `# Dossier de litige Instant Lab

Unité ${record.ref}, dossier ouvert le ${record.opened}.
${signer ? `Signé (Ed25519) : l'empreinte de la clé est ${signer.fingerprint}.` : "Non signé : rien ici ne dit qui l'a fait."}

## Fichiers

- \`${CASE_FILE}\` : la référence de l'unité, la réclamation du joueur et la conclusion du testeur, telles que saisies.
- \`${CASE_REPLAY_JSON}\` : la fiche de rejeu de l'unité, la même que \`instant-lab replay ${record.ref} --json\`,
  avec l'empreinte du bloc.
- \`${CASE_PDF}\` : le dossier imprimé : la réclamation, la conclusion, chaque image du rejeu, le lot
  avec le verdict de l'évaluateur (R4) et les articles cités, tels que publiés.
${
  png
    ? `- \`${CASE_REPLAY_PNG}\` : l'état final tel que l'écran de rejeu l'a dessiné.`
    : '- Pas de PNG : le dossier a été fait en ligne de commande, qui ne dessine aucune image (le PDF a chaque image).'
}
- \`${CASE_RULES}\` : les passages du règlement et les décisions que cite le rejeu, en français tel que
  publié et en traduction anglaise, avec le SHA-256 du document du règlement.
- \`${CASE_PROOF}\` : la preuve de Merkle que le segment ${proof.segment} (segments de ${proof.segment_units} unités) appartient au
  bloc dont la racine de Merkle est ${proof.merkle_root} (R1).
${
  journal
    ? `- \`${JOURNAL_EXCERPT_PATH}\` : les entrées du journal de conformité sur le bloc de l'unité, avec le point de
  contrôle du journal signé quand le dossier a été fait et la preuve d'inclusion de chaque entrée ;
  \`instant-lab journal verify JOURNAL --against\` ce dossier montre si le journal a été coupé ou réécrit depuis.
`
    : ''
}- \`manifest.json\` : le SHA-256 et la taille de chaque fichier ; \`manifest.sig\`, s'il est signé, la signature des
  octets exacts du manifeste.

## Le vérifier

\`instant-lab verify-bundle case.zip [--pub FICHIER_CLE.pub]\` vérifie le SHA-256 de chaque fichier et la
signature, lit le dossier, re-dérive l'unité de sa seule référence et la compare à la fiche de
rejeu, reconstruit le segment de l'unité seul (R2) et le compare à la feuille de la preuve, suit
le chemin de la preuve jusqu'à sa racine, et reconstruit tout le bloc depuis sa graine (R1) pour comparer sa
racine de Merkle et son empreinte à celles de la preuve.
`;
}

function englishReadme(
  record: CaseRecord,
  proof: CaseProof,
  signer: { readonly fingerprint: string } | null,
  png: boolean,
  journal: boolean,
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
${
  journal
    ? `- \`${JOURNAL_EXCERPT_PATH}\`: the compliance journal's entries on the unit's block, with the journal's
  checkpoint signed when the case was made and each entry's inclusion proof; \`instant-lab journal verify
  JOURNAL --against\` this case shows whether the journal was cut or rewritten since.
`
    : ''
}- \`manifest.json\`: every file's SHA-256 and size; \`manifest.sig\`, when signed, the signature of the
  manifest's exact bytes.

## Check it

\`instant-lab verify-bundle case.zip [--pub KEYFILE.pub]\` checks every file's SHA-256 and the
signature, reads the case, re-derives the unit from its reference alone and compares it with the
replay record, rebuilds the unit's segment alone (R2) and compares it with the proof's leaf, follows
the proof's path to its root, and rebuilds the whole block from its seed (R1) to compare its
Merkle root and digest with the proof's.
`;
}
