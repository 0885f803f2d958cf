/**
 * `verify-bundle bundle.zip [--pub KEYFILE.pub]`: checks an evidence bundle (src-engine/evidence/check-bundle.ts): every file
 * the manifest lists is there with its SHA-256 and size, nothing else is, the Ed25519 signature of
 * the manifest holds, and each export, the audit report and its printed PDF hold what the manifest claims. Each failure names its file. It then says plainly what this
 * proves and what it does not. Exit 0: all checks pass; 1: a check failed; 2: not a bundle.
 */
import { createHash } from 'node:crypto';
import {
  CASE_MANIFEST_KIND,
  InputError,
  MAX_KEY_FILE_BYTES,
  parsePublicKey,
  NotABundle,
  checkDisputeCase,
  readBundle,
  rebuildInThread,
} from '@engine';
import type { BundleCheck, CaseCheck, CaseRebuild } from '@engine';
import { plural } from '@engine';
import { blockSegmentDigests } from './replay-case';
import { readCaseFonts } from '../case-fonts';
import { parseFlags, parseLang } from '../args';
import { defineCommand, usageLine } from '../command-spec';
import { JSON_OUTPUT, LANG } from '../common-options';
import type { CliLang } from '../args';
import { count } from '../text-table';
import { readBoundedFile } from '../bounded-file';
import { UsageError } from '../errors';
import { nodeSha256, openBundleFile } from '../evidence/file-source';
import type { OpenedSource } from '../evidence/file-source';

export type { BundleCheck } from '@engine';

/** A case's unit segment rebuilt here (10,000 units), its whole block in the worker threads (R1, R2). */
const CLI_REBUILD: CaseRebuild = { segment: rebuildInThread.segment, block: blockSegmentDigests };

export const VERIFY_BUNDLE = defineCommand({
  name: 'verify-bundle',
  does: 'checks an evidence bundle or a dispute case: its files, digests and signature; a case also its unit, its rule texts and its Merkle proof rebuilt from the seed (R1, R2)',
  positionals: true,
  options: {
    pub: { type: 'string', value: 'KEYFILE.pub', help: 'the public key the bundle must be signed with' },
    ...LANG,
    ...JSON_OUTPUT,
  },
  forms: [{ lead: 'bundle.zip' }],
});

/** What a passing check proves and what it does not, in plain words, in one language (`--lang`). */
export function meaning(c: BundleCheck, pinned: boolean, lang: CliLang = 'en'): string[] {
  if (c.kind === CASE_MANIFEST_KIND) return caseMeaning(c, pinned, lang);
  const n = count(c.filesChecked, lang);
  if (lang === 'fr')
    return [
      'Ce que cela prouve :',
      `  - chaque fichier que liste le manifeste (${n}) est dans le paquet avec le SHA-256 que donne le manifeste, et aucun autre n'y est ;`,
      "  - chaque export contient le bloc que nomme le manifeste (son en-tête ; son empreinte et sa racine de Merkle recalculées depuis ses unités), et le rapport d'audit est celui de ces blocs (son PDF imprimé, quand il en porte l'identité, nomme ce rapport) ;",
      c.signed
        ? `  - le manifeste a été signé par le détenteur de la clé privée d'empreinte ${c.fingerprint}${pinned ? ' (la clé donnée avec --pub)' : ''}.`
        : "  - (le paquet n'est pas signé : rien ici ne dit qui l'a fait).",
      ...(c.journal?.inclusion
        ? [
            `  - ${count(c.journal.entries, lang)} ${plural(c.journal.entries, lang, 'entrée', 'entrées')} d'un journal de ${count(c.journal.inclusion.size, lang)} entrées, tête ${c.journal.inclusion.root} du ${c.journal.inclusion.time}, signée par la clé ${c.journal.inclusion.fingerprint} : incluses (chacune prouvée dans l'arbre de Merkle du journal, RFC 9162) ; \`instant-lab journal verify JOURNAL --against\` ce paquet montre si le journal a été coupé ou réécrit depuis.`,
          ]
        : c.journal
          ? [
              `  - les entrées du journal qu'il contient (${count(c.journal.entries, lang)}) donnent chacune leur empreinte et portent sur ses blocs ; les ${count(c.journal.linked, lang)} qui suivent dans leur journal l'entrée d'avant s'y enchaînent.`,
            ]
          : []),
      'Ce que cela ne prouve pas :',
      ...(c.journal && !c.journal.inclusion
        ? [
            "  - que le journal de l'opérateur soit entier : ces entrées en sont un extrait (celles sur ces blocs), les entrées d'entre elles n'y sont pas et une entrée omise ne s'y voit pas ; vérifiez le journal lui-même avec `instant-lab journal verify` ;",
          ]
        : []),
      '  - que les blocs sont conformes aux règles : lancez `python3 check.py` dans le dossier décompressé (il redérive chaque unité) ou `instant-lab verify` sur chaque export ;',
      pinned
        ? "  - quand le paquet a été fait : la date du manifeste est l'horloge de son auteur."
        : "  - qui détient la clé : comparez l'empreinte à celle que l'opérateur vous a donnée par un autre canal (ou passez --pub KEYFILE.pub) ;",
      ...(pinned ? [] : ["  - quand le paquet a été fait : la date du manifeste est l'horloge de son auteur."]),
    ];
  return [
    'What this proves:',
    `  - every file the manifest lists (${n}) is in the bundle with the SHA-256 the manifest gives, and nothing else is;`,
    '  - each export holds the block the manifest names (its header; its digest and Merkle root re-derived from its units), and the audit report is of those blocks (its printed PDF, when it carries its tag, names that report);',
    c.signed
      ? `  - the manifest was signed by the holder of the private key with fingerprint ${c.fingerprint}${pinned ? ' (the key you gave with --pub)' : ''}.`
      : '  - (the bundle is not signed: nothing here says who made it).',
    ...(c.journal?.inclusion
      ? [
          `  - ${count(c.journal.entries, lang)} ${plural(c.journal.entries, lang, 'entry', 'entries')} of a journal of ${count(c.journal.inclusion.size, lang)} entries, head ${c.journal.inclusion.root} of ${c.journal.inclusion.time}, signed by key ${c.journal.inclusion.fingerprint}: included (each proved in the journal's Merkle tree, RFC 9162); \`instant-lab journal verify JOURNAL --against\` this bundle shows whether the journal was cut or rewritten since.`,
        ]
      : c.journal
        ? [
            `  - the journal entries it holds (${count(c.journal.entries, lang)}) each give their hash and are on its blocks; the ${count(c.journal.linked, lang)} that follow the entry before them in their journal chain to it.`,
          ]
        : []),
    'What it does not prove:',
    ...(c.journal && !c.journal.inclusion
      ? [
          "  - that the operator's journal is whole: these entries are an excerpt (those on these blocks), the entries between them are not in it and an entry left out cannot be seen; check the journal itself with `instant-lab journal verify`;",
        ]
      : []),
    '  - that the blocks conform to the rules: run `python3 check.py` in the unzipped folder (it re-derives every unit) or `instant-lab verify` on each export;',
    pinned
      ? "  - when the bundle was made: the date in the manifest is the maker's own clock."
      : '  - who holds the key: compare the fingerprint with the one the operator gave you by another channel (or pass --pub KEYFILE.pub);',
    ...(pinned ? [] : ["  - when the bundle was made: the date in the manifest is the maker's own clock."]),
  ];
}

/** What a dispute case's passing check proves: its files, the unit, the rules, the proof; not who is right. */
function caseMeaning(c: BundleCheck, pinned: boolean, lang: CliLang): string[] {
  const n = count(c.filesChecked, lang);
  if (lang === 'fr')
    return [
      'Ce que cela prouve :',
      `  - chaque fichier que liste le manifeste (${n}) est dans le dossier avec le SHA-256 que donne le manifeste, et aucun autre n'y est ;`,
      c.signed
        ? `  - le manifeste, et donc la réclamation et la conclusion qu'il couvre, a été signé par le détenteur de la clé privée d'empreinte ${c.fingerprint}${pinned ? ' (la clé donnée avec --pub)' : ''} ;`
        : "  - (le dossier n'est pas signé : rien ici ne dit qui l'a fait) ;",
      '  - le relevé du rejeu, les textes des règles et la preuve de Merkle sont ceux que donne cette référence reconstruite depuis sa graine (voir « vérifié » ci-dessus).',
      ...(c.journal?.inclusion
        ? [
            `  - ${count(c.journal.entries, lang)} ${plural(c.journal.entries, lang, 'entrée', 'entrées')} d'un journal de ${count(c.journal.inclusion.size, lang)} entrées, tête ${c.journal.inclusion.root} du ${c.journal.inclusion.time}, signée par la clé ${c.journal.inclusion.fingerprint} : incluses (chacune prouvée dans l'arbre de Merkle du journal, RFC 9162) ; \`instant-lab journal verify JOURNAL --against\` ce dossier montre si le journal a été coupé ou réécrit depuis.`,
          ]
        : []),
      'Ce que cela ne prouve pas :',
      '  - que la réclamation du joueur ou la conclusion du testeur soit juste : elles sont gardées telles que saisies ;',
      ...(pinned
        ? []
        : [
            "  - qui détient la clé : comparez l'empreinte à celle que l'opérateur vous a donnée par un autre canal (ou passez --pub KEYFILE.pub) ;",
          ]),
      "  - quand le dossier a été fait : la date du manifeste est l'horloge de son auteur.",
    ];
  return [
    'What this proves:',
    `  - every file the manifest lists (${n}) is in the case with the SHA-256 the manifest gives, and nothing else is;`,
    c.signed
      ? `  - the manifest, and so the claim and conclusion it covers, was signed by the holder of the private key with fingerprint ${c.fingerprint}${pinned ? ' (the key you gave with --pub)' : ''};`
      : '  - (the case is not signed: nothing here says who made it);',
    '  - the replay record, the rule texts and the Merkle proof are those this reference gives when rebuilt from its seed (see "checked" above).',
    ...(c.journal?.inclusion
      ? [
          `  - ${count(c.journal.entries, lang)} ${plural(c.journal.entries, lang, 'entry', 'entries')} of a journal of ${count(c.journal.inclusion.size, lang)} entries, head ${c.journal.inclusion.root} of ${c.journal.inclusion.time}, signed by key ${c.journal.inclusion.fingerprint}: included (each proved in the journal's Merkle tree, RFC 9162); \`instant-lab journal verify JOURNAL --against\` this case shows whether the journal was cut or rewritten since.`,
        ]
      : []),
    'What it does not prove:',
    "  - that the player's claim or the tester's conclusion is right: they are recorded as typed;",
    ...(pinned
      ? []
      : [
          '  - who holds the key: compare the fingerprint with the one the operator gave you by another channel (or pass --pub KEYFILE.pub);',
        ]),
    "  - when the case was made: the date in the manifest is the maker's own clock.",
  ];
}

/** The verdict lines of a bundle check, in one language (`--lang`); failures name their file. */
export function verdictLines(
  path: string,
  sha: string,
  c: BundleCheck,
  pinned: boolean,
  lang: CliLang,
  caseCheck: CaseCheck | null = null,
): string[] {
  const fr = lang === 'fr';
  const n = count(c.filesChecked, lang);
  const what = caseCheck ? (fr ? ' dossier de litige' : ' dispute case') : '';
  const verdict = c.ok
    ? fr
      ? `verdict : INTACT${what} (${n} fichiers, ${c.signed ? 'signature valide' : 'non signé'})`
      : `verdict: INTACT${what} (${n} files${c.signed ? ', signature valid' : ', not signed'})`
    : fr
      ? `verdict : ÉCHEC (${count(c.failures.length, lang)} ${plural(c.failures.length, lang, 'problème', 'problèmes')})`
      : `verdict: FAILED (${count(c.failures.length, lang)} ${plural(c.failures.length, lang, 'problem', 'problems')})`;
  return [
    fr ? `paquet : ${path}` : `bundle: ${path}`,
    fr ? `sha256 : ${sha}` : `sha256: ${sha}`,
    verdict,
    ...c.failures.map((f) => `  - ${f}`),
    ...c.notes.map((n) => (fr ? `remarque : ${n.fr}` : `note: ${n.en}`)),
    ...(caseCheck
      ? [fr ? 'vérifié (dossier de litige) :' : 'checked (dispute case):', ...caseCheck.checked.map((x) => `  - ${x}`)]
      : []),
    ...(c.ok ? meaning(c, pinned, lang) : []),
  ];
}

export async function readPublicKey(path: string): Promise<string> {
  const text = await readBoundedFile(
    'pub',
    path,
    MAX_KEY_FILE_BYTES,
    (size) => `${size} bytes: a public key file is one line of at most ${MAX_KEY_FILE_BYTES} bytes`,
  );
  return parsePublicKey(text, path);
}

/** The SHA-256 of the whole bundle file, read in pieces. */
async function fileSha256(src: OpenedSource): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < src.size; at += 1024 * 1024) hash.update(await src.read(at, 1024 * 1024));
  return hash.digest('hex');
}

export async function verifyBundleCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, VERIFY_BUNDLE);
  const lang = parseLang(values.lang);
  if (positionals.length !== 1)
    throw new UsageError(
      `expected one bundle file, got ${positionals.length}: ${usageLine(VERIFY_BUNDLE)}`,
      `un fichier de paquet est attendu, ${positionals.length} donnés : ${usageLine(VERIFY_BUNDLE)}`,
    );
  const pinned = values.pub !== undefined ? await readPublicKey(values.pub) : null;
  const path = positionals[0]!;
  const src = await openBundleFile(path);
  let c: BundleCheck;
  let caseCheck: CaseCheck | null = null;
  let sha: string;
  try {
    const reading = await readBundle(src, pinned, nodeSha256);
    // a dispute case: the unit re-derived, its rules and its Merkle proof rebuilt from the seed (R1, R2)
    if (reading.check.kind === CASE_MANIFEST_KIND)
      caseCheck = await checkDisputeCase(src, reading, CLI_REBUILD, await readCaseFonts());
    c = caseCheck ?? reading.check;
    sha = await fileSha256(src);
  } catch (e) {
    if (e instanceof NotABundle) throw new InputError(e.message);
    throw e;
  } finally {
    await src.close();
  }
  if (values.json) process.stdout.write(`${JSON.stringify(c)}\n`);
  else {
    const lines = verdictLines(path, sha, c, pinned !== null, lang, caseCheck);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return c.ok ? 0 : 1;
}
