import { describe, expect, it } from 'vitest';
import { bundleCases } from '../../scripts/hostile/bundles';
import { officialBlock } from '../block/spec';
import { jsonlHeader } from '../export/unit-lines';
import { BundleZip } from './bundle-zip';
import { NotABundle, bytesSource, checkBundle } from './check-bundle';
import { MANIFEST, MANIFEST_KIND, SIGNATURE } from './manifest';
import { fingerprint, newKeyPair, sign } from './signing';
import { bytesToHex } from '@noble/hashes/utils.js';

const key = newKeyPair();
const pub = bytesToHex(key.publicKey);

/** A manifest's fields other than its signer and files, on the blocks of `seeds`. */
const manifestOf = (...seeds: number[]) => ({
  kind: MANIFEST_KIND,
  version: 1,
  created: '2026-01-01T00:00:00.000Z',
  game: 'les-3-gongs',
  stakeCents: 50,
  seeds,
  generator: 'instant-lab-gen/2',
  appVersion: 'test',
  blocks: seeds.map((seed) => ({ seed, digest: '0'.repeat(64), merkleRoot: '0'.repeat(64) })),
});

describe('an evidence bundle read one way only', () => {
  it('a bundle as BundleZip writes it (streamed entries with data descriptors) is read whole: only its cut export fails', async () => {
    const parts: Uint8Array[] = [];
    const zip = new BundleZip((c) => void parts.push(c), new Date('2026-01-01T00:00:00Z'));
    const spec = officialBlock('les-3-gongs', 50, 1, 2);
    await zip.add('exports/les-3-gongs-50-1.jsonl', `${jsonlHeader(spec)}\n`);
    await zip.add('README.md', 'x'.repeat(200_000));
    const text = `${JSON.stringify({ ...manifestOf(1), signer: { publicKey: pub, fingerprint: fingerprint(key.publicKey) }, files: [...zip.entries] })}\n`;
    await zip.add(MANIFEST, text);
    await zip.add(SIGNATURE, `${sign(new TextEncoder().encode(text), key)}\n`);
    await zip.end();
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
    const c = await checkBundle(bytesSource(bytes), pub);
    expect(c.failures).toEqual([
      'exports/les-3-gongs-50-1.jsonl: it holds 0 units, the block of seed 1 has 300000 units: the export does not hold what the manifest claims of it',
    ]);
    expect(c).toMatchObject({ ok: false, filesChecked: 2, signed: true });
  });

  // every hostile case, pinned to the key that signed it (as `--pub` does): the verdict does not depend on the signature
  for (const c of bundleCases(key))
    it(`${c.name}: ${c.exit === 0 ? 'intact' : c.exit === 1 ? 'refused with the reason' : 'not a bundle'}`, async () => {
      const run = checkBundle(bytesSource(c.bytes), pub);
      if (c.exit === 2) {
        await expect(run).rejects.toThrow(NotABundle);
        await expect(run).rejects.toThrow(c.says);
        return;
      }
      const r = await run;
      expect(r.ok, r.failures.join(' / ')).toBe(c.exit === 0);
      expect(c.exit === 0 ? 'verdict: INTACT (2 files, signature valid)' : r.failures.join('\n')).toMatch(c.says);
    });
});
