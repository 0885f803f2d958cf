/**
 * `keygen --out KEYFILE`: an Ed25519 key pair to sign evidence bundles: KEYFILE, the
 * private key, readable by its owner only (0600), and KEYFILE.pub, the public key to hand over.
 */
import { AtomicWriter } from '../atomic-file';
import { parseFlags, parseLang } from '../args';
import { UsageError } from '../errors';
import { fingerprint, keyFiles, newKeyPair } from '@engine';

export const KEYGEN_USAGE = 'keygen --out KEYFILE [--force] [--lang fr|en]';

export async function keygenCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    out: { type: 'string' },
    force: { type: 'boolean', default: false },
    lang: { type: 'string' },
  });
  const lang = parseLang(values.lang);
  if (values.out === undefined) throw new UsageError(`--out is required: ${KEYGEN_USAGE}`);
  const k = newKeyPair();
  const files = keyFiles(k);
  const secret = await AtomicWriter.open(values.out, { force: values.force, mode: 0o600 });
  let pub: AtomicWriter | null = null;
  try {
    pub = await AtomicWriter.open(`${values.out}.pub`, { force: values.force });
    await secret.write(files.secret);
    await pub.write(files.public);
    await secret.commit();
    await pub.commit();
  } catch (e) {
    await secret.abort();
    await pub?.abort();
    throw e;
  }
  process.stdout.write(
    lang === 'fr'
      ? `${values.out} écrite (clé privée, lisible par vous seul) et ${values.out}.pub (clé publique)\nempreinte : ${fingerprint(k.publicKey)}\n`
      : `Wrote ${values.out} (private key, readable by you only) and ${values.out}.pub (public key)\nfingerprint: ${fingerprint(k.publicKey)}\n`,
  );
  return 0;
}
