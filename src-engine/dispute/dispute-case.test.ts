import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { BundleZip } from '../evidence/bundle-zip';
import { bytesSource, readBundle } from '../evidence/check-bundle';
import { MANIFEST, SIGNATURE, readManifest } from '../evidence/manifest';
import type { Manifest } from '../evidence/manifest';
import { fingerprint, newKeyPair, sign } from '../evidence/signing';
import type { KeyPair } from '../evidence/signing';
import { officialBlock } from '../block/spec';
import { formatUnitRef, refOfBlock } from '../ref/unit-ref';
import { disputeCaseBytes, caseProof, writeDisputeCase } from './build-case';
import type { CaseInput } from './build-case';
import { CASE_FILE, CASE_PDF, CASE_PROOF, CASE_REPLAY_JSON, CASE_REPLAY_PNG, MAX_CASE_TEXT_CHARS } from './case-files';
import { checkDisputeCase, rebuildInThread } from './check-case';
import { caseFonts } from './case-fonts.fixture';
import { bytesToHex } from '@noble/hashes/utils.js';

// a Les 3 Gongs Bonus of 3 € (art. 4.3.2, 4.4): a small block (300,000 units) rebuilt in the test
const spec = officialBlock('les-3-gongs', 50, 7);
const REF = formatUnitRef(refOfBlock(spec, 29));
const key = newKeyPair();
const pub = bytesToHex(key.publicKey);
const b64 = (s: string): Uint8Array => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const PNG_A = b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==');
const PNG_B = b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=');
const segmentDigests = await rebuildInThread.block(spec);

const input: CaseInput = {
  ref: REF,
  claim: 'Le joueur dit avoir vu trois yin yang et 30 € au Bonus.',
  conclusion: 'Le rejeu montre un Bonus de 3,00 € : 1 € + 0,50 € + 1,50 €.',
  lang: 'fr',
  appVersion: '0.1.0',
  opened: new Date('2026-12-01T10:00:00Z'),
  key,
  segmentDigests,
  png: PNG_A,
  fonts: caseFonts,
};

async function verdict(zip: Uint8Array, pinned: string | null = null) {
  const src = bytesSource(zip);
  return checkDisputeCase(src, await readBundle(src, pinned), rebuildInThread, caseFonts);
}

/** The case's files rebuilt into a new zip with `changes`, its manifest re-listed and signed by `signer` (null: unsigned). */
async function reassemble(
  zip: Uint8Array,
  changes: Record<string, Uint8Array>,
  signer: KeyPair | null,
): Promise<Uint8Array> {
  const files = unzipSync(zip);
  const old = readManifest(strFromU8(files[MANIFEST]!));
  if (!old.ok) throw new Error(old.why);
  const parts: Uint8Array[] = [];
  const out = new BundleZip((c) => void parts.push(c), new Date('2026-12-01T10:00:00Z'));
  for (const f of old.manifest.files) await out.add(f.path, changes[f.path] ?? files[f.path]!);
  const manifest: Manifest = {
    ...old.manifest,
    signer: signer && { publicKey: bytesToHex(signer.publicKey), fingerprint: fingerprint(signer.publicKey) },
    files: [...out.entries],
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  await out.add(MANIFEST, text);
  if (signer) await out.add(SIGNATURE, `${sign(strToU8(text), signer)}\n`);
  await out.end();
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
  return bytes;
}

describe('a dispute case, built and checked', () => {
  it('verifies whole: files, signature, the unit re-derived, the rules quoted and the Merkle proof (R1, R2)', async () => {
    const { zip, summary } = await disputeCaseBytes(input);
    expect(summary.manifest.kind).toBe('instant-lab-dispute-case-manifest');
    expect(summary.manifest.case).toEqual({ ref: REF, index: 29, segment: 0 });
    const c = await verdict(zip, pub);
    expect(c.failures).toEqual([]);
    expect(c).toMatchObject({ ok: true, signed: true, kind: 'instant-lab-dispute-case-manifest', filesChecked: 7 });
    expect(c.case?.claim).toBe(input.claim);
    const said = c.checked.join('\n');
    expect(said).toContain(
      `${CASE_REPLAY_JSON}: equals the unit re-derived from its reference alone (R2), lot 300 cents`,
    );
    // counted with their plural, never « passage(s) »
    expect(said).toMatch(
      /rules\/cited\.json: (1 passage|\d+ passages) and (1 decision|\d+ decisions), equal to the articles data/,
    );
    expect(said).toMatch(/its path of \d+ steps leads to the root/);
    expect(said).toContain(`rebuilt from seed 7 (R1)`);
    expect(said).toMatch(
      new RegExp(
        `^${CASE_PDF}: the same \\d+ bytes as the PDF rebuilt from case\\.json, the replay and the proof: its pages show unit ${REF}, lot 300 cents`,
        'm',
      ),
    );
    const files = unzipSync(zip);
    expect(strFromU8(files['evidence/case.pdf']!.subarray(0, 5))).toBe('%PDF-');
    const cited = JSON.parse(strFromU8(files['rules/cited.json']!)) as { documents: { passages: { id: string }[] }[] };
    // the Bonus (art. 4.3.2, 4.4) is quoted as published
    expect(cited.documents[0]!.passages.map((p) => p.id)).toEqual(expect.arrayContaining(['4.4']));
  });

  it('writes its README in the case’s language: French for a French case, English otherwise, and checks INTACT', async () => {
    const readme = async (lang: 'fr' | 'en'): Promise<{ text: string; zip: Uint8Array }> => {
      const { zip } = await disputeCaseBytes({ ...input, lang });
      return { text: strFromU8(unzipSync(zip)['README.md']!), zip };
    };
    const fr = await readme('fr');
    expect(fr.text).toMatch(new RegExp(`^# Dossier de litige Instant Lab\n\nUnité ${REF}, dossier ouvert le `));
    expect(fr.text).toContain('## Fichiers');
    expect(fr.text).toContain(`Signé (Ed25519) : l'empreinte de la clé est ${fingerprint(key.publicKey)}.`);
    expect(fr.text).toContain("- `evidence/replay.png` : l'état final tel que l'écran de rejeu l'a dessiné.");
    expect(fr.text).toContain('## Le vérifier');
    expect(fr.text).not.toMatch(/\b(the|Files|Check it|Signed)\b/);
    expect(await verdict(fr.zip, pub)).toMatchObject({ ok: true, failures: [] });
    const en = await readme('en');
    expect(en.text).toMatch(new RegExp(`^# Instant Lab dispute case\n\nUnit ${REF}, case opened `));
    expect(en.text).toContain('## Check it');
  });

  it('a changed claim is named by its file', async () => {
    const { zip } = await disputeCaseBytes(input);
    const files = unzipSync(zip);
    const record = JSON.parse(strFromU8(files[CASE_FILE]!)) as Record<string, string>;
    const changed = strToU8(`${JSON.stringify({ ...record, claim: 'Le joueur dit avoir gagné 3 000 €.' }, null, 2)}\n`);
    // the file swapped inside the signed case: its SHA-256 no longer matches
    const swapped = replaceEntry(zip, CASE_FILE, changed);
    const c = await verdict(swapped, pub);
    expect(c.ok).toBe(false);
    expect(c.failures.join('\n')).toMatch(/^case\.json: .*the file was changed/m);
    // re-listed and re-signed by another key: only pinning the operator's key says so
    const resigned = await reassemble(zip, { [CASE_FILE]: changed }, newKeyPair());
    expect((await verdict(resigned, pub)).failures).toContain(
      `${MANIFEST}: the signer's public key is not the one given with --pub`,
    );
  });

  it("another unit's PDF in the case, re-listed and re-signed with the same key: named, never INTACT", async () => {
    const { zip } = await disputeCaseBytes(input);
    const OTHER = formatUnitRef(refOfBlock(spec, 30));
    const other = await disputeCaseBytes({ ...input, ref: OTHER });
    const forged = await reassemble(zip, { [CASE_PDF]: unzipSync(other.zip)[CASE_PDF]! }, key);
    const c = await verdict(forged, pub);
    expect(c.ok).toBe(false);
    expect(c.failures).toHaveLength(1);
    // named: the PDF, and the unit it shows against the one the record names
    expect(c.failures[0]).toMatch(
      new RegExp(
        `^evidence/case\\.pdf: not the PDF that case\\.json, the replay and the proof make \\(SHA-256 [0-9a-f]{16}…, rebuilt [0-9a-f]{16}…\\): its title reads "Dossier de litige ${OTHER}": it shows unit ${OTHER}, while case\\.json records unit ${REF}`,
      ),
    );
    expect(c.checked.join('\n')).not.toMatch(/case\.pdf/);
    // the same with the claim alone changed in the PDF (the unit the same): the PDF of another claim
    const claimed = await disputeCaseBytes({ ...input, claim: 'Le joueur dit avoir vu 3 000 €.' });
    const c2 = await verdict(await reassemble(zip, { [CASE_PDF]: unzipSync(claimed.zip)[CASE_PDF]! }, key), pub);
    expect(c2.failures.join('\n')).toMatch(
      /^evidence\/case\.pdf: not the PDF that case\.json.*: its pages may show another lot, claim or conclusion than case\.json records for unit /m,
    );
    // left unsigned, re-listed: the same
    const unsigned = await verdict(await reassemble(zip, { [CASE_PDF]: unzipSync(other.zip)[CASE_PDF]! }, null));
    expect(unsigned.ok).toBe(false);
    expect(unsigned.failures.join('\n')).toMatch(new RegExp(`it shows unit ${OTHER}, while case\\.json records unit`));
  });

  it('a FAILED case never lists its changed file under « checked »', async () => {
    const { zip } = await disputeCaseBytes(input);
    const files = unzipSync(zip);
    const text = strFromU8(files[CASE_REPLAY_JSON]!).replace('"lot_cents": 300', '"lot_cents": 301');
    const c = await verdict(replaceEntry(zip, CASE_REPLAY_JSON, strToU8(text)), pub);
    expect(c.ok).toBe(false);
    expect(c.failures.join('\n')).toMatch(/^evidence\/replay\.json: SHA-256 .* the file was changed/m);
    expect(c.checked.join('\n')).not.toContain(CASE_REPLAY_JSON);
    // the other files, unchanged, are still checked
    expect(c.checked.join('\n')).toContain(`${CASE_FILE}: unit ${REF}`);
  });

  it('a swapped PNG is named by its file', async () => {
    const { zip } = await disputeCaseBytes(input);
    const c = await verdict(replaceEntry(zip, CASE_REPLAY_PNG, PNG_B), pub);
    expect(c.ok).toBe(false);
    expect(c.failures.join('\n')).toMatch(/^evidence\/replay\.png: .*the file was changed/m);
  });

  it('a replay record changed and re-signed is named by the field the unit contradicts', async () => {
    const { zip } = await disputeCaseBytes(input);
    const files = unzipSync(zip);
    const rec = JSON.parse(strFromU8(files[CASE_REPLAY_JSON]!)) as Record<string, unknown>;
    const forged = await reassemble(
      zip,
      { [CASE_REPLAY_JSON]: strToU8(JSON.stringify({ ...rec, lot_cents: 3000 })) },
      key,
    );
    const c = await verdict(forged, pub);
    expect(c.failures).toEqual([
      `${CASE_REPLAY_JSON}: field "lot_cents" differs from the unit re-derived from its reference alone (R2): the record was changed`,
    ]);
  });

  it('a wrong Merkle proof, validly signed, is named: wrong sibling, wrong leaf, another block', async () => {
    const good = caseProof(segmentDigests, 29);
    const flip = (h: string): string => `${h[0] === '0' ? '1' : '0'}${h.slice(1)}`;
    const sibling = { ...good, path: good.path.map((s, k) => (k === 0 ? { ...s, sibling: flip(s.sibling) } : s)) };
    const c1 = await verdict((await disputeCaseBytes(input, sibling)).zip, pub);
    expect(c1.failures).toEqual([
      `${CASE_PROOF}: the path of ${good.path.length} steps does not lead from the leaf to the root ${good.merkle_root}`,
    ]);
    const leaf = { ...good, leaf: flip(good.leaf) };
    const c2 = await verdict((await disputeCaseBytes(input, leaf)).zip, pub);
    expect(c2.failures.join('\n')).toMatch(
      /^proof\/merkle-proof\.json: the leaf .* differs from segment 0 rebuilt alone from the seed/m,
    );
    // a proof consistent in itself but of another block (seed 8): its root is not this block's
    const other = caseProof(await rebuildInThread.block(officialBlock('les-3-gongs', 50, 8)), 29);
    const c3 = await verdict((await disputeCaseBytes(input, { ...good, block_digest: other.block_digest })).zip, pub);
    expect(c3.failures.join('\n')).toMatch(/block digest .* is not that of the block rebuilt from its seed/);
  });

  it('refuses an empty or overlong claim with one message, in both languages', async () => {
    await expect(disputeCaseBytes({ ...input, claim: '  \n ' })).rejects.toThrow("the player's claim is empty");
    await expect(disputeCaseBytes({ ...input, conclusion: 'x'.repeat(MAX_CASE_TEXT_CHARS + 1) })).rejects.toThrow(
      `more than the ${MAX_CASE_TEXT_CHARS} a case records`,
    );
    await expect(disputeCaseBytes({ ...input, ref: 'GONG-050-0000007-000X-V2-1E' })).rejects.toThrow();
  });

  it('refuses a claim its PDF cannot print as written, naming the character, before anything is built', async () => {
    const sink: Uint8Array[] = [];
    const refused = writeDisputeCase({ ...input, claim: 'Le joueur a vu 😀 au Bonus.' }, (c) => void sink.push(c));
    await expect(refused).rejects.toThrow(
      "the player's claim holds a character the case's PDF cannot print as written: U+1F600 « 😀 ».",
    );
    await expect(refused).rejects.toMatchObject({ field: 'claim' });
    // nothing was written: no zip begun, nothing signed
    expect(sink).toEqual([]);
  });
});

/** `zip` with one entry's bytes replaced and nothing else changed (its manifest still lists the old SHA-256). */
function replaceEntry(zip: Uint8Array, path: string, data: Uint8Array): Uint8Array {
  const files = unzipSync(zip);
  files[path] = data;
  return zipSync(files, { level: 6 });
}
