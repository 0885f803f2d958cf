/**
 * A journal checked against checkpoints taken of it earlier (`journal verify FILE --against X`):
 * what a hash chain alone cannot catch — a journal cut after some entry, or rewritten from some
 * entry on with its hashes recomputed — is caught by any holder of an earlier checkpoint. For each
 * checkpoint: its signature holds; the journal is at least as long; and a consistency proof from the
 * checkpoint's tree to the journal's whole tree holds (RFC 9162 §2.1.4), i.e. its first `size`
 * entries still give the checkpoint's root. Two checkpoints of one size with different roots are
 * evidence that the journal was forked, and are said as such. When the file a checkpoint came in
 * also carries entries proved in its tree (a bundle's excerpt), the first entry that differs is named.
 */
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { checkpointSigned } from './checkpoint';
import type { Checkpoint } from './checkpoint';
import { canonicalJson } from './entry';
import { consistencyProof, leafHash } from './merkle';
import { verifyJournal } from './verify';
import { JOURNAL_EXCERPT_PATH } from './excerpt';
import { MAX_JOURNAL_EXCERPT_BYTES } from '../evidence/check-bundle';
import { ZipRefusal, inflateWhole, readZipEntries } from '../evidence/zip-entries';
import type { ByteSource, ZipEntry } from '../evidence/zip-entries';
import type { Hash } from './merkle';
import { verifyConsistency } from './merkle-verify';
import type { JournalTree } from './journal-tree';

/** A checkpoint as found in a file, with the entries that file proves to be in its tree. */
export interface HeldCheckpoint {
  /** The file it came from, as the user named it. */
  readonly name: string;
  readonly checkpoint: Checkpoint;
  /** Entries the file carries, each proved included in the checkpoint's tree: number and leaf hash. */
  readonly entries: readonly { readonly seq: number; readonly leaf: Hash }[];
}

export type AgainstProblem = 'forged' | 'other-key' | 'shorter' | 'rewritten' | 'fork';

export interface AgainstFinding {
  readonly name: string;
  readonly problem: AgainstProblem;
  /** The first entry known to differ from what the checkpoint's file holds, when it can be known. */
  readonly entry: number | null;
  readonly text: LocalizedText;
}

/** One checkpoint's outcome. */
export interface AgainstCheck {
  readonly name: string;
  readonly size: number;
  readonly time: string;
  readonly fingerprint: string;
  /** The checkpoint's root (hex). */
  readonly root: string;
  /** How many entries its file carries proved in its tree (0 for a checkpoint file). */
  readonly entries: number;
  /** Its signature holds and the journal extends it. */
  readonly holds: boolean;
}

export interface AgainstVerdict {
  readonly ok: boolean;
  /** The journal's entries and root (hex). */
  readonly size: number;
  readonly root: string;
  readonly checks: readonly AgainstCheck[];
  readonly findings: readonly AgainstFinding[];
}

const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The first entry, of those `held` proves in its tree, that the journal no longer has as it was. */
function firstDiffering(tree: JournalTree, held: HeldCheckpoint): number | null {
  const n = tree.leaves.size;
  const differ = held.entries.filter((e) => e.seq > n || !equal(tree.leaves.at(e.seq - 1), e.leaf)).map((e) => e.seq);
  return differ.length > 0 ? Math.min(...differ) : null;
}

/** How the key given is named in a finding: the command line's `--pub`. */
const PUB_GIVEN = localized('the key given with --pub', 'la clé donnée avec --pub');

/**
 * Checks the journal whose tree is `tree` against each checkpoint of `held`; `pinnedKey` (hex) is
 * the one key they must be signed with, if given (otherwise the first checkpoint's key), and
 * `pinnedName` how it was given (the screen names its file).
 */
export function verifyAgainst(
  tree: JournalTree,
  held: readonly HeldCheckpoint[],
  pinnedKey: string | null = null,
  pinnedName: LocalizedText = PUB_GIVEN,
): AgainstVerdict {
  const n = tree.leaves.size;
  const findings: AgainstFinding[] = [];
  const checks: AgainstCheck[] = [];
  const key = pinnedKey ?? held[0]?.checkpoint.publicKey ?? null;
  const keyName = pinnedKey !== null ? pinnedName.en : held[0]?.name;
  const keyNameFr = pinnedKey !== null ? pinnedName.fr : held[0]?.name;
  for (const h of held) {
    const c = h.checkpoint;
    const say = (problem: AgainstProblem, entry: number | null, en: string, fr: string): void => {
      findings.push({ name: h.name, problem, entry, text: localized(`${h.name}: ${en}`, `${h.name} : ${fr}`) });
    };
    let holds = false;
    if (!checkpointSigned(c))
      say(
        'forged',
        null,
        `the checkpoint's signature does not hold for its size (${c.size}), root and time and the key ${c.fingerprint}: forged or altered, nothing checked against it`,
        `la signature du point de contrôle ne vaut pas pour sa taille (${c.size}), sa racine, son heure et la clé ${c.fingerprint} : contrefait ou altéré, rien n'a été vérifié par rapport à lui`,
      );
    else {
      if (key !== null && c.publicKey !== key)
        say(
          'other-key',
          null,
          `signed by the key ${c.fingerprint}, not by the journal's key (that of ${keyName})`,
          `signé par la clé ${c.fingerprint}, pas par la clé du journal (celle de ${keyNameFr})`,
        );
      const known = firstDiffering(tree, h);
      const which = (k: number | null): [string, string] =>
        k !== null
          ? [
              `; entry ${k} is the first that differs from the entries the file holds (proved in the checkpoint's tree)`,
              `; l'entrée ${k} est la première qui diffère des entrées que le fichier contient (prouvées dans l'arbre du point de contrôle)`,
            ]
          : [
              '; which entry differs cannot be known from the checkpoint alone',
              '; quelle entrée diffère ne peut pas se savoir du seul point de contrôle',
            ];
      if (c.size > n) {
        const [en, fr] = which(known !== null && known <= n ? known : null);
        say(
          'shorter',
          known,
          `the journal has ${n} entries, the checkpoint of ${c.time} was signed when it had ${c.size}: entries ${n + 1}–${c.size} are gone (cut after entry ${n})${known !== null && known <= n ? en : ''}`,
          `le journal a ${n} entrées, le point de contrôle du ${c.time} a été signé quand il en avait ${c.size} : les entrées ${n + 1} à ${c.size} ont disparu (coupé après l'entrée ${n})${known !== null && known <= n ? fr : ''}`,
        );
      } else {
        const proof = consistencyProof(tree.leaves, c.size, n);
        const why = verifyConsistency(c.size, n, hexToBytes(c.root), tree.root, proof);
        if (why !== null) {
          const [en, fr] = which(known);
          say(
            'rewritten',
            known,
            `the journal's first ${c.size} entries no longer give the root the checkpoint of ${c.time} signed: an entry was changed or removed and the journal rewritten after it${en}`,
            `les ${c.size} premières entrées du journal ne donnent plus la racine que le point de contrôle du ${c.time} a signée : une entrée a été modifiée ou supprimée et le journal réécrit après elle${fr}`,
          );
        } else holds = key === null || c.publicKey === key;
      }
    }
    checks.push({
      name: h.name,
      size: c.size,
      time: c.time,
      fingerprint: c.fingerprint,
      root: c.root,
      entries: h.entries.length,
      holds,
    });
  }
  // two signed heads of one size that differ: the signer signed two journals (a fork)
  const signed = held.filter((h) => checkpointSigned(h.checkpoint));
  signed.forEach((a, i) => {
    const b = signed
      .slice(0, i)
      .find((x) => x.checkpoint.size === a.checkpoint.size && x.checkpoint.root !== a.checkpoint.root);
    if (b)
      findings.push({
        name: a.name,
        problem: 'fork',
        entry: null,
        text: localized(
          `${a.name} and ${b.name}: two different signed checkpoints for the same size (${a.checkpoint.size} entries; roots ${a.checkpoint.root.slice(0, 16)}… and ${b.checkpoint.root.slice(0, 16)}…): evidence that the journal was forked — two different journals were signed as one`,
          `${a.name} et ${b.name} : deux points de contrôle signés différents pour la même taille (${a.checkpoint.size} entrées ; racines ${a.checkpoint.root.slice(0, 16)}… et ${b.checkpoint.root.slice(0, 16)}…) : preuve que le journal a été dédoublé (fork) — deux journaux différents ont été signés comme un seul`,
        ),
      });
  });
  return { ok: findings.length === 0, size: n, root: bytesToHex(tree.root), checks, findings };
}

/**
 * The checkpoint an excerpt carries (a bundle's or a case's `journal/entries.jsonl`), with its
 * entries whose inclusion proofs hold; why not, when the excerpt carries none.
 */
export function heldFromExcerpt(name: string, text: string | Uint8Array): HeldCheckpoint | LocalizedText {
  const v = verifyJournal(text, { excerpt: true });
  const proved = v.excerpt?.proved;
  if (!proved)
    return localized(
      `${name}: its journal entries carry no checkpoint (made without a signing key, or by an earlier version): nothing to check the journal against`,
      `${name} : ses entrées de journal ne portent pas de point de contrôle (fait sans clé de signature, ou par une version antérieure) : rien à quoi comparer le journal`,
    );
  const entries = v.rows
    .filter((r) => !r.broken)
    .map((r) => ({ seq: r.entry.seq, leaf: leafHash(utf8ToBytes(canonicalJson(r.entry))) }));
  return { name, checkpoint: proved.checkpoint, entries };
}

/**
 * The journal entries a bundle or a dispute case holds (`journal/entries.jsonl`), from its zip,
 * bounded before they are inflated; null when it holds none. The manifest is not needed here: the
 * entries' checkpoint is signed on its own and each entry proved in its tree; `verify-bundle`
 * checks the rest of the zip.
 */
export async function excerptOfZip(name: string, src: ByteSource): Promise<Uint8Array | LocalizedText | null> {
  let entries: ZipEntry[];
  try {
    entries = await readZipEntries(src);
  } catch (e) {
    if (!(e instanceof ZipRefusal)) throw e;
    return localized(
      `${name}: not a zip read one way only (${e.message})`,
      `${name} : pas un zip à une seule lecture (${e.message})`,
    );
  }
  const e = entries.find((x) => x.name === JOURNAL_EXCERPT_PATH && !x.directory);
  if (!e) return null;
  if (e.size > MAX_JOURNAL_EXCERPT_BYTES)
    return localized(
      `${name}: ${JOURNAL_EXCERPT_PATH} declares ${e.size} bytes, over the ${MAX_JOURNAL_EXCERPT_BYTES} a bundle's journal entries may hold: refused without inflating it`,
      `${name} : ${JOURNAL_EXCERPT_PATH} déclare ${e.size} octets, plus que les ${MAX_JOURNAL_EXCERPT_BYTES} que peuvent occuper les entrées de journal d'un paquet : refusé sans être décompressé`,
    );
  try {
    return await inflateWhole(src, e);
  } catch (err) {
    if (!(err instanceof ZipRefusal)) throw err;
    return localized(
      `${name}: ${JOURNAL_EXCERPT_PATH}: ${err.message}`,
      `${name} : ${JOURNAL_EXCERPT_PATH} : ${err.message}`,
    );
  }
}

/** The checkpoint a bundle or a dispute case carries, from its zip's journal entries. */
export async function heldFromZip(name: string, src: ByteSource): Promise<HeldCheckpoint | LocalizedText> {
  const out = await excerptOfZip(name, src);
  if (out === null)
    return localized(
      `${name}: holds no journal entries (${JOURNAL_EXCERPT_PATH}): made without --journal, nothing to check the journal against`,
      `${name} : ne contient pas d'entrées de journal (${JOURNAL_EXCERPT_PATH}) : fait sans --journal, rien à quoi comparer le journal`,
    );
  return out instanceof Uint8Array ? heldFromExcerpt(name, out) : out;
}
