/**
 * The journal's verdict in one sentence, each count with its plural (« 1 problème sur 4 lignes »),
 * for its heading and for what the screen announces: one wording for both.
 */
import type { JournalVerdict } from '@engine';

/** vue-i18n's `t` with a plural choice. */
export type Translate = (key: string, named: Record<string, unknown>, plural?: number) => string;

/** `count` writes a count in the screen's number format (« 1 000 » in French, « 1,000 » in English). */
export function journalVerdictText(t: Translate, v: JournalVerdict, count: (n: number) => string): string {
  if (v.ok) return t('journal.intact', { n: count(v.entries) }, v.entries);
  return t('journal.broken', {
    problems: t('journal.problemCount', { n: count(v.findings.length) }, v.findings.length),
    lines: t('journal.lineCount', { n: count(v.lines) }, v.lines),
    entries: count(v.entries),
  });
}
