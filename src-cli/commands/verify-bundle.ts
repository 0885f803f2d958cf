/**
 * `verify-bundle bundle.zip [--pub KEYFILE.pub]`: checks an evidence bundle (issue 13): every file
 * the manifest lists is there with its SHA-256 and size, nothing else is, and the Ed25519
 * signature of the manifest holds. Each failure names its file. It then says plainly what this
 * proves and what it does not. Exit 0: all checks pass; 1: a check failed; 2: not a bundle.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { InputError } from '../../src-engine/index';
import { parseFlags } from '../args';
import { UsageError } from '../errors';
import { MANIFEST, PUBLIC_KIND, SIGNATURE, parseManifest, verifySignature } from '../../src-engine/index';

export const VERIFY_BUNDLE_USAGE = 'verify-bundle bundle.zip [--pub KEYFILE.pub] [--json]';

export interface BundleCheck {
  readonly ok: boolean;
  /** One line per failed check, each naming its file. */
  readonly failures: readonly string[];
  readonly filesChecked: number;
  readonly signed: boolean;
  readonly fingerprint: string | null;
}

/** Names of the zip's entries, without decompressing anything. */
function entryNames(zip: Uint8Array): string[] {
  const names: string[] = [];
  unzipSync(zip, {
    filter: (f) => {
      names.push(f.name);
      return false;
    },
  });
  return names;
}

/** Checks a bundle's bytes; `pinnedKey` is the public key (hex) the regulator expects, if given. */
export function checkBundle(zip: Uint8Array, pinnedKey: string | null): BundleCheck {
  let names: string[];
  try {
    names = entryNames(zip);
  } catch (e) {
    throw new InputError(`not a zip file: ${(e as Error).message}; expected a bundle made by \`npm run evidence\``);
  }
  const failures: string[] = [];
  const read = (name: string): Uint8Array | null => {
    try {
      return unzipSync(zip, { filter: (f) => f.name === name })[name] ?? null;
    } catch (e) {
      failures.push(`${name}: cannot be decompressed (${(e as Error).message}): the zip is damaged`);
      return null;
    }
  };
  if (!names.includes(MANIFEST))
    throw new InputError(`no ${MANIFEST} in the zip: not an evidence bundle made by \`npm run evidence\``);
  const manifestBytes = read(MANIFEST);
  const manifest = manifestBytes ? parseManifest(new TextDecoder().decode(manifestBytes)) : null;
  if (!manifestBytes || !manifest) {
    return {
      ok: false,
      failures: [...failures, `${MANIFEST}: not a bundle manifest (altered or damaged)`],
      filesChecked: 0,
      signed: false,
      fingerprint: null,
    };
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const f of manifest.files) {
    if (!names.includes(f.path)) {
      failures.push(`${f.path}: listed in the manifest but missing from the bundle`);
      continue;
    }
    const data = read(f.path);
    if (!data) continue;
    const sha = createHash('sha256').update(data).digest('hex');
    if (sha !== f.sha256 || data.length !== f.bytes)
      failures.push(
        `${f.path}: SHA-256 ${sha} (${data.length} bytes) differs from the manifest's ${f.sha256} (${f.bytes} bytes): the file was changed`,
      );
  }
  for (const n of names)
    if (!listed.has(n) && n !== MANIFEST && n !== SIGNATURE && !n.endsWith('/'))
      failures.push(`${n}: in the bundle but not listed in the manifest`);
  const signed = names.includes(SIGNATURE);
  if (signed) {
    const sig = read(SIGNATURE);
    if (!manifest.signer) failures.push(`${SIGNATURE}: present, but the manifest names no signer`);
    else if (!sig || !verifySignature(manifestBytes, new TextDecoder().decode(sig).trim(), manifest.signer.publicKey))
      failures.push(
        `${MANIFEST} or ${SIGNATURE}: the signature does not match the manifest and the signer's public key: one of the two was changed`,
      );
  } else if (manifest.signer) failures.push(`${SIGNATURE}: missing, but the manifest names a signer`);
  if (pinnedKey !== null && manifest.signer?.publicKey !== pinnedKey)
    failures.push(`${MANIFEST}: the signer's public key is not the one given with --pub`);
  return {
    ok: failures.length === 0,
    failures,
    filesChecked: manifest.files.length,
    signed,
    fingerprint: manifest.signer?.fingerprint ?? null,
  };
}

/** What a passing check proves and what it does not, in plain words. */
export function meaning(c: BundleCheck, pinned: boolean): string[] {
  return [
    'What this proves:',
    `  - every file the manifest lists (${c.filesChecked}) is in the bundle with the SHA-256 the manifest gives, and nothing else is;`,
    c.signed
      ? `  - the manifest was signed by the holder of the private key with fingerprint ${c.fingerprint}${pinned ? ' (the key you gave with --pub)' : ''}.`
      : '  - (the bundle is not signed: nothing here says who made it).',
    'What it does not prove:',
    '  - that the blocks conform to the rules: run `python3 check.py` in the unzipped folder (it re-derives every unit) or `npm run verify` on each export;',
    pinned
      ? "  - when the bundle was made: the date in the manifest is the maker's own clock."
      : '  - who holds the key: compare the fingerprint with the one the operator gave you by another channel (or pass --pub KEYFILE.pub);',
    ...(pinned ? [] : ["  - when the bundle was made: the date in the manifest is the maker's own clock."]),
  ];
}

async function readPublicKey(path: string): Promise<string> {
  let o: Record<string, unknown> = {};
  try {
    o = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code) throw new InputError(`cannot read "${path}": ${(e as Error).message}`);
  }
  if (o.kind !== PUBLIC_KIND || typeof o.publicKey !== 'string')
    throw new InputError(`"${path}" is not a public key file: expected the KEYFILE.pub written by \`npm run keygen\``);
  return o.publicKey;
}

export async function verifyBundleCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    { pub: { type: 'string' }, json: { type: 'boolean', default: false } },
    true,
  );
  if (positionals.length !== 1)
    throw new UsageError(`expected one bundle file, got ${positionals.length}: ${VERIFY_BUNDLE_USAGE}`);
  const pinned = values.pub !== undefined ? await readPublicKey(values.pub) : null;
  const path = positionals[0]!;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new InputError(`cannot read "${path}": ${(e as Error).message}`);
  }
  const c = checkBundle(bytes, pinned);
  if (values.json) process.stdout.write(`${JSON.stringify(c)}\n`);
  else {
    const lines = [
      `bundle: ${path}`,
      `sha256: ${createHash('sha256').update(bytes).digest('hex')}`,
      c.ok
        ? `verdict: INTACT (${c.filesChecked} files${c.signed ? ', signature valid' : ', not signed'})`
        : `verdict: FAILED (${c.failures.length} problem(s))`,
      ...c.failures.map((f) => `  - ${f}`),
      ...(c.ok ? meaning(c, pinned !== null) : []),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return c.ok ? 0 : 1;
}
