/**
 * `journal verify [FILE]`: checks a compliance journal entry by entry (the hash chain of
 * `src-engine/journal`) and names every broken entry, the first one first. FILE defaults to the
 * `INSTANT_LAB_JOURNAL` environment variable.
 *
 * Exit 0: the journal verifies; 1: an entry is removed, altered or torn; 2: bad usage or unreadable.
 */
import { UsageError } from '../errors';
import { parseFlags, parseLang } from '../args';
import { count } from '../text-table';
import { readJournal } from '../journal-file';

export const JOURNAL_USAGE = 'journal verify [FILE] [--lang fr|en] [--json]   (FILE defaults to $INSTANT_LAB_JOURNAL)';

/** What `journal --help` prints. */
export const JOURNAL_HELP = `usage: instant-lab journal ${JOURNAL_USAGE.replace(/^journal /, '')}
journal: checks a compliance journal (written by --journal FILE on audit, verify, export, evidence and
replay, or the app's own journal.jsonl) entry by entry: each line's form and SHA-256, each entry's
number and its link to the entry before.
Names the first broken entry, then every problem line by line (removed, altered, torn, not an entry).
Exit 0: the journal verifies; 1: it does not; 2: bad usage or an unreadable file.`;

export async function journalCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    { json: { type: 'boolean', default: false }, lang: { type: 'string' }, help: { type: 'boolean', default: false } },
    true,
  );
  if (values.help) {
    process.stdout.write(`${JOURNAL_HELP}\n`);
    return 0;
  }
  const lang = parseLang(values.lang);
  const [action, ...files] = positionals;
  if (action !== 'verify') throw new UsageError(`expected "verify": ${JOURNAL_USAGE}`);
  if (files.length > 1)
    throw new UsageError(`expected at most one journal file, got ${files.length}: ${JOURNAL_USAGE}`);
  const path = files[0] ?? process.env['INSTANT_LAB_JOURNAL'];
  if (path === undefined || path === '')
    throw new UsageError(`expected a journal file (or INSTANT_LAB_JOURNAL set): ${JOURNAL_USAGE}`);
  const v = await readJournal('journal', path, false);
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({
        file: path,
        ok: v.ok,
        excerpt: v.excerpt !== null,
        lines: v.lines,
        entries: v.entries,
        first_broken: v.firstBroken && {
          line: v.firstBroken.line,
          seq: v.firstBroken.seq,
          problem: v.firstBroken.problem,
        },
        findings: v.findings.map((f) => ({ line: f.line, seq: f.seq, problem: f.problem, message: f.text.en })),
      })}\n`,
    );
  } else {
    const fr = lang === 'fr';
    const n = (x: number): string => count(x, lang);
    const out = fr
      ? [`journal : ${path}`, `lignes : ${n(v.lines)}, entrées vérifiées : ${n(v.entries)}`]
      : [`journal: ${path}`, `lines: ${n(v.lines)}, entries that verify: ${n(v.entries)}`];
    // an empty file holds no chain to check: said as such, never as entries « each chained »
    if (v.ok && v.lines === 0)
      out.push(
        fr
          ? 'verdict : VÉRIFIÉ (journal vide : aucune entrée, rien à enchaîner)'
          : 'verdict: VERIFIED (an empty journal: no entries, no chain to check)',
      );
    else if (v.ok && v.excerpt)
      // an excerpt's gaps are entries left out of it, not removed from it
      out.push(
        fr
          ? `verdict : VÉRIFIÉ (extrait de journal : ${v.entries === 1 ? '1 entrée, intacte' : `${n(v.entries)} entrées, chacune intacte`} ; les entrées absentes entre elles ne sont pas dans l'extrait)`
          : `verdict: VERIFIED (a journal excerpt: ${v.entries === 1 ? '1 entry, intact' : `${n(v.entries)} entries, each intact`}; the entries missing between them are not in the excerpt)`,
      );
    else if (v.ok)
      out.push(
        fr
          ? `verdict : VÉRIFIÉ (${v.entries === 1 ? '1 entrée, chaînée' : `${n(v.entries)} entrées, chacune chaînée`} à la précédente)`
          : `verdict: VERIFIED (${v.entries === 1 ? '1 entry, chained' : `${n(v.entries)} entries, each chained`} to the one before)`,
      );
    else {
      const k = v.findings.length;
      out.push(
        fr
          ? `verdict : ROMPU (${v.excerpt ? 'extrait de journal, ' : ''}${n(k)} problème${k === 1 ? '' : 's'})`
          : `verdict: BROKEN (${v.excerpt ? 'a journal excerpt, ' : ''}${n(k)} problem${k === 1 ? '' : 's'})`,
      );
      out.push(`${fr ? 'première entrée rompue :' : 'first broken entry:'} ${v.firstBroken!.text[lang]}`);
      for (const f of v.findings) out.push(`  - ${f.text[lang]}`);
    }
    process.stdout.write(`${out.join('\n')}\n`);
  }
  return v.ok ? 0 : 1;
}
