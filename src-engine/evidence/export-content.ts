/**
 * What an evidence bundle's export says, checked against what its manifest claims of it: the
 * header names the manifest's game, stake, generator and the seed of its file name, and the
 * block's digest and Merkle root re-derived from the export's own units (the canonical records of
 * README « Canonical records and digests ») are the ones the manifest states. Sizes and hashes
 * only show a file is the one listed; a forger who rewrites the manifest and signs it again is
 * caught here, by what the file holds.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { blockDigest, merkleRoot } from '../audit/digest';
import { SEGMENT_UNITS } from '../audit/segments';
import type { BlockSpec } from '../block/spec';
import { plural } from '../format/plural';
import { prepareGame } from '../games/registry';
import type { PreparedGame } from '../games/prepared-game';
import { readHeader } from '../import/verify/header';
import { parseJsonlUnit } from '../import/verify/jsonl-unit';
import type { Manifest } from './manifest';

/** Bytes of one unit's canonical record at most (Mine d'or: prize, stages, 9 + 3 × 9 codes). */
const RECORD_BYTES = 64;

/** What the manifest claims of one export. */
interface Claim {
  readonly game: string;
  readonly stakeCents: number;
  readonly seed: number;
  readonly generator: string;
  readonly digest: string;
  readonly merkleRoot: string;
}

/** The claim of the export of `seed`'s block. */
export const claimOf = (m: Manifest, seed: number): Claim => {
  const b = m.blocks.find((x) => x.seed === seed)!;
  return {
    game: m.game,
    stakeCents: m.stakeCents,
    seed,
    generator: m.generator,
    digest: b.digest,
    merkleRoot: b.merkleRoot,
  };
};

/** Reads an export piece by piece and says, naming the file, where it differs from its claim. */
export class ExportContent {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private rest = '';
  private lineNo = 0;
  private spec: BlockSpec | null = null;
  private game: PreparedGame | null = null;
  private readonly record = new Uint8Array(RECORD_BYTES);
  private segment = sha256.create();
  private readonly segments: Uint8Array[] = [];
  private units = 0;
  /** The first fault that keeps the digest from being re-derived. */
  private fault: string | null = null;

  constructor(
    private readonly path: string,
    private readonly claim: Claim,
  ) {}

  feed(bytes: Uint8Array): void {
    if (this.fault !== null) return;
    let text: string;
    try {
      text = this.rest + this.decoder.decode(bytes, { stream: true });
    } catch {
      this.fault = 'not UTF-8 text';
      return;
    }
    const lines = text.split('\n');
    this.rest = lines.pop()!;
    for (const l of lines) if (this.fault === null) this.line(l);
  }

  private line(text: string): void {
    this.lineNo++;
    if (this.spec === null) {
      this.header(text);
      return;
    }
    try {
      const u = parseJsonlUnit(text, this.spec.game, false);
      if (u.index !== this.units) throw new Error(`unit index ${u.index}, expected ${this.units}`);
      const why = this.game!.load(u.view);
      if (why !== null) throw new Error(why);
      this.segment.update(this.record.subarray(0, this.game!.writeRecord(u.prize, this.record, 0)));
    } catch (e) {
      this.fault = `line ${this.lineNo}: ${(e as Error).message}`;
      return;
    }
    this.units++;
    if (this.units % SEGMENT_UNITS === 0) {
      this.segments.push(this.segment.digest());
      this.segment = sha256.create();
    }
  }

  private header(text: string): void {
    const h = readHeader(text);
    if (h.kind !== 'jsonl' || h.foreign || h.weights !== undefined) {
      this.fault = `its first line is no header of a block of ours${h.kind === 'refused' ? ` (${h.message})` : ''}`;
      return;
    }
    const c = this.claim;
    const said = { game: h.spec.game, stake: h.spec.stakeCents, seed: h.spec.seed, generator: h.generator };
    const claimed = { game: c.game, stake: c.stakeCents, seed: c.seed, generator: c.generator };
    const differ = (Object.keys(said) as (keyof typeof said)[]).filter((k) => said[k] !== claimed[k]);
    if (differ.length > 0) {
      this.fault = `its header names ${differ.map((k) => `${k} ${String(said[k])}`).join(', ')}, the manifest ${differ.map((k) => `${k} ${String(claimed[k])}`).join(', ')}`;
      return;
    }
    this.spec = h.spec;
    this.game = prepareGame(h.spec);
  }

  /** The failures of this export (none when it holds what the manifest claims). */
  finish(): string[] {
    if (this.fault === null && this.rest !== '') this.fault = 'it ends without a line end: cut short';
    const said = (what: string): string[] => [
      `${this.path}: ${what}: the export does not hold what the manifest claims of it`,
    ];
    if (this.fault !== null) return said(this.fault);
    if (this.spec === null) return said('it is empty');
    if (this.units !== this.spec.table.blockUnits)
      return said(
        `it holds ${this.units} ${plural(this.units, 'en', 'unit', 'units')}, the block of seed ${this.claim.seed} has ${this.spec.table.blockUnits} units`,
      );
    if (this.units % SEGMENT_UNITS !== 0) this.segments.push(this.segment.digest());
    const digest = blockDigest(this.segments);
    const root = merkleRoot(this.segments);
    const out: string[] = [];
    if (digest !== this.claim.digest)
      out.push(...said(`its units' digest is ${digest}, the manifest states ${this.claim.digest}`));
    if (root !== this.claim.merkleRoot)
      out.push(...said(`its units' Merkle root is ${root}, the manifest states ${this.claim.merkleRoot}`));
    return out;
  }
}
