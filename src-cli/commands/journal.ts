/**
 * `journal verify [FILE]`: checks a compliance journal entry by entry (the hash chain of
 * `src-engine/journal`) and names every broken entry, the first one first. FILE defaults to the
 * `INSTANT_LAB_JOURNAL` environment variable.
 *
 * Exit 0: the journal verifies; 1: an entry is removed, altered or torn; 2: bad usage or unreadable.
 */
import { UsageError } from '../errors';
import { parseFlags } from '../args';
import { readJournal } from '../journal-file';

export const JOURNAL_USAGE = 'journal verify [FILE] [--json]   (FILE defaults to $INSTANT_LAB_JOURNAL)';

/** What `journal --help` prints. */
export const JOURNAL_HELP = `usage: ${JOURNAL_USAGE}
Checks a compliance journal (written by --journal FILE on audit, verify, export, evidence and
replay, or the app's own journal.jsonl) entry by entry: each line's form and SHA-256, each entry's number and its link to the entry before.
Names the first broken entry, then every problem line by line (removed, altered, torn, not an entry).
Exit 0: the journal verifies; 1: it does not; 2: bad usage or an unreadable file.`;

export async function journalCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    { json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
    true,
  );
  if (values.help) {
    process.stdout.write(`${JOURNAL_HELP}\n`);
    return 0;
  }
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
    const out = [`journal: ${path}`, `lines: ${v.lines}, entries that verify: ${v.entries}`];
    if (v.ok) out.push(`verdict: VERIFIED (${v.entries} entries, each chained to the one before)`);
    else {
      out.push(`verdict: BROKEN (${v.findings.length} problem${v.findings.length === 1 ? '' : 's'})`);
      out.push(`first broken entry: ${v.firstBroken!.text.en}`);
      for (const f of v.findings) out.push(`  - ${f.text.en}`);
    }
    process.stdout.write(`${out.join('\n')}\n`);
  }
  return v.ok ? 0 : 1;
}
