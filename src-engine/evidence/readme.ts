/**
 * The README of an evidence bundle: what each file is, whether the printed report (PDF)
 * is inside and if not why, and how a regulator re-derives the blocks without this application.
 */
import { formatEuros } from '../money/format';
import type { Lang } from '../format/numbers';
import type { LocalizedText } from '../i18n/localized-text';
import type { AuditReport } from '../report/audit-report';

/** The printed report: inside the bundle (desktop app), or absent with the reason, in both languages. */
export type BundlePdf = { readonly bytes: Uint8Array } | { readonly absentBecause: LocalizedText };

export const PDF_PATH = 'report/audit-report.pdf';

/** The README of a bundle, in the language the bundle was made in (the screen's, or `evidence --lang`). */
export function bundleReadme(
  report: AuditReport,
  blocks: readonly { readonly export: string; readonly seed: number; readonly digest: string }[],
  signer: { readonly fingerprint: string } | null,
  pdf: BundlePdf,
  lang: Lang,
  /** The bundle holds the journal entries on its blocks (`journal/entries.jsonl`). */
  withJournal = false,
): string {
  const id = report.identity;
  if (lang === 'fr') {
    return `# Paquet de preuves Instant Lab

Jeu : ${id.gameName} (${id.game}), mise ${formatEuros(id.stakeCents, 'fr')}, graines ${id.seeds.join(', ')},
générateur ${id.generator}, Instant Lab ${id.appVersion}, construit le ${id.runAt}.
Règlement : « ${id.rulesDocument.title} », ${id.rulesDocument.place}, ${id.rulesDocument.date}.

## Fichiers

- \`report/audit-report.html\`, \`report/audit-report.json\` : le rapport d'audit (rapprochement de l'art. 3,
  TRJ face à la fourchette légale, verdict de l'évaluateur R4, empreintes R1, tests de placement).
${
  'bytes' in pdf
    ? `- \`${PDF_PATH}\` : le même rapport imprimé en PDF, avec le titre, le jeu, la mise, les graines et la date
  en haut de chaque page, et les empreintes des blocs et les numéros de page en bas. Ses informations de document
  (clé \`/InstantLabReport\`) nomment le rapport qu'il imprime : le SHA-256 de \`report/audit-report.json\`, le jeu,
  la mise et les graines.`
    : `- Pas de PDF du rapport dans ce paquet : ${pdf.absentBecause.fr}`
}
- \`exports/*.jsonl\` : chaque unité de chaque bloc, une ligne JSON par unité après une ligne d'en-tête
  (\`docs/reference/file-formats.md\` d'Instant Lab).
- \`digests/*.json\` : le SHA-256 de chaque segment de 10 000 unités de chaque bloc, l'empreinte du bloc
  (SHA-256 des empreintes de segment mises bout à bout) et la racine de Merkle des empreintes de segment.
- \`rules/\` : les données du règlement (tableaux de lots, gains des symboles) et les fourchettes légales de TRJ appliquées.
- \`generator.json\` : le nom et la version du générateur.
- \`check.py\` : un vérificateur indépendant (Python 3, bibliothèque standard seule).${
      withJournal
        ? `
- \`journal/entries.jsonl\` : un **extrait** du journal de conformité de l'opérateur : ses entrées sur ces
  blocs seules (audits, exports, vérifications). Sa première ligne le dit (\`"excerpt"\`, et les blocs qu'il
  couvre) ; suit une ligne JSON par entrée, telle que le journal la tient : le \`hash\` de chaque ligne est le
  SHA-256 de la ligne sans lui (clés triées, sans espaces), et \`prev\` celui de l'entrée qui la précède dans
  le journal. Les entrées sur d'autres travaux sont laissées hors de l'extrait : les numéros (\`seq\`) sautent
  et un \`prev\` peut désigner une entrée absente, sans que rien n'ait été supprimé. Pour le vérifier : chaque
  \`hash\` se recalcule ; là où deux entrées se suivent (\`seq\` consécutifs), le \`prev\` de la seconde est le
  \`hash\` de la première. \`instant-lab verify-bundle\`, \`instant-lab journal verify\` et « Ouvrir un fichier
  journal… » de l'écran Journal le vérifient ainsi.`
        : ''
    }
- \`manifest.json\` : le SHA-256 et la taille de chaque autre fichier${signer ? ' ; `manifest.sig` : sa signature Ed25519' : ''}.

## Redériver les blocs sans Instant Lab

1. Décompressez le paquet, ouvrez un terminal dans le dossier et lancez \`python3 check.py\` (sans argument).
2. Pour chaque fichier de \`exports/\`, il redérive le lot de chaque unité à partir des symboles qu'elle montre
   (les articles du règlement, réécrits indépendamment), vérifie chaque référence d'unité, rapproche
   les effectifs par lot du tableau officiel de \`rules/\` et affiche l'empreinte du bloc.
3. Comparez chaque empreinte affichée avec celle du rapport et avec celles-ci :

${blocks.map((b) => `   - graine ${b.seed} (\`${b.export}\`) : \`${b.digest}\``).join('\n')}

4. Vérifiez que chaque fichier est celui listé : \`sha256sum\` de chaque fichier comparé à \`manifest.json\`.

${
  signer
    ? `Le manifeste est signé (Ed25519). Empreinte de la clé de signature (SHA-256 de la clé publique) :

    ${signer.fingerprint}

Demandez cette empreinte à l'opérateur par un autre canal : la signature prouve que le manifeste
a été signé par le détenteur de cette clé, rien sur qui la détient.`
    : "Le manifeste n'est pas signé : les empreintes montrent que les fichiers concordent entre eux, pas qui les a faits."
}
`;
  }
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
  on top of every page and the block digests and page numbers below. Its document information
  (key \`/InstantLabReport\`) names the report it prints: the SHA-256 of \`report/audit-report.json\`, the game,
  the stake and the seeds.`
    : `- No PDF of the report in this bundle: ${pdf.absentBecause.en}`
}
- \`exports/*.jsonl\`: every unit of each block, one JSON line per unit after a header line
  (\`docs/reference/file-formats.md\` of Instant Lab).
- \`digests/*.json\`: each block's SHA-256 per segment of 10,000 units, the block digest (SHA-256
  of the segment digests one after the other) and the Merkle root over the segment digests.
- \`rules/\`: the rules data (prize tables, symbols' gains) and the legal RTP bands used.
- \`generator.json\`: the generator's name and version.
- \`check.py\`: an independent checker (Python 3, standard library only).${
    withJournal
      ? `
- \`journal/entries.jsonl\`: an **excerpt** of the operator's compliance journal: its entries on these
  blocks only (audits, exports, verifications). Its first line says so (\`"excerpt"\`, and the blocks it
  covers); then one JSON line per entry, as the journal holds it: each line's \`hash\` is the SHA-256 of the
  line without it (keys sorted, no spaces), and \`prev\` the hash of the entry before it in the journal.
  Entries on other work are left out of the excerpt: the numbers (\`seq\`) jump and a \`prev\` may name an
  entry that is not there, without anything having been removed. To check it: every \`hash\` is recomputed;
  where two entries follow each other (consecutive \`seq\`), the second's \`prev\` is the first's \`hash\`.
  \`instant-lab verify-bundle\`, \`instant-lab journal verify\` and the Journal screen's "Open a journal file…"
  check it so.`
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
