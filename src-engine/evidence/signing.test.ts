import { describe, expect, it } from 'vitest';
import { InputError } from '../block/input-error';
import { keyFiles, newKeyPair, parsePublicKey, parseSecretKey } from './signing';

const k = newKeyPair();
const files = keyFiles(k);
const BOM = '\uFEFF';

/** The refusal `f` throws, in both languages. */
function refusal(f: () => unknown): { en: string; fr: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.text;
    throw e;
  }
  throw new Error('not refused');
}

describe('key files: one reading, the same for the private and the public key', () => {
  it('reads the files keygen writes', () => {
    expect(parseSecretKey(files.secret, 'k').publicKey).toEqual(k.publicKey);
    expect(parsePublicKey(files.public, 'k.pub')).toBe(Buffer.from(k.publicKey).toString('hex'));
  });

  it('drops exactly one byte-order mark (an editor saved the file), as every text file the product reads', () => {
    expect(parseSecretKey(BOM + files.secret, 'k').secretKey).toEqual(k.secretKey);
    expect(parsePublicKey(BOM + files.public, 'k.pub')).toBe(Buffer.from(k.publicKey).toString('hex'));
  });

  it('refuses two byte-order marks: the second is data, not JSON', () => {
    expect(refusal(() => parseSecretKey(BOM + BOM + files.secret, 'k')).en).toMatch(
      /^"k" is not a private key file: expected the file written by `instant-lab keygen --out KEYFILE` \(not KEYFILE.pub\); it is not JSON read one way only: /,
    );
    expect(refusal(() => parsePublicKey(BOM + BOM + files.public, 'k.pub')).en).toMatch(
      /^"k.pub" is not a public key file: expected the KEYFILE.pub written by `instant-lab keygen`; it is not JSON read one way only: /,
    );
  });

  it('refuses a key twice in one object, naming it (JSON.parse would keep the last one)', () => {
    const other = keyFiles(newKeyPair());
    const secret = JSON.parse(other.secret) as { secretKey: string };
    const twice = files.secret.replace('"secretKey":', `"secretKey":"${secret.secretKey}","secretKey":`);
    const r = refusal(() => parseSecretKey(twice, 'k'));
    expect(r.en).toMatch(
      /not a private key file: .*; it is not JSON read one way only: the key "secretKey" appears twice/,
    );
    expect(r.fr).toMatch(
      /n'est pas un fichier de clé privée : .* ; ce n'est pas du JSON à une seule lecture : la clé "secretKey"/,
    );
    const pub = files.public.replace('"publicKey":', '"publicKey":"00","publicKey":');
    expect(refusal(() => parsePublicKey(pub, 'k.pub')).en).toMatch(/the key "publicKey" appears twice/);
  });

  it('refuses the other kind of key file and a public key that is not 32 bytes of hex', () => {
    expect(refusal(() => parseSecretKey(files.public, 'k.pub')).en).toMatch(
      /^"k.pub" is not a private key file: expected/,
    );
    expect(refusal(() => parsePublicKey(files.secret, 'k')).en).toMatch(/^"k" is not a public key file: expected/);
    const short = files.public.replace(/"publicKey":"[0-9a-f]+"/, '"publicKey":"abcd"');
    expect(refusal(() => parsePublicKey(short, 'k.pub')).en).toMatch(/is not a public key file/);
  });
});
