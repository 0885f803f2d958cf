/**
 * Zips written byte by byte for tests of the bundle check: entries in any order, names twice,
 * directory entries with data, declared sizes that lie — what no zip library writes on purpose.
 * Also a small signed bundle to alter. Used by `bundles.ts` and the hostile-input tests beside it;
 * never by the application.
 */
import { Deflate, deflateSync } from 'fflate';
import { MANIFEST, MANIFEST_KIND, SIGNATURE } from '../../src-engine/evidence/manifest';
import type { Manifest } from '../../src-engine/evidence/manifest';
import { fingerprint, sign } from '../../src-engine/evidence/signing';
import type { KeyPair } from '../../src-engine/evidence/signing';
import { crc32 } from '../../src-engine/evidence/zip-entries';
import { officialBlock } from '../../src-engine/block/spec';
import { iterateUnits } from '../../src-engine/block/iterate-units';
import { jsonlHeader, jsonlUnit, refOf } from '../../src-engine/export/unit-lines';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export interface RawEntry {
  readonly name: string;
  /** The bytes as stored (already deflated when `deflated` is given instead). */
  readonly data?: Uint8Array;
  /** Deflated bytes and their inflated size and CRC, for entries too large to hold inflated. */
  readonly deflated?: { readonly bytes: Uint8Array; readonly size: number; readonly crc: number };
  readonly method?: 0 | 8;
  /** The inflated size the headers declare, when it should lie. */
  readonly declaredSize?: number;
  /** General purpose flags (0x800 UTF-8 names is set unless given). */
  readonly flags?: number;
  /** A Unix file mode (`0o120777` a symbolic link), written as zip's Unix tools write it. */
  readonly unixMode?: number;
}

const utf8 = new TextEncoder();

/** The zip of `entries`, in order, each with a local header, its data and its central record. */
export function rawZip(
  entries: readonly RawEntry[],
  options: { prefix?: Uint8Array; suffix?: Uint8Array } = {},
): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const push = (b: Uint8Array): void => {
    parts.push(b);
    offset += b.length;
  };
  if (options.prefix) push(options.prefix);
  for (const e of entries) {
    const name = utf8.encode(e.name);
    const method = e.deflated ? 8 : (e.method ?? 0);
    const plain = e.data ?? new Uint8Array(0);
    const stored = e.deflated ? e.deflated.bytes : method === 8 ? deflateSync(plain) : plain;
    const size = e.declaredSize ?? (e.deflated ? e.deflated.size : plain.length);
    const crc = e.deflated ? e.deflated.crc : crc32(plain);
    const flags = e.flags ?? 0x800;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, flags, true);
    local.setUint16(8, method, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, stored.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    const at = offset;
    push(new Uint8Array(local.buffer));
    push(name);
    push(stored);
    const c = new DataView(new ArrayBuffer(46));
    c.setUint32(0, 0x02014b50, true);
    // version made by: 3 (Unix) in the high byte when a Unix mode is given (APPNOTE 4.4.2)
    c.setUint16(4, e.unixMode !== undefined ? 0x0314 : 20, true);
    c.setUint16(6, 20, true);
    if (e.unixMode !== undefined) c.setUint32(38, (e.unixMode << 16) >>> 0, true);
    c.setUint16(8, flags, true);
    c.setUint16(10, method, true);
    c.setUint32(16, crc, true);
    c.setUint32(20, stored.length, true);
    c.setUint32(24, size, true);
    c.setUint16(28, name.length, true);
    c.setUint32(42, at, true);
    central.push(new Uint8Array(c.buffer), name);
  }
  const cdOffset = offset;
  for (const c of central) push(c);
  const eocd = new DataView(new ArrayBuffer(22));
  eocd.setUint32(0, 0x06054b50, true);
  eocd.setUint16(8, entries.length, true);
  eocd.setUint16(10, entries.length, true);
  eocd.setUint32(12, offset - cdOffset, true);
  eocd.setUint32(16, cdOffset, true);
  push(new Uint8Array(eocd.buffer));
  if (options.suffix) push(options.suffix);
  const out = new Uint8Array(offset);
  let p = 0;
  for (const b of parts) {
    out.set(b, p);
    p += b.length;
  }
  return out;
}

/** `size` zero bytes deflated, made piece by piece (never held inflated), with their CRC-32. */
export function deflatedZeros(size: number): { bytes: Uint8Array; size: number; crc: number } {
  const out: Uint8Array[] = [];
  const d = new Deflate({ level: 1 }, (chunk) => out.push(chunk));
  const piece = new Uint8Array(1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= piece.length) {
    const p = left >= piece.length ? piece : piece.subarray(0, left);
    crc = crc32(p, crc);
    d.push(p, false);
  }
  d.push(new Uint8Array(0), true);
  const bytes = new Uint8Array(out.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of out) {
    bytes.set(c, at);
    at += c.length;
  }
  return { bytes, size, crc };
}

/** A small signed bundle's files, its manifest's text and its signature, to alter. */
export interface SmallBundle {
  readonly files: readonly { readonly name: string; readonly data: Uint8Array }[];
  readonly manifestText: string;
  readonly signature: string;
  /** The entries of the intact bundle, in order: files, manifest, signature. */
  readonly entries: readonly RawEntry[];
}

const FIRST_UNIT_SPEC = officialBlock('les-3-gongs', 50, 42, 2);
function firstUnit(): string {
  let line = '';
  iterateUnits(
    FIRST_UNIT_SPEC,
    0,
    1,
    (i, prize, view) => (line = jsonlUnit(i, refOf(FIRST_UNIT_SPEC, i), prize, view)),
  );
  return line;
}

/** What the content check says of the small bundle's export, on a line of its own: the zip is whole, its one export is not. */
export const CUT_EXPORT =
  /^( {2}- )?exports\/les-3-gongs-50-42\.jsonl: it holds 1 unit, the block of seed 42 has 300000 units: the export does not hold what the manifest claims of it$/m;

/**
 * A bundle of two files signed by `key` (an export and a README, or `only` these files), with a
 * manifest naming `extra` entries too (as listed), its text passed through `manifestTail`.
 */
export function smallBundle(
  key: KeyPair,
  extra: readonly { path: string; sha256: string; bytes: number }[] = [],
  manifestTail: (text: string) => string = (t) => t,
  only?: readonly { readonly name: string; readonly data: Uint8Array }[],
): SmallBundle {
  const files = only ?? [
    {
      name: 'exports/les-3-gongs-50-42.jsonl',
      // the block's header and first unit: the zip is whole, its export is not (the content check says so)
      data: utf8.encode(`${jsonlHeader(FIRST_UNIT_SPEC)}\n${firstUnit()}\n`),
    },
    { name: 'README.md', data: utf8.encode('# Evidence bundle\n') },
  ];
  const manifest: Manifest = {
    kind: MANIFEST_KIND,
    version: 1,
    created: '2026-01-01T00:00:00.000Z',
    game: 'les-3-gongs',
    stakeCents: 50,
    seeds: [42],
    generator: 'instant-lab-gen/2',
    appVersion: 'test',
    blocks: [{ seed: 42, digest: '00'.repeat(32), merkleRoot: '00'.repeat(32) }],
    signer: { publicKey: bytesToHex(key.publicKey), fingerprint: fingerprint(key.publicKey) },
    files: [
      ...files.map((f) => ({ path: f.name, sha256: bytesToHex(sha256(f.data)), bytes: f.data.length })),
      ...extra,
    ],
  };
  const manifestText = manifestTail(`${JSON.stringify(manifest, null, 2)}\n`);
  const signature = `${sign(utf8.encode(manifestText), key)}\n`;
  return {
    files,
    manifestText,
    signature,
    entries: [
      ...files.map((f) => ({ name: f.name, data: f.data, method: 8 as const })),
      { name: MANIFEST, data: utf8.encode(manifestText), method: 8 },
      { name: SIGNATURE, data: utf8.encode(signature) },
    ],
  };
}
