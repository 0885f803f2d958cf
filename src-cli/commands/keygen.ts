/**
 * `keygen --out KEYFILE`: an Ed25519 key pair to sign evidence bundles: KEYFILE, the
 * private key, readable by its owner only (0600), and KEYFILE.pub, the public key to hand over.
 */
import { AtomicWriter } from '../atomic-file';
import { parseFlags, parseLang } from '../args';
import { UsageError } from '../errors';
import { defineCommand } from '../command-spec';
import { FORCE, LANG } from '../common-options';
import { fingerprint, keyFiles, newKeyPair } from '@engine';

export const KEYGEN = defineCommand({
  name: 'keygen',
  does: 'creates a signing key pair for evidence bundles',
  options: {
    out: {
      type: 'string',
      value: 'KEYFILE',
      required: true,
      help: 'the private key to write (readable by you only); the public key goes to KEYFILE.pub',
    },
    ...FORCE,
    ...LANG,
  },
});

export async function keygenCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, KEYGEN);
  const lang = parseLang(values.lang);
  // KEYFILE is the private key and KEYFILE.pub the public one: a .pub name would hold the private key
  if (values.out.toLowerCase().endsWith('.pub'))
    throw new UsageError(
      `--out "${values.out}" ends in .pub, but --out names the private key (the public key goes to KEYFILE.pub): give the private key's name, e.g. --out ${values.out.slice(0, -4)} (nothing was written)`,
      `--out "${values.out}" se termine par .pub, mais --out nomme la clé privée (la clé publique va dans KEYFILE.pub) : donnez le nom de la clé privée, par exemple --out ${values.out.slice(0, -4)} (rien n'a été écrit)`,
    );
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
