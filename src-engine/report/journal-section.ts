/**
 * The compliance journal's signed checkpoint a report carries (`audit --journal J --sign K`), as a
 * section of the report's view: its size, Merkle root, time and signer. The checkpoint is of the
 * journal as it stood before the report's own entry, as a bundle's is: that entry records the
 * report's SHA-256, so no checkpoint inside the report can cover it.
 */
import type { Checkpoint } from '../journal/checkpoint';
import { formatCount, formatDateTime } from '../format/numbers';
import type { Lang } from '../format/numbers';
import type { ViewSection } from './report-view-types';

const TEXT = {
  fr: {
    title: 'Journal de conformité',
    size: 'Entrées signées',
    root: 'Racine de Merkle',
    time: 'Signé le',
    signer: 'Clé de signature (empreinte)',
    meaning:
      'Point de contrôle signé du journal tel qu’il était avant l’entrée de ce rapport (elle contient l’empreinte SHA-256 du rapport, qui ne peut donc pas y figurer). « instant-lab journal verify JOURNAL --against ce-rapport » vérifie que le journal n’a été ni coupé ni réécrit avant ce point.',
  },
  en: {
    title: 'Compliance journal',
    size: 'Entries signed',
    root: 'Merkle root',
    time: 'Signed on',
    signer: 'Signing key (fingerprint)',
    meaning:
      'Signed checkpoint of the journal as it stood before this report’s own entry (that entry holds the report’s SHA-256, so it cannot be in it). “instant-lab journal verify JOURNAL --against this-report” checks that the journal was neither cut nor rewritten before this point.',
  },
} as const;

/** The section of the checkpoint `c`, worded in `lang`. */
export function journalSection(c: Checkpoint, lang: Lang): ViewSection {
  const t = TEXT[lang];
  return {
    title: t.title,
    pairs: [
      { label: t.size, value: { text: formatCount(c.size, lang), testId: 'journal-checkpoint-size' } },
      { label: t.root, value: { text: c.root, code: true, testId: 'journal-checkpoint-root' } },
      { label: t.time, value: { text: `${formatDateTime(c.time, lang, true)} (${c.time})` } },
      { label: t.signer, value: { text: c.fingerprint, code: true, testId: 'journal-checkpoint-signer' } },
    ],
    paragraphs: [{ small: true, text: t.meaning }],
  };
}
