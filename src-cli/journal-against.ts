/**
 * The Merkle side of `journal` on the command line: `journal checkpoint FILE --key K --out cp.json`
 * signs the journal's head now; `journal verify FILE --against X…` reads each X (a checkpoint
 * file, or an audit report, a bundle or a dispute case zip carrying one) and checks the journal against them
 * (src-engine/journal/against.ts).
 */
import { open } from 'node:fs/promises';
import {
  InputError,
  MAX_REPORT_BYTES,
  checkpointText,
  heldFromBytes,
  heldFromZip,
  signCheckpoint,
  tooLargeForCheckpoint,
} from '@engine';
import type { AgainstVerdict, HeldCheckpoint } from '@engine';
import type { CliLang } from './args';
import { AtomicWriter } from './atomic-file';
import { readBoundedBytes } from './bounded-file';
import { UsageError, quotedPath } from './errors';
import { openBundleFile } from './evidence/file-source';
import { readSecretKey } from './evidence/signing';
import { streamJournal } from './journal-stream';
import { count } from './text-table';

/** Whether the file at `path` starts as a zip does (a local file header). */
async function looksLikeZip(path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return false; // the reader that follows names why it cannot be read
  }
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** The checkpoint held by the file at `path`: a checkpoint file, an audit report, or a bundle or case zip. */
export async function readHeld(path: string): Promise<HeldCheckpoint> {
  if (await looksLikeZip(path)) {
    const src = await openBundleFile(path);
    try {
      const held = await heldFromZip(path, src);
      if (!('checkpoint' in held)) throw new InputError(held.en, held.fr);
      return held;
    } finally {
      await src.close();
    }
  }
  const bytes = await readBoundedBytes('against', path, MAX_REPORT_BYTES, (size) => tooLargeForCheckpoint(size).en);
  const held = heldFromBytes(path, bytes, `--against ${quotedPath(path)}`);
  if (!('checkpoint' in held)) throw new UsageError(held.en, held.fr);
  return held;
}

/** `journal checkpoint FILE --key K --out cp.json`: the journal's head, signed now. */
export async function writeCheckpoint(
  path: string,
  keyPath: string | undefined,
  outPath: string | undefined,
  force: boolean,
  lang: CliLang,
): Promise<number> {
  if (keyPath === undefined || outPath === undefined)
    throw new UsageError('journal checkpoint FILE needs --key KEYFILE (from `instant-lab keygen`) and --out cp.json');
  const key = await readSecretKey(keyPath);
  // the root alone, streaming: O(log n) memory whatever the journal's size
  const read = await streamJournal('journal', path, { tree: 'root' });
  const c = signCheckpoint(read.size, read.root, new Date(), key);
  const out = await AtomicWriter.open(outPath, {
    force,
    inputs: [
      { flag: '', path },
      { flag: 'key', path: keyPath },
    ],
  });
  try {
    await out.write(checkpointText(c));
    await out.commit();
  } catch (e) {
    await out.abort();
    throw e;
  }
  process.stdout.write(
    lang === 'fr'
      ? `${quotedPath(outPath)} écrit : point de contrôle de ${quotedPath(path)} à ${count(c.size, lang)} entrées, racine ${c.root}, signé par la clé ${c.fingerprint}\n`
      : `Wrote ${quotedPath(outPath)}: checkpoint of ${quotedPath(path)} at ${count(c.size, lang)} entries, root ${c.root}, signed by key ${c.fingerprint}\n`,
  );
  return 0;
}

/** The checkpoint of each file of `against`, read before the journal. */
export async function readAllHeld(against: readonly string[]): Promise<HeldCheckpoint[]> {
  const held: HeldCheckpoint[] = [];
  for (const a of against) held.push(await readHeld(a));
  return held;
}

/** What `journal verify --against` prints of the checkpoints, in one language. */
export function againstLines(v: AgainstVerdict, lang: CliLang): string[] {
  const fr = lang === 'fr';
  const n = (x: number): string => count(x, lang);
  const out = [
    fr
      ? `arbre de Merkle : ${n(v.size)} entrées, racine ${v.root}`
      : `Merkle tree: ${n(v.size)} entries, root ${v.root}`,
  ];
  for (const c of v.checks)
    out.push(
      fr
        ? `  - ${c.name} : ${n(c.size)} entrées au ${c.time}, clé ${c.fingerprint} : ${c.holds ? 'le journal le prolonge (preuve de cohérence valide)' : 'NE TIENT PAS'}`
        : `  - ${c.name}: ${n(c.size)} entries at ${c.time}, key ${c.fingerprint}: ${c.holds ? 'the journal extends it (consistency proof holds)' : 'DOES NOT HOLD'}`,
    );
  out.push(
    v.ok
      ? fr
        ? `points de contrôle : TENUS (${n(v.checks.length)} : rien de ce qu'ils ont signé n'a été coupé ni réécrit)`
        : `checkpoints: HELD (${n(v.checks.length)}: nothing they signed was cut or rewritten)`
      : fr
        ? `points de contrôle : ÉCHEC (${n(v.findings.length)} problème${v.findings.length === 1 ? '' : 's'})`
        : `checkpoints: FAILED (${n(v.findings.length)} problem${v.findings.length === 1 ? '' : 's'})`,
  );
  for (const f of v.findings) out.push(`  - ${f.text[lang]}`);
  return out;
}
