/**
 * The check of an excerpt that proves itself (`instant-lab-journal-excerpt/2`): its checkpoint's
 * signature holds, and each entry's inclusion proof leads from the entry's line (its leaf, RFC 6962
 * §2.1) to the checkpoint's root, as entry `seq` of a journal of `size` entries (RFC 9162
 * §2.1.3.2). What a screen and `verify-bundle` then say: « N entries of a journal of S, head …,
 * signed by …: included ».
 */
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { localized } from '../i18n/localized-text';
import { checkpointSigned } from './checkpoint';
import type { ExcerptProofs } from './excerpt-mark';
import { leafHash } from './merkle';
import { verifyInclusion } from './merkle-verify';
import type { JournalFinding } from './finding';

/** What an excerpt's proofs say, once checked. */
export interface ExcerptInclusion {
  /** The checkpoint's size, root (hex), time and signer. */
  readonly size: number;
  readonly root: string;
  readonly time: string;
  readonly fingerprint: string;
  readonly publicKey: string;
  /** Whether the checkpoint's signature holds. */
  readonly signed: boolean;
  /** Entries whose proof leads to the root. */
  readonly included: number;
}

/** An entry line of the excerpt: its line number, its text, and its number when it reads. */
export interface ExcerptLine {
  readonly line: number;
  readonly text: string;
  readonly seq: number | null;
}

/** The excerpt's proofs checked against its lines; what does not hold is a finding of its line. */
export function checkExcerptInclusion(
  proved: ExcerptProofs,
  lines: readonly ExcerptLine[],
): { inclusion: ExcerptInclusion; findings: JournalFinding[] } {
  const c = proved.checkpoint;
  const findings: JournalFinding[] = [];
  const signed = checkpointSigned(c);
  if (!signed)
    findings.push({
      line: 1,
      seq: null,
      problem: 'not-included',
      text: localized(
        `line 1: the checkpoint's signature does not hold for its size, root and time and the key ${c.fingerprint}: forged or altered`,
        `ligne 1 : la signature du point de contrôle ne vaut pas pour sa taille, sa racine, son heure et la clé ${c.fingerprint} : contrefait ou altéré`,
      ),
    });
  if (proved.proofs.length !== lines.length)
    findings.push({
      line: 1,
      seq: null,
      problem: 'not-included',
      text: localized(
        `line 1: ${proved.proofs.length} inclusion proofs for ${lines.length} entries: each entry has one`,
        `ligne 1 : ${proved.proofs.length} preuves d'inclusion pour ${lines.length} entrées : chaque entrée en a une`,
      ),
    });
  const root = hexToBytes(c.root);
  let included = 0;
  lines.forEach((l, k) => {
    const proof = proved.proofs[k];
    if (l.seq === null || proof === undefined) return;
    const why = verifyInclusion(l.seq - 1, c.size, leafHash(utf8ToBytes(l.text)), proof.map(hexToBytes), root);
    if (why === null) {
      included++;
      return;
    }
    findings.push({
      line: l.line,
      seq: l.seq,
      problem: 'not-included',
      text: localized(
        `line ${l.line}: entry ${l.seq} is not proved to be in the journal of the checkpoint (${c.size} entries): ${why.en}`,
        `ligne ${l.line} : l'entrée ${l.seq} n'est pas prouvée dans le journal du point de contrôle (${c.size} entrées) : ${why.fr}`,
      ),
    });
  });
  return {
    inclusion: {
      size: c.size,
      root: c.root,
      time: c.time,
      fingerprint: c.fingerprint,
      publicKey: c.publicKey,
      signed,
      included,
    },
    findings,
  };
}
