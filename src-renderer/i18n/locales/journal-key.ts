/** Messages of the app's journal key on the « Journal » screen: its fingerprint and a checkpoint signed on demand. */
export default {
  fr: {
    journalKey: {
      title: 'Clé du journal',
      fingerprint: 'Empreinte de la clé :',
      loading: 'Lecture de la clé du journal…',
      keptDesktop:
        'L’application signe la tête de son journal (taille, racine de Merkle, heure) avec cette clé Ed25519, à chaque dossier de preuves et à la demande. Elle la garde dans son dossier de données (journal-key.json, à côté du journal ; journal-key.pub est la clé publique à remettre). Comparez l’empreinte à celle d’un point de contrôle ou à celle qu’affiche instant-lab keygen.',
      keptWeb:
        'L’application signe la tête de son journal (taille, racine de Merkle, heure) avec cette clé Ed25519, à chaque dossier de preuves et à la demande. Elle la garde dans ce navigateur (IndexedDB), sa partie privée impossible à lire. Comparez l’empreinte à celle d’un point de contrôle ou à celle qu’affiche instant-lab keygen.',
      sign: 'Signer un point de contrôle',
      signing: 'Signature du point de contrôle…',
      saved:
        'Point de contrôle enregistré dans {file} : {n} entrée, racine {root}, signé le {time}. | Point de contrôle enregistré dans {file} : {n} entrées, racine {root}, signé le {time}.',
    },
  },
  en: {
    journalKey: {
      title: 'Journal key',
      fingerprint: 'Key fingerprint:',
      loading: 'Reading the journal key…',
      keptDesktop:
        'The app signs its journal’s head (size, Merkle root, time) with this Ed25519 key, at each evidence bundle and on demand. It keeps it in its data folder (journal-key.json, beside the journal; journal-key.pub is the public key to hand over). Compare the fingerprint with that of a checkpoint or with the one instant-lab keygen prints.',
      keptWeb:
        'The app signs its journal’s head (size, Merkle root, time) with this Ed25519 key, at each evidence bundle and on demand. It keeps it in this browser (IndexedDB), its private half unreadable. Compare the fingerprint with that of a checkpoint or with the one instant-lab keygen prints.',
      sign: 'Sign a checkpoint',
      signing: 'Signing the checkpoint…',
      saved:
        'Checkpoint saved in {file}: {n} entry, root {root}, signed at {time}. | Checkpoint saved in {file}: {n} entries, root {root}, signed at {time}.',
    },
  },
};
