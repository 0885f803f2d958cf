import { describe, expect, it } from 'vitest';
import { InputError, MAX_KEY_FILE_BYTES, keyFiles, newKeyPair } from '@engine';
import { readKeyFile } from './evidence';

const k = newKeyPair();
const { secret } = keyFiles(k);
const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);
const file = (...parts: BlobPart[]): Blob => new Blob(parts);

describe('the private key file chosen on screen, read as the command line reads it', () => {
  it('reads the file keygen wrote, and one with one byte-order mark', async () => {
    expect((await readKeyFile(file(secret), 'k')).secretKey).toEqual(k.secretKey);
    expect((await readKeyFile(file(BOM, secret), 'k')).secretKey).toEqual(k.secretKey);
  });

  it('refuses two byte-order marks, in both languages (Blob.text() would drop one unseen)', async () => {
    const r = await readKeyFile(file(BOM, BOM, secret), 'k.key').catch((e: unknown) => e);
    expect(r).toBeInstanceOf(InputError);
    expect((r as InputError).message).toMatch(
      /^"k.key" is not a private key file: .*; it is not JSON read one way only: /,
    );
    expect((r as InputError).fr).toMatch(/^« k.key » n'est pas un fichier de clé privée : .* ; ce n'est pas du JSON/);
  });

  it('refuses a file over the bound before reading it', async () => {
    const r = await readKeyFile(file(new Uint8Array(MAX_KEY_FILE_BYTES + 1)), 'big').catch((e: unknown) => e);
    expect((r as InputError).message).toBe(
      `"big" is not a private key file: it is ${MAX_KEY_FILE_BYTES + 1} bytes, and a private key file is one line of at most ${MAX_KEY_FILE_BYTES} bytes`,
    );
  });
});
