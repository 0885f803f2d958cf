/**
 * The compliance journal's signed checkpoint a report carries (`audit --journal J --sign K`), as a
 * section of the report's view: its size, Merkle root, time and signer. The checkpoint is of the
 * journal's first N entries as read before the report (at the time it was signed): others may be
 * appended before the report's own entry, which records the report's SHA-256 and so cannot be in it.
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
    meaning: (n: number) =>
      `Point de contrôle signé ${n === 0 ? 'du journal vide, tel que lu' : n === 1 ? 'de la première entrée du journal, telle que lue' : `des ${formatCount(n, 'fr')} premières entrées du journal, telles que lues`} avant ce rapport (l’entrée de ce rapport contient son empreinte SHA-256 et ne peut donc pas y figurer). « instant-lab journal verify JOURNAL --against ce-rapport » vérifie que le journal n’a été ni coupé ni réécrit avant ce point.`,
  },
  en: {
    title: 'Compliance journal',
    size: 'Entries signed',
    root: 'Merkle root',
    time: 'Signed on',
    signer: 'Signing key (fingerprint)',
    meaning: (n: number) =>
      `Signed checkpoint of ${n === 0 ? 'the empty journal' : n === 1 ? 'the journal’s first entry' : `the journal’s first ${formatCount(n, 'en')} entries`}, as read before this report (this report’s own entry holds its SHA-256, so it cannot be in it). “instant-lab journal verify JOURNAL --against this-report” checks that the journal was neither cut nor rewritten before this point.`,
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
    paragraphs: [{ small: true, text: t.meaning(c.size) }],
  };
}
