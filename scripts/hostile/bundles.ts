/**
 * Hostile evidence bundles, generated (nothing large on disk): each is a zip that could be read
 * more than one way, or whose sizes lie, or that would take memory or time without bound, with the
 * verdict `verify-bundle` must give. `bundles.test.ts` runs every case through the command line and
 * the engine's check. The key signs every case, so a bundle refused here is refused whatever
 * signature it carries, also with `--pub`.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { MANIFEST, PDF_PATH, SIGNATURE, sign } from '@engine';
import type { KeyPair } from '@engine';
import { CUT_EXPORT, deflatedZeros, rawZip, smallBundle } from './raw-zip.fixture';
import type { RawEntry } from './raw-zip.fixture';

export interface BundleCase {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** Exit code of `verify-bundle` (0 intact, 1 a check failed, 2 not a bundle). */
  readonly exit: 0 | 1 | 2;
  /** What the output must say (stdout for exit 0 and 1, stderr for 2). */
  readonly says: RegExp;
  /** Its own bound on peak memory, MB, when its check does more than a bundle's (a case rebuilds its block). */
  readonly maxRssMb?: number;
}

const utf8 = new TextEncoder();
const MiB = 1024 * 1024;

/** Every case, made with `key` (give the same key's .pub to `--pub`). */
export function bundleCases(key: KeyPair): BundleCase[] {
  const b = smallBundle(key);
  const [exportEntry, readme, manifest, signature] = b.entries as [RawEntry, RawEntry, RawEntry, RawEntry];
  const altered = (e: RawEntry): RawEntry => ({
    ...e,
    data: utf8.encode(`${new TextDecoder().decode(e.data)}{"index":1,"prize_cents":300000}\n`),
  });
  const listed = (path: string, bytes: number) => ({ path, sha256: '0'.repeat(64), bytes });
  /** A bundle whose manifest lists `extra` too, re-signed, with `entries` after the two files. */
  const relisted = (extra: { path: string; sha256: string; bytes: number }[], entries: RawEntry[]): Uint8Array => {
    const m = smallBundle(key, extra);
    return rawZip([...m.entries.slice(0, 2), ...entries, ...m.entries.slice(2)]);
  };
  const tamperedManifest = b.manifestText.replace('"appVersion": "test"', '"appVersion": "tampered"');
  const bigZeros = deflatedZeros(600 * MiB);
  return [
    // the zip is whole and signed: its one failure is its export, a block's first unit only
    { name: 'intact-zip', bytes: rawZip(b.entries), exit: 1, says: CUT_EXPORT },
    {
      name: 'duplicate-entry-altered-first',
      bytes: rawZip([altered(exportEntry), ...b.entries]),
      exit: 1,
      says: /the entry "exports\/les-3-gongs-50-42\.jsonl" is in the zip twice/,
    },
    {
      name: 'duplicate-manifest-altered-first',
      bytes: rawZip([
        ...b.entries.slice(0, 2),
        { ...manifest, data: utf8.encode(tamperedManifest) },
        ...b.entries.slice(2),
      ]),
      exit: 1,
      says: /the entry "manifest\.json" is in the zip twice/,
    },
    {
      name: 'data-in-directory-entry',
      bytes: rawZip([...b.entries, { name: 'exports/extra-block.jsonl/', data: utf8.encode('{"game":"x"}\n') }]),
      exit: 1,
      says: /the directory entry "exports\/extra-block\.jsonl\/" carries data/,
    },
    {
      name: 'deflated-data-in-directory-entry',
      bytes: rawZip([...b.entries, { name: 'exports/', data: utf8.encode('x'.repeat(1000)), method: 8 }]),
      exit: 1,
      says: /the directory entry "exports\/" carries data/,
    },
    {
      name: 'empty-directory-entry',
      bytes: rawZip([{ name: 'exports/' }, ...b.entries]),
      exit: 1,
      says: CUT_EXPORT,
    },
    {
      name: 'same-name-other-case',
      bytes: rawZip([...b.entries, { ...readme, name: 'readme.md' }]),
      exit: 1,
      says: /the entries "README\.md" and "readme\.md" are the same name/,
    },
    {
      name: 'same-name-backslash',
      bytes: rawZip([{ ...altered(exportEntry), name: 'exports\\les-3-gongs-50-42.jsonl' }, ...b.entries]),
      exit: 1,
      says: /are the same name once case, separators and trailing slashes/,
    },
    {
      name: 'same-name-trailing-slash',
      bytes: rawZip([...b.entries, { name: 'README.md/' }]),
      exit: 1,
      says: /the entries "README\.md" and "README\.md\/" are the same name/,
    },
    {
      name: 'unlisted-entry',
      bytes: rawZip([...b.entries, { name: 'exports/extra-block.jsonl', data: utf8.encode('{}\n') }]),
      exit: 1,
      says: /exports\/extra-block\.jsonl: in the bundle but not listed in the manifest/,
    },
    {
      name: 'listed-entry-missing',
      bytes: relisted([listed('exports/gone.jsonl', 10)], []),
      exit: 1,
      says: /exports\/gone\.jsonl: listed in the manifest but missing from the bundle/,
    },
    {
      name: 'listed-twice-in-manifest',
      bytes: rawZip(
        smallBundle(key, [{ path: 'README.md', sha256: bytesToHex(sha256(readme.data!)), bytes: readme.data!.length }])
          .entries,
      ),
      exit: 1,
      says: /manifest\.json: not a bundle manifest \("README\.md" is listed twice\)/,
    },
    {
      name: 'manifest-key-twice-altered-first',
      bytes: (() => {
        const m = smallBundle(key, [], (t) => t.replace('{\n  "kind"', '{\n  "files": [],\n  "kind"'));
        return rawZip(m.entries);
      })(),
      exit: 1,
      says: /not JSON read one way only: the key "files" appears twice/,
    },
    {
      name: 'listed-entry-1.5-GB',
      bytes: relisted(
        [listed('exports/huge.jsonl', 1536 * MiB)],
        [{ name: 'exports/huge.jsonl', data: utf8.encode('x'), declaredSize: 1536 * MiB }],
      ),
      exit: 1,
      says: /exports\/huge\.jsonl: the manifest lists 1536\.0 MiB, over the 1024\.0 MiB a bundled file may hold: refused without inflating it/,
    },
    {
      name: 'listed-total-over-bound',
      bytes: relisted(
        Array.from({ length: 9 }, (_, k) => listed(`exports/b${k}.jsonl`, 1000 * MiB)),
        [],
      ),
      exit: 1,
      says: /lists 9000\.0 MiB of files, over the 8192\.0 MiB a bundle may hold once inflated: nothing was inflated/,
    },
    {
      name: 'entry-size-lies-small',
      bytes: relisted(
        [listed('exports/zeros.jsonl', 1000)],
        [{ name: 'exports/zeros.jsonl', deflated: bigZeros, declaredSize: 1000 }],
      ),
      exit: 1,
      says: /exports\/zeros\.jsonl: the entry "exports\/zeros\.jsonl" inflates to more than the 1000 bytes it declares/,
    },
    {
      name: 'manifest-declares-600-MB',
      bytes: rawZip([...b.entries.slice(0, 2), { name: MANIFEST, deflated: bigZeros }, signature]),
      exit: 1,
      says: /manifest\.json: declares 600\.0 MiB once inflated, over the 4\.0 MiB a manifest may hold: refused without inflating it/,
    },
    {
      name: 'manifest-600-MB-size-lies',
      bytes: rawZip([...b.entries.slice(0, 2), { name: MANIFEST, deflated: bigZeros, declaredSize: 2000 }, signature]),
      exit: 1,
      says: /manifest\.json: the entry "manifest\.json" inflates to more than the 2000 bytes it declares/,
    },
    {
      name: 'signature-over-bound',
      bytes: rawZip([...b.entries.slice(0, 3), { name: SIGNATURE, deflated: deflatedZeros(64 * MiB) }]),
      exit: 1,
      says: /manifest\.sig: declares 67108864 bytes, over the 1024 a signature may hold/,
    },
    {
      name: 'signature-of-another-manifest',
      bytes: rawZip([...b.entries.slice(0, 2), { ...manifest, data: utf8.encode(tamperedManifest) }, signature]),
      exit: 1,
      says: /the signature does not match the manifest/,
    },
    {
      name: 're-signed-by-another-key',
      bytes: (() => {
        const text = tamperedManifest;
        const other = { secretKey: new Uint8Array(32).fill(7), publicKey: key.publicKey };
        return rawZip([
          ...b.entries.slice(0, 2),
          { ...manifest, data: utf8.encode(text) },
          { name: SIGNATURE, data: utf8.encode(sign(utf8.encode(text), other)) },
        ]);
      })(),
      exit: 1,
      says: /the signature does not match the manifest/,
    },
    {
      name: 'path-outside-folder',
      bytes: rawZip([...b.entries, { name: '../evil.sh', data: utf8.encode('x') }]),
      exit: 1,
      says: /names a place outside the bundle's folder/,
    },
    {
      name: 'name-not-utf8-flagged',
      bytes: rawZip([...b.entries, { name: 'exports/é.jsonl', data: utf8.encode('x'), flags: 0 }]),
      exit: 1,
      says: /non-ASCII bytes without the UTF-8 flag/,
    },
    {
      name: 'encrypted-entry',
      bytes: rawZip([...b.entries.slice(0, 1), { ...readme, flags: 0x801 }, ...b.entries.slice(2)]),
      exit: 1,
      says: /the entry "README\.md" is encrypted/,
    },
    {
      name: 'crc-lies',
      bytes: (() => {
        const z = rawZip(b.entries);
        // the README's CRC, in its local header and in its central record (stored, so its bytes are found as they are)
        const flip = (at: number): void => void (z[at] = z[at]! ^ 0xff);
        const view = new DataView(z.buffer);
        for (let i = 0; i + 4 <= z.length; i++) {
          const sig = view.getUint32(i, true);
          const nameAt = sig === 0x04034b50 ? i + 30 : sig === 0x02014b50 ? i + 46 : -1;
          if (nameAt < 0 || new TextDecoder().decode(z.subarray(nameAt, nameAt + 9)) !== 'README.md') continue;
          flip(i + (sig === 0x04034b50 ? 14 : 16));
        }
        return z;
      })(),
      exit: 1,
      says: /README\.md: the entry "README\.md" inflates to 18 bytes \(CRC-32 [0-9a-f]+\), not the 18 bytes/,
    },
    {
      name: 'data-appended',
      bytes: rawZip(b.entries, { suffix: utf8.encode('appended') }),
      exit: 1,
      says: /8 bytes after the zip's end record: data was appended to the zip/,
    },
    {
      name: 'symlink-member',
      bytes: relisted(
        [{ path: 'exports/link.jsonl', sha256: bytesToHex(sha256(utf8.encode('/etc/passwd'))), bytes: 11 }],
        [{ name: 'exports/link.jsonl', data: utf8.encode('/etc/passwd'), unixMode: 0o120777 }],
      ),
      exit: 1,
      says: /the entry "exports\/link\.jsonl" is stored as a symbolic link: unzip would make a link/,
    },
    {
      name: 'no-export',
      bytes: rawZip(smallBundle(key, [], (t) => t, [{ name: readme.name, data: readme.data! }]).entries),
      exit: 1,
      says: /exports\/les-3-gongs-50-42\.jsonl: the manifest lists no export of the block of seed 42: an evidence bundle holds the export of each of its blocks/,
    },
    // the printed report is read (for the report it names) only when it is a PDF, and only when it is bounded
    {
      name: 'report-pdf-not-a-pdf',
      bytes: rawZip(
        smallBundle(key, [], (t) => t, [
          ...b.files,
          { name: PDF_PATH, data: utf8.encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF\n') },
        ]).entries,
      ),
      exit: 1,
      says: /^( {2}- )?report\/audit-report\.pdf: not a PDF that can be read \(.+\): it cannot be tied to the report it prints$/m,
    },
    {
      name: 'report-pdf-listed-100-MB',
      bytes: relisted(
        [listed(PDF_PATH, 100 * MiB)],
        [{ name: PDF_PATH, data: utf8.encode('x'), declaredSize: 100 * MiB }],
      ),
      exit: 1,
      says: /report\/audit-report\.pdf: the manifest lists 100\.0 MiB, over the 64\.0 MiB a printed report may hold: refused without inflating it/,
    },
    ...(
      [
        ['seeds-a-number', '"seeds": 7', /"seeds" holds 7: expected a list of one seed or more/],
        ['seeds-a-string', '"seeds": "7"', /"seeds" holds "7": expected a list of one seed or more/],
        ['seeds-empty', '"seeds": []', /"seeds" holds \[\]: expected a list of one seed or more/],
        [
          'blocks-null',
          '"blocks": null',
          /"blocks" holds null: expected a list of one \{"seed", "digest", "merkleRoot"\} per seed/,
        ],
        ['blocks-empty', '"blocks": []', /"blocks" holds \[\]: expected a list of one/],
      ] as const
    ).map(([name, field, says]) => ({
      name: `manifest-${name}`,
      bytes: rawZip(
        smallBundle(key, [], (t) =>
          t.replace(field.startsWith('"seeds"') ? /"seeds": \[[^\]]*\]/ : /"blocks": \[[^\]]*\]/, field),
        ).entries,
      ),
      exit: 1 as const,
      says,
    })),
    {
      name: 'data-prepended',
      bytes: rawZip(b.entries, { prefix: utf8.encode('#!/bin/sh\n') }),
      exit: 1,
      says: /10 bytes before the first entry: data was added to the zip/,
    },
    { name: 'not-a-zip', bytes: utf8.encode('hello\n'), exit: 2, says: /not a zip file/ },
    { name: 'empty-file', bytes: new Uint8Array(0), exit: 2, says: /not a zip file/ },
    { name: 'no-manifest', bytes: rawZip(b.entries.slice(0, 2)), exit: 2, says: /no manifest\.json in the zip/ },
    {
      name: 'truncated',
      bytes: rawZip(b.entries).subarray(0, 200),
      exit: 2,
      says: /not a zip file/,
    },
  ];
}
