/** Messages of the rule-text panel that every citation opens. */
export default {
  fr: {
    rules: {
      open: 'Lire le texte : {cite}',
      title: 'Texte du règlement',
      cited: 'Cité : {cite}',
      signed: 'Fait à {place}, le {date}',
      original: 'Texte officiel',
      translation: 'Traduction anglaise (non officielle)',
      translationNote: 'Traduction du produit, non officielle : le texte français fait foi.',
      frenchOriginal: 'Texte original en français (fait foi)',
      decisions: 'Décisions du produit',
      decisionsNote:
        'Énoncées en entier, avec le code qui les applique et les tests qui les vérifient, dans docs/rules.md.',
      bothGames: 'Le jeu n’étant pas connu ici, l’article est cité dans les deux règlements.',
      unknown: 'Absent des règlements et des décisions : {items}',
      appendix: 'Annexe : articles cités',
      appendixNote: 'Texte des articles et décisions cités sur cette page, tel que publié.',
      close: 'Fermer le texte du règlement',
    },
  },
  en: {
    rules: {
      open: 'Read the text: {cite}',
      title: 'Rule text',
      cited: 'Cited: {cite}',
      signed: 'Done in {place}, {date}',
      original: 'Official text',
      translation: 'English translation (not official)',
      translationNote: 'Translation by the product, not an official text: the French text is the authority.',
      frenchOriginal: 'French original (authoritative)',
      decisions: 'Product decisions',
      decisionsNote: 'Stated in full, with the code that applies them and the tests that check them, in docs/rules.md.',
      bothGames: 'The game is not known here, so the article is quoted from both rule documents.',
      unknown: 'Not in the rules or the decisions: {items}',
      appendix: 'Appendix: articles cited',
      appendixNote: 'Text of the articles and decisions cited on this page, as published.',
      close: 'Close the rule text',
    },
  },
};
