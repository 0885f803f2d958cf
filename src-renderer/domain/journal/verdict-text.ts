/**
 * The journal's verdict in one sentence, each count with its plural (« 1 problème sur 4 lignes »),
 * for its heading and for what the screen announces: one wording for both.
 */
import type { JournalVerdict } from '@engine';

/** vue-i18n's `t` with a plural choice. */
export type Translate = (key: string, named: Record<string, unknown>, plural?: number) => string;

export function journalVerdictText(t: Translate, v: JournalVerdict): string {
  if (v.ok) return t('journal.intact', { n: v.entries }, v.entries);
  return t('journal.broken', {
    problems: t('journal.problemCount', { n: v.findings.length }, v.findings.length),
    lines: t('journal.lineCount', { n: v.lines }, v.lines),
    entries: v.entries,
  });
}
