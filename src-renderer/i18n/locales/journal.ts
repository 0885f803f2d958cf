/** Messages of the « Journal » screen and of the journal lines the other screens show. */
export default {
  fr: {
    journal: {
      title: 'Journal de conformité',
      intro:
        'Chaque rapport d’audit construit, export vérifié, dossier de preuves, bloc exporté, preuve de rejeu enregistrée et dossier de litige est une entrée, chaînée à la précédente par son empreinte SHA-256 : une entrée supprimée, modifiée ou coupée est trouvée et nommée.',
      whereApp: 'Journal de l’application : {where}',
      whereFile: 'Fichier ouvert : {where}',
      reload: 'Relire le journal de l’application',
      open: 'Ouvrir un fichier journal…',
      loading: 'Lecture et vérification du journal…',
      intact: 'Chaîne intacte, {n} entrée. | Chaîne intacte, {n} entrées.',
      empty: 'Le journal est vide : aucun travail n’a encore été journalisé.',
      broken: 'Chaîne rompue : {problems} sur {lines} ; entrées vérifiées : {entries}.',
      excerptIntact:
        'Extrait de journal : {n} entrée, intacte ; les entrées absentes avant elle ne sont pas dans l’extrait. | Extrait de journal : {n} entrées, chacune intacte ; les entrées absentes entre elles ne sont pas dans l’extrait.',
      excerptBroken: 'Extrait de journal altéré : {problems} sur {lines} ; entrées vérifiées : {entries}.',
      excerptIncluded:
        'Extrait de journal : {n} entrée d’un journal de {size} entrées, signée : incluse. | Extrait de journal : {n} entrées d’un journal de {size} entrées, signées : incluses.',
      inclusionNote:
        'Tête {root} du {time}, signée par la clé {fingerprint} : chaque entrée est prouvée dans l’arbre de Merkle du journal (RFC 9162), ce journal tenant {size} entrées quand l’extrait a été fait.',
      excerptNote:
        'Ce fichier est un extrait (sa première ligne le dit) : les entrées d’un dossier de preuves sur ses blocs seuls. Ses numéros sautent et un « prev » peut désigner une entrée laissée hors de l’extrait : ce n’est pas une suppression. Chaque entrée donne son empreinte, et là où deux se suivent, la seconde s’enchaîne à la première.',
      problemCount: '{n} problème | {n} problèmes',
      lineCount: '{n} ligne | {n} lignes',
      firstBroken: 'Première entrée rompue — {text}',
      findings: 'Problèmes, ligne par ligne',
      repaired:
        'Au démarrage, la dernière entrée du journal était coupée (ligne {line}, {bytes} octets, SHA-256 {sha}) : elle est conservée dans {file}, à côté du journal, et la réparation est l’entrée {seq}.',
      repairedUnkept:
        'Au démarrage, la dernière entrée du journal est coupée (ligne {line}, {bytes} octets) et n’a pas pu être mise de côté : le journal est laissé tel quel et rien n’y sera ajouté pendant cette session.',
      filters: 'Filtres',
      kind: 'Type',
      allKinds: 'Tous',
      text: 'Texte (fichier, graine, empreinte…)',
      from: 'Du',
      to: 'Au',
      dayProblem:
        'Date attendue au format {pattern}, et qui existe (par exemple {example}) : « {got} » n’en est pas une. Ce filtre ne s’applique qu’une fois la date corrigée.',
      shown:
        '{n} entrée affichée sur {total}, les plus récentes en premier. | {n} entrées affichées sur {total}, les plus récentes en premier.',
      none: 'Aucune entrée ne correspond aux filtres.',
      columns: {
        seq: 'N°',
        at: 'Date et heure',
        kind: 'Type',
        inputs: 'Données d’entrée',
        outputs: 'Empreintes et résultats',
        verdict: 'Verdict',
        chain: 'Chaîne',
      },
      verdicts: {
        conforming: 'conforme',
        'not-conforming': 'NON CONFORME',
        'not-an-export': 'pas un export',
        PASS: 'réussi',
        FAIL: 'ÉCHEC',
      },
      chainOk: 'intacte',
      chainBroken: 'rompue',
      kinds: {
        'audit-report': 'Rapport d’audit',
        'export-verified': 'Export vérifié',
        'evidence-bundle': 'Dossier de preuves',
        'block-export': 'Bloc exporté',
        'replay-evidence': 'Preuve de rejeu',
        'dispute-case': 'Dossier de litige',
        'journal-repair': 'Réparation du journal',
      },
      more: 'Afficher {n} entrées de plus',
      recorded: 'Journalisé : entrée {seq}.',
      close: 'Fermer',
    },
  },
  en: {
    journal: {
      title: 'Compliance journal',
      intro:
        'Every audit report built, export verified, evidence bundle, block exported, replay evidence saved and dispute case made is one entry, chained to the one before by its SHA-256: an entry removed, altered or torn is found and named.',
      whereApp: 'The app’s journal: {where}',
      whereFile: 'File opened: {where}',
      reload: 'Read the app’s journal again',
      open: 'Open a journal file…',
      loading: 'Reading and checking the journal…',
      intact: 'Chain intact, {n} entry. | Chain intact, {n} entries.',
      empty: 'The journal is empty: no work has been journaled yet.',
      broken: 'Chain broken: {problems} over {lines}; entries that verify: {entries}.',
      excerptIntact:
        'Journal excerpt: {n} entry, intact; the entries missing before it are not in the excerpt. | Journal excerpt: {n} entries, each intact; the entries missing between them are not in the excerpt.',
      excerptBroken: 'Journal excerpt altered: {problems} over {lines}; entries that verify: {entries}.',
      excerptIncluded:
        'Journal excerpt: {n} entry of a journal of {size} entries, signed: included. | Journal excerpt: {n} entries of a journal of {size} entries, signed: included.',
      inclusionNote:
        'Head {root} of {time}, signed by key {fingerprint}: each entry is proved in the journal’s Merkle tree (RFC 9162), the journal holding {size} entries when the excerpt was made.',
      excerptNote:
        'This file is an excerpt (its first line says so): an evidence bundle’s entries on its blocks only. Its numbers jump and a “prev” may name an entry left out of the excerpt: that is no removal. Every entry gives its hash, and where two follow each other, the second chains to the first.',
      problemCount: '{n} problem | {n} problems',
      lineCount: '{n} line | {n} lines',
      firstBroken: 'First broken entry — {text}',
      findings: 'Problems, line by line',
      repaired:
        'At start, the journal’s last entry was torn (line {line}, {bytes} bytes, SHA-256 {sha}): it is kept in {file}, beside the journal, and the repair is entry {seq}.',
      repairedUnkept:
        'At start, the journal’s last entry is torn (line {line}, {bytes} bytes) and could not be kept aside: the journal is left as it is and nothing will be added to it in this session.',
      filters: 'Filters',
      kind: 'Kind',
      allKinds: 'All',
      text: 'Text (file, seed, digest…)',
      from: 'From',
      to: 'To',
      dayProblem:
        'Expected a date written {pattern} that exists (for example {example}): “{got}” is not one. This filter applies once the date is fixed.',
      shown: 'Entries shown: {n} of {total}, newest first. | Entries shown: {n} of {total}, newest first.',
      none: 'No entry matches the filters.',
      columns: {
        seq: 'No.',
        at: 'Date and time',
        kind: 'Kind',
        inputs: 'Inputs',
        outputs: 'Digests and results',
        verdict: 'Verdict',
        chain: 'Chain',
      },
      verdicts: {
        conforming: 'conforms',
        'not-conforming': 'DOES NOT CONFORM',
        'not-an-export': 'not an export',
        PASS: 'pass',
        FAIL: 'FAIL',
      },
      chainOk: 'intact',
      chainBroken: 'broken',
      kinds: {
        'audit-report': 'Audit report',
        'export-verified': 'Export verified',
        'evidence-bundle': 'Evidence bundle',
        'block-export': 'Block exported',
        'replay-evidence': 'Replay evidence',
        'dispute-case': 'Dispute case',
        'journal-repair': 'Journal repair',
      },
      more: 'Show {n} more entries',
      recorded: 'Journaled: entry {seq}.',
      close: 'Close',
    },
  },
};
