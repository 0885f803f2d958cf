/**
 * Writes a zip (fflate, deflate) to an {@link AtomicWriter} file by file, streaming, and records
 * each file's SHA-256 and size for the bundle's manifest (issue 13). Memory stays bounded: one
 * compressed chunk at a time is in flight.
 */
import { createHash } from 'node:crypto';
import { Zip, ZipDeflate } from 'fflate';
import type { AtomicWriter } from '../atomic-file';

export interface ManifestEntry {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

const utf8 = new TextEncoder();

export class BundleWriter {
  private readonly zip: Zip;
  private chunks: Uint8Array[] = [];
  private error: Error | null = null;
  readonly entries: ManifestEntry[] = [];

  constructor(
    private readonly out: AtomicWriter,
    private readonly mtime: Date,
  ) {
    this.zip = new Zip((err, chunk) => {
      if (err) this.error = err;
      else this.chunks.push(chunk);
    });
  }

  /** Writes what the zip produced so far. */
  private async flush(): Promise<void> {
    if (this.error) throw this.error;
    const ready = this.chunks;
    this.chunks = [];
    for (const c of ready) await this.out.write(c);
  }

  /** Opens a file of the bundle; push its pieces in order, then end it. */
  open(path: string): { push: (piece: string | Uint8Array) => Promise<void>; end: () => Promise<ManifestEntry> } {
    const file = new ZipDeflate(path, { level: 6 });
    file.mtime = this.mtime;
    this.zip.add(file);
    const hash = createHash('sha256');
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
        const entry = { path, sha256: hash.digest('hex'), bytes };
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

  /** Ends the zip (central directory) and writes the rest. */
  async end(): Promise<void> {
    this.zip.end();
    await this.flush();
  }
}
