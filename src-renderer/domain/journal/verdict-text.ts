/**
 * The journal's verdict in one sentence, each count with its plural (« 1 problème sur 4 lignes »),
 * for its heading and for what the screen announces: one wording for both. A journal excerpt
 * (journal/excerpt-mark.ts) is named as one, with the verdict `verify-bundle` gives it.
 */
import type { JournalVerdict } from '@engine';

/** vue-i18n's `t` with a plural choice. */
export type Translate = (key: string, named: Record<string, unknown>, plural?: number) => string;

/** `count` writes a count in the screen's number format (« 1 000 » in French, « 1,000 » in English). */
export function journalVerdictText(t: Translate, v: JournalVerdict, count: (n: number) => string): string {
  // an excerpt (an evidence bundle's entries on its blocks) is judged as one: its gaps are no finding
  const excerpt = Boolean(v.excerpt);
  // an excerpt that carries its checkpoint and proofs: the verdict `journal verify` and `verify-bundle` give it
  if (v.ok && v.inclusion)
    return t('journal.excerptIncluded', { n: count(v.entries), size: count(v.inclusion.size) }, v.entries);
  if (v.ok) return t(excerpt ? 'journal.excerptIntact' : 'journal.intact', { n: count(v.entries) }, v.entries);
  return t(excerpt ? 'journal.excerptBroken' : 'journal.broken', {
    problems: t('journal.problemCount', { n: count(v.findings.length) }, v.findings.length),
    lines: t('journal.lineCount', { n: count(v.lines) }, v.lines),
    entries: count(v.entries),
  });
}
