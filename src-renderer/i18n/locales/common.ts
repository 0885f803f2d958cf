/** Messages shared by every screen. */
export default {
  fr: {
    app: {
      title: 'Instant Lab',
      subtitle: 'Simulateur opérateur des jeux instantanés FDJ',
      skip: 'Aller au contenu',
      about:
        'Instant Lab {version} : simulateur opérateur de « Mine d’or » et « Les 3 Gongs » (règlements FDJ du 4 octobre 2011 et du 3 février 2010).',
      settingsRecovered:
        'Le fichier de réglages était illisible ({reason}) : il est gardé tel quel sous le nom {file}, dans le même dossier, et les réglages repartent des valeurs par défaut.',
      settingsUnsaved:
        'Le fichier de réglages est illisible ({reason}) et n’a pas pu être mis de côté : il est laissé tel quel et aucun réglage ne sera enregistré pendant cette session.',
    },
    nav: {
      simulation: 'Simulation',
      replay: 'Rejeu',
      compliance: 'Conformité',
      explorer: 'Explorateur de gains',
      journal: 'Journal',
    },
    lang: { label: 'Langue', fr: 'Français', en: 'English' },
    game: { 'mine-d-or': "Mine d'or", 'les-3-gongs': 'Les 3 Gongs', label: 'Jeu' },
    stake: { label: 'Mise' },
    fields: {
      seedDigits: 'Graine « {value} » refusée : attendu un nombre entier (chiffres uniquement) de 0 à {max}.',
      seedRange: 'Graine {value} hors limites : attendu un nombre entier de 0 à {max}.',
      seedSpan:
        'Avec {blocks} blocs, la graine du premier bloc doit être au plus {max} (le dernier bloc utilise graine + {blocks} − 1).',
      blocksRange: 'Nombre de blocs « {value} » refusé : attendu un nombre entier de {min} à {max}.',
    },
    files: {
      remove: 'Retirer {name}',
      bytes: '{n} octets',
      refused:
        'Fichier refusé : {names}. Ce panneau prend un fichier {types}. | Fichiers refusés : {names}. Ce panneau prend des fichiers {types}.',
    },
    common: {
      cancel: 'Annuler',
      run: 'Lancer',
      close: 'Fermer',
      exportPng: 'Exporter en PNG',
      exportedAt: 'Exporté le {date}',
      exportCsv: 'Exporter en CSV',
      exportJson: 'Exporter en JSON',
      print: 'Imprimer en PDF',
      error: 'Erreur',
      losing: 'Perdant',
      total: 'Total',
      yes: 'oui',
      no: 'non',
      units: 'unités',
      seed: 'Graine',
      index: 'Indice',
      dataTable: 'Données du graphique',
    },
  },
  en: {
    app: {
      title: 'Instant Lab',
      subtitle: 'Operator simulator for FDJ instant games',
      skip: 'Skip to content',
      about:
        'Instant Lab {version}: operator simulator for « Mine d’or » and « Les 3 Gongs » (FDJ rules of 4 October 2011 and 3 February 2010).',
      settingsRecovered:
        'The settings file could not be read ({reason}): it is kept as it was under the name {file}, in the same folder, and the settings start again from their defaults.',
      settingsUnsaved:
        'The settings file cannot be read ({reason}) and could not be kept aside: it is left as it is and no setting will be saved in this session.',
    },
    nav: {
      simulation: 'Simulation',
      replay: 'Replay',
      compliance: 'Compliance',
      explorer: 'Payout explorer',
      journal: 'Journal',
    },
    lang: { label: 'Language', fr: 'Français', en: 'English' },
    game: { 'mine-d-or': "Mine d'or", 'les-3-gongs': 'Les 3 Gongs', label: 'Game' },
    stake: { label: 'Stake' },
    fields: {
      seedDigits: 'Seed "{value}" refused: expected a whole number (digits only) from 0 to {max}.',
      seedRange: 'Seed {value} is out of range: expected a whole number from 0 to {max}.',
      seedSpan:
        'With {blocks} blocks, the first block’s seed must be at most {max} (the last block uses seed + {blocks} − 1).',
      blocksRange: 'Number of blocks "{value}" refused: expected a whole number from {min} to {max}.',
    },
    files: {
      remove: 'Remove {name}',
      bytes: '{n} bytes',
      refused:
        'File refused: {names}. This panel takes a {types} file. | Files refused: {names}. This panel takes {types} files.',
    },
    common: {
      cancel: 'Cancel',
      run: 'Run',
      close: 'Close',
      exportPng: 'Export PNG',
      exportedAt: 'Exported on {date}',
      exportCsv: 'Export CSV',
      exportJson: 'Export JSON',
      print: 'Print to PDF',
      error: 'Error',
      losing: 'Losing',
      total: 'Total',
      yes: 'yes',
      no: 'no',
      units: 'units',
      seed: 'Seed',
      index: 'Index',
      dataTable: 'Chart data',
    },
  },
};
