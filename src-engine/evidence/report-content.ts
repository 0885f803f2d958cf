/**
 * What an evidence bundle's audit report says, checked against its manifest: the report is of the
 * blocks the bundle holds — its game, stake, generator and seeds, the official table (by its
 * digest) and each block's digest and Merkle root are the manifest's, which the exports themselves
 * re-derive (export-content.ts). A report of other blocks, signed again, is caught here.
 */
import { tableDigest } from '../block/table-identity';
import { parseStrictJson } from '../format/strict-json';
import { officialTable } from '../rules/load';
import type { StakeCents } from '../rules/types';
import type { Manifest } from './manifest';

/** The report's path in a bundle, as build-bundle.ts writes it. */
export const REPORT_JSON = 'report/audit-report.json';

/** A report is a few kilobytes a block; read whole, at most this many bytes. */
export const MAX_REPORT_BYTES = 16 * 1024 * 1024;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The failures of the report's bytes against `m` (none when it is the report of the bundle's blocks). */
export function reportFailures(bytes: Uint8Array, m: Manifest): string[] {
  const said = (what: string): string[] => [
    `${REPORT_JSON}: ${what}: the report is not the audit of the blocks the bundle holds`,
  ];
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return said('not UTF-8 text');
  }
  const j = parseStrictJson(text);
  if (!j.ok) return said(`not JSON read one way only (${j.message})`);
  const r = j.value as {
    identity?: {
      game?: unknown;
      stakeCents?: unknown;
      generator?: unknown;
      seeds?: unknown;
      table?: { digest?: unknown };
    };
    blocks?: { seed?: unknown; integrity?: { digest?: unknown; merkleRoot?: unknown } }[];
  };
  const id = r?.identity;
  if (typeof id !== 'object' || id === null || !Array.isArray(r.blocks)) return said('it has no identity and blocks');
  let table: string | null = null;
  try {
    table = tableDigest(officialTable(m.game as 'mine-d-or' | 'les-3-gongs', m.stakeCents as StakeCents));
  } catch {
    // a stake with no official table: the manifest's own stake is refused by the exports' check
  }
  const claims: [string, unknown, unknown][] = [
    ['game', id.game, m.game],
    ['stake', id.stakeCents, m.stakeCents],
    ['generator', id.generator, m.generator],
    ['seeds', id.seeds, m.seeds],
    ['table digest', id.table?.digest, table],
    ['blocks', r.blocks.length, m.blocks.length],
  ];
  const differ = claims.filter(([, a, b]) => !same(a, b));
  if (differ.length > 0)
    return said(
      differ
        .map(([k, a, b]) => `its ${k} ${JSON.stringify(a) ?? 'missing'}, the manifest's ${JSON.stringify(b)}`)
        .join('; '),
    );
  return m.blocks.flatMap((b, k) => {
    const rb = r.blocks![k]!;
    return same([rb.seed, rb.integrity?.digest, rb.integrity?.merkleRoot], [b.seed, b.digest, b.merkleRoot])
      ? []
      : said(`block ${k + 1} (seed ${b.seed}): its digest or Merkle root is not the one its export re-derives`);
  });
}
