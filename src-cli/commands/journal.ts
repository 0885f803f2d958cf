/**
 * `journal verify [FILE] [--against X…]`: checks a compliance journal entry by entry (the hash
 * chain of `src-engine/journal`) and names every broken entry, the first one first; with
 * `--against`, also checks it against earlier signed checkpoints (a checkpoint file, an audit
 * report, a bundle or a dispute case), which catch a journal cut or rewritten. `journal checkpoint
 * FILE --key K --out cp.json` signs the journal's head now. FILE defaults to the `INSTANT_LAB_JOURNAL` environment variable.
 *
 * Exit 0: the journal verifies (and every checkpoint holds); 1: an entry is removed, altered or
 * torn, or a checkpoint does not hold; 2: bad usage or unreadable.
 */
import { UsageError, quotedPath } from '../errors';
import { parseFlags, parseLang } from '../args';
import { defineCommand, usageLine } from '../command-spec';
import { JSON_OUTPUT, LANG, FORCE } from '../common-options';
import { count } from '../text-table';
import { streamJournal } from '../journal-stream';
import { againstLines, readAllHeld, writeCheckpoint } from '../journal-against';
import { verifyAgainst } from '@engine';
import { readPublicKey } from './verify-bundle';
import type { ExcerptInclusion } from '@engine';

/** « N entries of a journal of S entries, head …, signed by …: included », in one language. */
export function includedVerdict(entries: number, i: ExcerptInclusion, lang: 'fr' | 'en'): string {
  const n = (x: number): string => count(x, lang);
  return lang === 'fr'
    ? `verdict : INCLUSES (${n(entries)} ${entries === 1 ? 'entrée' : 'entrées'} d'un journal de ${n(i.size)} entrées, tête ${i.root} du ${i.time}, signée par la clé ${i.fingerprint} : chacune prouvée dans son arbre de Merkle)`
    : `verdict: INCLUDED (${n(entries)} ${entries === 1 ? 'entry' : 'entries'} of a journal of ${n(i.size)} entries, head ${i.root} of ${i.time}, signed by key ${i.fingerprint}: each proved in its Merkle tree)`;
}

const checkpointProblems = (k: number, lang: 'fr' | 'en'): string =>
  lang === 'fr'
    ? `${count(k, lang)} problème${k === 1 ? '' : 's'} de point de contrôle`
    : `${count(k, lang)} checkpoint problem${k === 1 ? '' : 's'}`;

/** What the chain alone says, when a checkpoint does not hold. */
function chained(entries: number, lang: 'fr' | 'en'): string {
  if (entries === 0) return lang === 'fr' ? 'le journal est vide' : 'the journal is empty';
  if (entries === 1) return lang === 'fr' ? "l'entrée est chaînée" : 'the entry is chained';
  return lang === 'fr'
    ? `les ${count(entries, lang)} entrées sont chaînées`
    : `the ${count(entries, lang)} entries are chained`;
}

export const JOURNAL = defineCommand({
  name: 'journal',
  does: 'checks a compliance journal’s hash chain and names the first broken entry',
  positionals: true,
  options: {
    against: {
      type: 'string',
      value: 'checkpoint.json|report.html|report.json|bundle.zip|case.zip',
      multiple: true,
      help: 'verify: a signed checkpoint of the journal, or an audit report, a bundle or a case that carries one',
    },
    pub: { type: 'string', value: 'KEYFILE.pub', help: 'verify: the key every checkpoint must be signed with' },
    ...LANG,
    ...JSON_OUTPUT,
    key: { type: 'string', value: 'KEYFILE', help: 'checkpoint: the private key that signs it (instant-lab keygen)' },
    out: { type: 'string', value: 'cp.json', help: 'checkpoint: the checkpoint to write' },
    ...FORCE,
  },
  forms: [
    { lead: 'verify [FILE]', options: ['against', 'pub', 'lang', 'json'] },
    {
      lead: 'checkpoint [FILE]',
      options: ['key', 'out', 'force'],
      needs: ['key', 'out'],
      tail: '  (FILE defaults to $INSTANT_LAB_JOURNAL)',
    },
  ],
  details: `journal verify checks a compliance journal (written by --journal FILE on audit, verify, export,
evidence and replay, or the app's own journal.jsonl) entry by entry: each line's form and SHA-256,
each entry's number and its link to the entry before.
Names the first broken entry, then every problem line by line (removed, altered, torn, not an entry).
With --against, each checkpoint's signature is checked, and a consistency proof from it to the
journal's head (RFC 9162): a journal cut after an entry, or rewritten from an entry on, is named,
with the first entry that differs when the file holds it; two checkpoints of one size that differ
are evidence of a fork. An audit report made with --journal and --sign carries the checkpoint of the
journal's first N entries, as read before the report (signed with the time they were read).
journal checkpoint signs the journal's head (size, Merkle root, time) with the key of \`instant-lab keygen\`.
Exit 0: the journal verifies; 1: it does not; 2: bad usage or an unreadable file (with --against, 1 also
when a checkpoint does not hold).`,
});

export async function journalCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, JOURNAL);
  const usage = usageLine(JOURNAL);
  const lang = parseLang(values.lang);
  const [action, ...files] = positionals;
  if (action !== 'verify' && action !== 'checkpoint')
    throw new UsageError(
      `expected "verify" or "checkpoint": ${usage}`,
      `"verify" ou "checkpoint" est attendu : ${usage}`,
    );
  if (files.length > 1)
    throw new UsageError(
      `expected at most one journal file, got ${files.length}: ${usage}`,
      `un fichier de journal au plus est attendu, ${files.length} donnés : ${usage}`,
    );
  const path = files[0] ?? process.env['INSTANT_LAB_JOURNAL'];
  if (path === undefined || path === '')
    throw new UsageError(
      `expected a journal file (or INSTANT_LAB_JOURNAL set): ${usage}`,
      `un fichier de journal est attendu (ou INSTANT_LAB_JOURNAL défini) : ${usage}`,
    );
  if (action === 'checkpoint') {
    if (values.against !== undefined || values.pub !== undefined || values.json)
      throw new UsageError(`journal checkpoint takes --key, --out and --force only: ${usage}`);
    return writeCheckpoint(path, values.key, values.out, values.force, lang);
  }
  if (values.key !== undefined || values.out !== undefined || values.force)
    throw new UsageError(
      `journal verify writes nothing (--key, --out and --force are for journal checkpoint): ${usage}`,
    );
  if (values.pub !== undefined && values.against === undefined)
    throw new UsageError(`--pub names the key of the checkpoints given with --against: ${usage}`);
  // the checkpoints first (small, and a bad one is refused before the journal is read), then the
  // journal once: its chain checked and, with --against, its tree built in the same pass
  const held = values.against === undefined ? null : await readAllHeld(values.against);
  const pinned = values.pub === undefined ? null : await readPublicKey(values.pub);
  const read = await streamJournal('journal', path, { tree: held === null ? 'none' : 'leaves' });
  const v = read.verdict;
  if (v.excerpt !== null && held !== null)
    throw new UsageError(
      `${quotedPath(path)} is a journal excerpt, not a whole journal: only a whole journal is checked --against checkpoints`,
    );
  const against = held === null ? null : verifyAgainst({ leaves: read.leaves!, root: read.root }, held, pinned);
  const ok = v.ok && (against === null || against.ok);
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({
        file: path,
        ok,
        excerpt: v.excerpt !== null,
        lines: v.lines,
        entries: v.entries,
        problems: v.problems,
        first_broken: v.firstBroken && {
          line: v.firstBroken.line,
          seq: v.firstBroken.seq,
          problem: v.firstBroken.problem,
        },
        findings: v.findings.map((f) => ({ line: f.line, seq: f.seq, problem: f.problem, message: f.text.en })),
        ...(v.inclusion ? { inclusion: v.inclusion } : {}),
        ...(against
          ? {
              against: {
                ok: against.ok,
                size: against.size,
                root: against.root,
                checks: against.checks,
                findings: against.findings.map((f) => ({
                  file: f.name,
                  problem: f.problem,
                  entry: f.entry,
                  message: f.text.en,
                })),
              },
            }
          : {}),
      })}\n`,
    );
  } else {
    const fr = lang === 'fr';
    const n = (x: number): string => count(x, lang);
    const out = fr
      ? [`journal : ${quotedPath(path)}`, `lignes : ${n(v.lines)}, entrées vérifiées : ${n(v.entries)}`]
      : [`journal: ${quotedPath(path)}`, `lines: ${n(v.lines)}, entries that verify: ${n(v.entries)}`];
    if (v.ok && against !== null && !against.ok)
      // the chain holds but a checkpoint does not: the verdict says so, never VERIFIED above it
      out.push(
        fr
          ? `verdict : ÉCHEC (${chained(v.entries, lang)}, mais ${checkpointProblems(against.findings.length, lang)} : voir plus bas)`
          : `verdict: FAILED (${chained(v.entries, lang)}, but ${checkpointProblems(against.findings.length, lang)}: see below)`,
      );
    // an empty file holds no chain to check: said as such, never as entries « each chained »
    else if (v.ok && v.lines === 0)
      out.push(
        fr
          ? 'verdict : VÉRIFIÉ (journal vide : aucune entrée, rien à enchaîner)'
          : 'verdict: VERIFIED (an empty journal: no entries, no chain to check)',
      );
    else if (v.ok && v.inclusion)
      // an excerpt that proves itself: each entry is in the signed tree of its journal
      out.push(includedVerdict(v.entries, v.inclusion, lang));
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
      const k = v.problems;
      out.push(
        fr
          ? `verdict : ROMPU (${v.excerpt ? 'extrait de journal, ' : ''}${n(k)} problème${k === 1 ? '' : 's'})`
          : `verdict: BROKEN (${v.excerpt ? 'a journal excerpt, ' : ''}${n(k)} problem${k === 1 ? '' : 's'})`,
      );
      out.push(`${fr ? 'première entrée rompue :' : 'first broken entry:'} ${v.firstBroken!.text[lang]}`);
      for (const f of v.findings) out.push(`  - ${f.text[lang]}`);
      const more = k - v.findings.length;
      if (more > 0)
        out.push(
          fr ? `  … et ${n(more)} autres problèmes, non listés` : `  … and ${n(more)} more problems, not listed`,
        );
    }
    if (against) out.push(...againstLines(against, lang));
    process.stdout.write(`${out.join('\n')}\n`);
  }
  return ok ? 0 : 1;
}
