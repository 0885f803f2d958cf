/**
 * Messages of the Journal screen's check against checkpoints (checkpoint files, audit reports,
 * bundles, dispute cases dropped beside the journal), worded as `journal verify --against` and `verify-bundle` say it.
 */
export default {
  fr: {
    journalAgainst: {
      title: 'Vérifier contre des points de contrôle',
      intro:
        'Déposez ici ou choisissez des points de contrôle signés (checkpoint.json), des rapports d’audit (HTML, JSON), des dossiers de preuves ou de litige (.zip), autant que vous voulez : la signature de chacun est vérifiée, puis la cohérence de sa tête avec celle de ce journal (RFC 9162). Un journal coupé ou réécrit après la signature d’un point de contrôle est nommé, avec la première entrée qui diffère quand elle peut se savoir. Une clé publique (.pub) déposée parmi eux ou choisie ci-dessous est celle qui doit les avoir tous signés.',
      drop: 'Déposez des fichiers ici',
      pub: 'Clé publique exigée (le fichier .pub de keygen, facultatif)',
      key: 'Clé exigée : {fingerprint} ({name}) ; chaque point de contrôle doit être signé par elle.',
      choose: 'Choisir un fichier…',
      clear: 'Retirer les fichiers',
      checking: 'Vérification du journal contre les points de contrôle…',
      journal: 'Ce journal : {n} entrée, racine {root}. | Ce journal : {n} entrées, racine {root}.',
      held: 'Points de contrôle tenus : {n} ; rien de ce qu’il a signé n’a été coupé ni réécrit. | Points de contrôle tenus : {n} ; rien de ce qu’ils ont signé n’a été coupé ni réécrit.',
      failed: 'Points de contrôle : ÉCHEC, {problems}.',
      none: 'Aucun point de contrôle dans ces fichiers.',
      problemCount: '{n} problème | {n} problèmes',
      included:
        '{name} : {n} entrée d’un journal de {size} entrées, tête {root}, signée par la clé {fingerprint} : incluse ; ce journal ({journal} entrées) le prolonge. | {name} : {n} entrées d’un journal de {size} entrées, tête {root}, signées par la clé {fingerprint} : incluses ; ce journal ({journal} entrées) le prolonge.',
      extends:
        '{name} : point de contrôle de {size} entrées du {time}, tête {root}, signé par la clé {fingerprint} : ce journal ({journal} entrées) le prolonge.',
    },
  },
  en: {
    journalAgainst: {
      title: 'Check against checkpoints',
      intro:
        'Drop or choose signed checkpoints (checkpoint.json), audit reports (HTML, JSON), evidence bundles or dispute cases (.zip) here, as many as you like: each one’s signature is checked, then that its head is consistent with this journal’s (RFC 9162). A journal cut or rewritten after a checkpoint was signed is named, with the first entry that differs when it can be known. A public key (.pub) dropped among them or chosen below is the one that must have signed them all.',
      drop: 'Drop files here',
      pub: 'Required public key (keygen’s .pub file, optional)',
      key: 'Key required: {fingerprint} ({name}); every checkpoint must be signed with it.',
      choose: 'Choose a file…',
      clear: 'Remove the files',
      checking: 'Checking the journal against the checkpoints…',
      journal: 'This journal: {n} entry, root {root}. | This journal: {n} entries, root {root}.',
      held: 'Checkpoints held: {n}; nothing it signed was cut or rewritten. | Checkpoints held: {n}; nothing they signed was cut or rewritten.',
      failed: 'Checkpoints: FAILED, {problems}.',
      none: 'No checkpoint in these files.',
      problemCount: '{n} problem | {n} problems',
      included:
        '{name}: {n} entry of a journal of {size} entries, head {root}, signed by key {fingerprint}: included; this journal ({journal} entries) extends it. | {name}: {n} entries of a journal of {size} entries, head {root}, signed by key {fingerprint}: included; this journal ({journal} entries) extends it.',
      extends:
        '{name}: checkpoint of {size} entries of {time}, head {root}, signed by key {fingerprint}: this journal ({journal} entries) extends it.',
    },
  },
};
