/**
 * The desktop app's journal key: an Ed25519 key made on first need and kept beside the journal in
 * the userData folder, `journal-key.json` (the private key file of `instant-lab keygen`, so the
 * command line can sign with it too) and `journal-key.pub` (to hand to a regulator). Main signs the
 * journal's checkpoints with it; the private key never crosses to the renderer.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
// the key files and the checkpoint are the engine's own, so the command line reads what main writes
import {
  MAX_KEY_FILE_BYTES,
  fingerprint,
  keyFiles,
  newKeyPair,
  parseSecretKey,
} from '../../../src-engine/evidence/signing';
import type { KeyPair } from '../../../src-engine/evidence/signing';
import { signCheckpoint } from '../../../src-engine/journal/checkpoint';
import type { JournalCheckpoint, JournalKey, JournalRead } from '../../bridge/journal-contract';
import { atomicWriteFile } from '../files/atomic-write';
import type { JournalHasher } from './journal-hasher';

export const JOURNAL_KEY_FILE_NAME = 'journal-key.json';
export const JOURNAL_PUB_FILE_NAME = 'journal-key.pub';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

export class JournalKeyStore {
  // TS `private`, not `#private`: Electronegativity's parser cannot read class private fields.
  private readonly file: string;
  private loaded: Promise<KeyPair> | undefined;

  /**
   * @param directory the userData folder, where the journal is.
   * @param hasher computes the journal's Merkle root off main's event loop (in a worker thread).
   * @param now the clock (tests).
   */
  constructor(
    private readonly directory: string,
    private readonly hasher: Pick<JournalHasher, 'head'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = join(directory, JOURNAL_KEY_FILE_NAME);
  }

  /** The key, read once; made and written (private file readable by its owner only) when there is none yet. */
  private key(): Promise<KeyPair> {
    this.loaded ??= this.readOrMake();
    // a failure is told, and the next call tries again
    this.loaded.catch(() => {
      this.loaded = undefined;
    });
    return this.loaded;
  }

  private async readOrMake(): Promise<KeyPair> {
    const size = await stat(this.file).then(
      (s) => s.size,
      (e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      },
    );
    if (size === null) {
      const key = newKeyPair();
      const files = keyFiles(key);
      await atomicWriteFile(join(this.directory, JOURNAL_PUB_FILE_NAME), files.public);
      await atomicWriteFile(this.file, files.secret, 0o600);
      return key;
    }
    // never replaced: checkpoints already handed out name this key
    const kept = `it is left as it is; move it aside for the app to make a new key`;
    if (size > MAX_KEY_FILE_BYTES)
      throw new Error(
        `The app's journal key ${this.file} is ${size} bytes, and a private key file is one line of at most ${MAX_KEY_FILE_BYTES}: ${kept}`,
      );
    try {
      return parseSecretKey(await readFile(this.file, 'utf8'), this.file);
    } catch (e) {
      throw new Error(`The app's journal key: ${e instanceof Error ? e.message : String(e)}; ${kept}`);
    }
  }

  /** The key's public half and fingerprint, as `keygen` prints it. */
  async publicKey(): Promise<JournalKey> {
    const k = await this.key();
    return { publicKey: hex(k.publicKey), fingerprint: fingerprint(k.publicKey) };
  }

  /**
   * The journal read once, and its checkpoint now, signed over exactly that text: the tree is
   * hashed in the worker thread, and only its root is signed here (the private key stays in main).
   */
  async checkpoint(journal: { read(): Promise<JournalRead> }): Promise<JournalCheckpoint> {
    const key = await this.key();
    const { text } = await journal.read();
    const { size, root } = await this.hasher.head(text);
    return { text, checkpoint: signCheckpoint(size, Buffer.from(root, 'hex'), this.now(), key) };
  }
}
