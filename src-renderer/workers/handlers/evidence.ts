/**
 * The evidence bundle of the compliance screen, built in a worker with the engine's
 * bundle builder — the very code of `npm run evidence` — from the report on screen. The rules files
 * and check.py are bundled byte for byte as they are in the repository. The private key file is
 * read and used here only: what leaves the worker is the zip (signature inside) and the public
 * key's fingerprint.
 */
import { InputError, MAX_KEY_FILE_BYTES, officialBlock, parseSecretKey, sha256Hex, writeEvidenceBundle } from '@engine';
import type { KeyPair } from '@engine';
import mineDorRules from '../../../resources/rules/mine-d-or.json?raw';
import gongsRules from '../../../resources/rules/les-3-gongs.json?raw';
import legalBands from '../../../resources/rules/legal-bands.json?raw';
import checkPy from '../../../scripts/independent_check.py?raw';
import type { StakeCents } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

/**
 * The private key file the user chose, read as the command line reads it: bounded before a byte is
 * read, decoded with its byte-order mark kept (`Blob.text()` would drop one silently, and the
 * engine's reader drops exactly one: a file with two must be refused here as on the command line).
 */
export async function readKeyFile(file: Blob, name: string): Promise<KeyPair> {
  if (file.size > MAX_KEY_FILE_BYTES)
    throw new InputError(
      `"${name}" is not a private key file: it is ${file.size} bytes, and a private key file is one line of at most ${MAX_KEY_FILE_BYTES} bytes`,
      `« ${name} » n'est pas un fichier de clé privée : il fait ${file.size} octets, et un fichier de clé privée est une ligne d'au plus ${MAX_KEY_FILE_BYTES} octets`,
    );
  return parseSecretKey(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer()), name);
}

export const evidenceBundle: Handler<'evidenceBundle'> = async (input, progress) => {
  const key = input.keyFile ? await readKeyFile(input.keyFile, input.keyName) : null;
  const id = input.report.identity;
  const specs = id.seeds.map((seed) => officialBlock(id.game, id.stakeCents as StakeCents, seed));
  const chunks: Uint8Array[] = [];
  let size = 0;
  let last = 0;
  const summary = await writeEvidenceBundle(
    {
      report: input.report,
      specs,
      segmentDigests: input.segmentDigests,
      lang: input.lang,
      appVersion: input.appVersion,
      created: new Date(),
      key,
      ruleFiles: { 'mine-d-or.json': mineDorRules, 'les-3-gongs.json': gongsRules, 'legal-bands.json': legalBands },
      checkPy,
      pdf: input.pdf,
      ...(input.journalEntries !== undefined ? { journalEntries: input.journalEntries } : {}),
      onProgress: (done, total) => {
        if (done - last >= 50_000 || done === total) {
          last = done;
          progress(done / total);
        }
      },
    },
    (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
    },
  );
  const zip = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    zip.set(c, at);
    at += c.length;
  }
  return {
    zip,
    sha256: sha256Hex(zip),
    files: summary.files,
    fingerprint: summary.signer?.fingerprint ?? null,
    pdf: 'bytes' in input.pdf,
  };
};
