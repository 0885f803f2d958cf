/**
 * `verify-bundle bundle.zip [--pub KEYFILE.pub]`: checks an evidence bundle (src-engine/evidence/check-bundle.ts): every file
 * the manifest lists is there with its SHA-256 and size, nothing else is, and the Ed25519
 * signature of the manifest holds. Each failure names its file. It then says plainly what this
 * proves and what it does not. Exit 0: all checks pass; 1: a check failed; 2: not a bundle.
 */
import { createHash } from 'node:crypto';
import {
  CASE_MANIFEST_KIND,
  InputError,
  MAX_KEY_FILE_BYTES,
  parsePublicKey,
  NotABundle,
  PUBLIC_KIND,
  checkDisputeCase,
  parseStrictJson,
  readBundle,
  rebuildInThread,
} from '../../src-engine/index';
import type { BundleCheck, CaseCheck, CaseRebuild } from '../../src-engine/index';
import { blockSegmentDigests } from './replay-case';
import { parseFlags } from '../args';
import { readBoundedFile } from '../bounded-file';
import { UsageError } from '../errors';
import { openBundleFile } from '../evidence/file-source';
import type { OpenedSource } from '../evidence/file-source';

export type { BundleCheck } from '../../src-engine/index';

/** A case's unit segment rebuilt here (10,000 units), its whole block in the worker threads (R1, R2). */
const CLI_REBUILD: CaseRebuild = { segment: rebuildInThread.segment, block: blockSegmentDigests };

export const VERIFY_BUNDLE_USAGE = 'verify-bundle bundle.zip [--pub KEYFILE.pub] [--json]';

/** What a passing check proves and what it does not, in plain words. */
export function meaning(c: BundleCheck, pinned: boolean): string[] {
  if (c.kind === CASE_MANIFEST_KIND) return caseMeaning(c, pinned);
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

/** What a dispute case's passing check proves: its files, the unit, the rules, the proof; not who is right. */
function caseMeaning(c: BundleCheck, pinned: boolean): string[] {
  return [
    'What this proves:',
    `  - every file the manifest lists (${c.filesChecked}) is in the case with the SHA-256 the manifest gives, and nothing else is;`,
    c.signed
      ? `  - the manifest, and so the claim and conclusion it covers, was signed by the holder of the private key with fingerprint ${c.fingerprint}${pinned ? ' (the key you gave with --pub)' : ''};`
      : '  - (the case is not signed: nothing here says who made it);',
    '  - the replay record, the rule texts and the Merkle proof are those this reference gives when rebuilt from its seed (see "checked" above).',
    'What it does not prove:',
    "  - that the player's claim or the tester's conclusion is right: they are recorded as typed;",
    ...(pinned
      ? []
      : [
          '  - who holds the key: compare the fingerprint with the one the operator gave you by another channel (or pass --pub KEYFILE.pub);',
        ]),
    "  - when the case was made: the date in the manifest is the maker's own clock.",
  ];
}

async function readPublicKey(path: string): Promise<string> {
  const text = await readBoundedFile(
    'pub',
    path,
    MAX_KEY_FILE_BYTES,
    (size) => `${size} bytes: a public key file is one line of at most ${MAX_KEY_FILE_BYTES} bytes`,
  );
  return parsePublicKey(text, path);
}

/** The SHA-256 of the whole bundle file, read in pieces. */
async function fileSha256(src: OpenedSource): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < src.size; at += 1024 * 1024) hash.update(await src.read(at, 1024 * 1024));
  return hash.digest('hex');
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
  const src = await openBundleFile(path);
  let c: BundleCheck;
  let caseCheck: CaseCheck | null = null;
  let sha: string;
  try {
    const reading = await readBundle(src, pinned);
    // a dispute case: the unit re-derived, its rules and its Merkle proof rebuilt from the seed (R1, R2)
    if (reading.check.kind === CASE_MANIFEST_KIND) caseCheck = await checkDisputeCase(src, reading, CLI_REBUILD);
    c = caseCheck ?? reading.check;
    sha = await fileSha256(src);
  } catch (e) {
    if (e instanceof NotABundle) throw new InputError(e.message);
    throw e;
  } finally {
    await src.close();
  }
  if (values.json) process.stdout.write(`${JSON.stringify(c)}\n`);
  else {
    const lines = [
      `bundle: ${path}`,
      `sha256: ${sha}`,
      c.ok
        ? `verdict: INTACT${caseCheck ? ' dispute case' : ''} (${c.filesChecked} files${c.signed ? ', signature valid' : ', not signed'})`
        : `verdict: FAILED (${c.failures.length} problem(s))`,
      ...c.failures.map((f) => `  - ${f}`),
      ...(caseCheck ? ['checked (dispute case):', ...caseCheck.checked.map((x) => `  - ${x}`)] : []),
      ...(c.ok ? meaning(c, pinned !== null) : []),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return c.ok ? 0 : 1;
}
