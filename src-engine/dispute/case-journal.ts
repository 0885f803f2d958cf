/**
 * The compliance journal's entry for a dispute case made (`dispute-case`): the unit it concerns,
 * and the zip's name, size and SHA-256, the case record's SHA-256, the block's Merkle root (R1) and
 * the signing key's fingerprint. The command line appends it with `--journal FILE`; the replay
 * screen hands the same entry to the app's journal.
 */
import { generatorId } from '../block/spec';
import type { JournalWork } from '../journal/entry';
import { parseUnitRef } from '../ref/unit-ref';

export interface CaseJournalFacts {
  readonly ref: string;
  readonly at: Date;
  readonly app: string;
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly files: number;
  readonly caseSha256: string;
  readonly merkleRoot: string;
  readonly signerFingerprint: string | null;
}

export function disputeCaseJournalWork(f: CaseJournalFacts): JournalWork {
  const r = parseUnitRef(f.ref);
  return {
    kind: 'dispute-case',
    at: f.at.toISOString(),
    app: f.app,
    generator: generatorId(r.generatorVersion),
    inputs: { ref: f.ref, game: r.game, stake_cents: r.stakeCents, seed: r.seed, index: r.index },
    outputs: {
      file: f.file,
      bytes: f.bytes,
      sha256: f.sha256,
      files: f.files,
      case_sha256: f.caseSha256,
      merkle_root: f.merkleRoot,
      signer_fingerprint: f.signerFingerprint,
    },
  };
}
