/**
 * The Journal screen's check against checkpoints in sentences: a title for the whole (held, or
 * failed with its problems counted), and one line per file in the order given — the entries a
 * bundle proves « included » and the journal extending its head, or what the check found (cut,
 * rewritten, forged, another key), then any fork, then the files that held no checkpoint; and
 * the key required, when one was given.
 */
import type { AgainstVerdict, LocalizedText } from '@engine';
import type { JobMap } from '@shared/jobs/protocol';
import type { Translate } from './verdict-text';

export type AgainstResult = JobMap['journalAgainst']['output'];

/** One line of the list: whether it holds, and what it says. */
export interface AgainstItem {
  readonly ok: boolean;
  readonly text: string;
}

/** The title: every checkpoint held, or the problems found counted (files refused among them). */
export function againstTitle(t: Translate, r: AgainstResult, count: (n: number) => string): string {
  const problems = r.verdict.findings.length + r.refused.length;
  if (problems > 0)
    return t('journalAgainst.failed', {
      problems: t('journalAgainst.problemCount', { n: count(problems) }, problems),
    });
  const n = r.verdict.checks.length;
  return n === 0 ? t('journalAgainst.none', {}) : t('journalAgainst.held', { n: count(n) }, n);
}

/** The key every checkpoint had to be signed with, when a public key file was given and read. */
export function againstKey(t: Translate, r: AgainstResult): string | null {
  return r.key ? t('journalAgainst.key', { fingerprint: r.key.fingerprint, name: r.key.name }) : null;
}

/** Each file's line, then the forks, then the files refused; `lt` says an engine text in the screen's language. */
export function againstItems(
  t: Translate,
  lt: (text: LocalizedText) => string,
  r: AgainstResult,
  count: (n: number) => string,
): AgainstItem[] {
  const v: AgainstVerdict = r.verdict;
  const journal = count(v.size);
  const out: AgainstItem[] = [];
  for (const c of v.checks) {
    if (c.holds) {
      const named = { name: c.name, size: count(c.size), root: c.root, fingerprint: c.fingerprint, journal };
      out.push({
        ok: true,
        text:
          c.entries > 0
            ? t('journalAgainst.included', { ...named, n: count(c.entries) }, c.entries)
            : t('journalAgainst.extends', { ...named, time: c.time }),
      });
    } else
      for (const f of v.findings)
        if (f.name === c.name && f.problem !== 'fork') out.push({ ok: false, text: lt(f.text) });
  }
  for (const f of v.findings) if (f.problem === 'fork') out.push({ ok: false, text: lt(f.text) });
  for (const x of r.refused) out.push({ ok: false, text: lt(x.text) });
  return out;
}
