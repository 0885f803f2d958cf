/**
 * An evidence bundle's zip, written file by file with fflate (deflate) to any sink —
 * a file the command line writes atomically, or memory in a Web Worker — recording each file's
 * SHA-256 and size for the manifest. Memory stays bounded: one compressed chunk at a time is in
 * flight. Pure: the same code makes the command line's bundles and the app's.
 */
import { Zip, ZipDeflate } from 'fflate';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export interface ManifestEntry {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** Where the zip's bytes go, in order. */
export type ZipSink = (chunk: Uint8Array) => Promise<void> | void;

const utf8 = new TextEncoder();

export class BundleZip {
  private readonly zip: Zip;
  private chunks: Uint8Array[] = [];
  private error: Error | null = null;
  readonly entries: ManifestEntry[] = [];

  constructor(
    private readonly sink: ZipSink,
    private readonly mtime: Date,
  ) {
    this.zip = new Zip((err, chunk) => {
      if (err) this.error = err;
      else this.chunks.push(chunk);
    });
  }

  /** Hands what the zip produced so far to the sink. */
  private async flush(): Promise<void> {
    if (this.error) throw this.error;
    const ready = this.chunks;
    this.chunks = [];
    for (const c of ready) await this.sink(c);
  }

  /** Opens a file of the bundle; push its pieces in order, then end it. */
  open(path: string): { push: (piece: string | Uint8Array) => Promise<void>; end: () => Promise<ManifestEntry> } {
    const file = new ZipDeflate(path, { level: 6 });
    file.mtime = this.mtime;
    this.zip.add(file);
    const hash = sha256.create();
    let bytes = 0;
    return {
      push: async (piece) => {
        const b = typeof piece === 'string' ? utf8.encode(piece) : piece;
        hash.update(b);
        bytes += b.length;
        file.push(b, false);
        await this.flush();
      },
      end: async () => {
        file.push(new Uint8Array(0), true);
        await this.flush();
        const entry = { path, sha256: bytesToHex(hash.digest()), bytes };
        this.entries.push(entry);
        return entry;
      },
    };
  }

  /** Adds a whole file at once. */
  async add(path: string, data: string | Uint8Array): Promise<ManifestEntry> {
    const f = this.open(path);
    await f.push(data);
    return f.end();
  }

  /** Ends the zip (central directory) and hands over the rest. */
  async end(): Promise<void> {
    this.zip.end();
    await this.flush();
  }
}
