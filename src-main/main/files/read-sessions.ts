/**
 * Streamed reading of large files: the desktop "open" path reads a file in
 * chunks, like the browser's `File.stream()`, so a full Mine d'or export (about 192 MB) is
 * checked from either without ever being held whole in memory.
 *
 * `begin` opens the file and returns a handle; `read` returns the next chunk of UTF-8 text
 * (characters split across chunks are joined; a byte-order mark is passed on, for the file's
 * reader to drop exactly one), or null at the end,
 * which closes the session; `close` ends it early. Sessions belong to the webContents that began
 * them, like streaming saves.
 */
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

/** Bytes read per chunk (one IPC message each). */
export const READ_CHUNK_BYTES = 4 * 1024 * 1024;

interface ReadSession {
  readonly owner: number;
  readonly handle: FileHandle;
  readonly decoder: StringDecoder;
  readonly buffer: Buffer;
  position: number;
  /** Serialises reads so chunks come in order even if the renderer does not await. */
  queue: Promise<unknown>;
}

/** Options of {@link ReadSessionManager}. */
export interface ReadSessionOptions {
  /** Most files open at once (all windows). */
  maxSessions?: number;
  /** Bytes per chunk. */
  chunkBytes?: number;
}

export class ReadSessionManager {
  // TS `private`, not `#private`: Electronegativity's parser cannot read class private fields.
  private readonly sessions = new Map<string, ReadSession>();
  private readonly maxSessions: number;
  private readonly chunkBytes: number;

  constructor(options: ReadSessionOptions = {}) {
    this.maxSessions = options.maxSessions ?? 8;
    this.chunkBytes = options.chunkBytes ?? READ_CHUNK_BYTES;
  }

  /** Number of open sessions (for tests and diagnostics). */
  get size(): number {
    return this.sessions.size;
  }

  /** Opens `path` for reading; returns the handle and the file's size in bytes. */
  async begin(path: string, owner: number): Promise<{ handle: string; size: number }> {
    if (this.sessions.size >= this.maxSessions) {
      throw new Error(`Too many files open (at most ${this.maxSessions}); close one first.`);
    }
    const handle = await open(path, 'r');
    let size: number;
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new Error(`Cannot open "${path}": it is not a file.`);
      size = info.size;
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
    const id = randomUUID();
    this.sessions.set(id, {
      owner,
      handle,
      decoder: new StringDecoder('utf8'),
      buffer: Buffer.alloc(this.chunkBytes),
      position: 0,
      queue: Promise.resolve(),
    });
    return { handle: id, size };
  }

  /** The next chunk of text, or null once the file is read whole (the session is then closed). */
  async read(id: string, owner: number): Promise<string | null> {
    const s = this.lookup(id, owner);
    const next = s.queue.then(() => this.readNext(id, s));
    s.queue = next.catch(() => undefined);
    try {
      return await next;
    } catch (error) {
      await this.close(id, owner);
      throw error;
    }
  }

  /**
   * The next chunk of raw bytes (binary files such as XLSX), or null once the file is read whole
   * (the session is then closed). A session is read as text or as bytes, not both.
   */
  async readBytes(id: string, owner: number): Promise<Uint8Array | null> {
    const s = this.lookup(id, owner);
    const next = s.queue.then(async () => {
      if (!this.sessions.has(id)) return null;
      const { bytesRead } = await s.handle.read(s.buffer, 0, s.buffer.length, s.position);
      s.position += bytesRead;
      if (bytesRead > 0) return new Uint8Array(s.buffer.subarray(0, bytesRead)); // a copy: the buffer is reused
      this.sessions.delete(id);
      await s.handle.close().catch(() => undefined);
      return null;
    });
    s.queue = next.catch(() => undefined);
    try {
      return await next;
    } catch (error) {
      await this.close(id, owner);
      throw error;
    }
  }

  private async readNext(id: string, s: ReadSession): Promise<string | null> {
    if (!this.sessions.has(id)) return null;
    for (;;) {
      const { bytesRead } = await s.handle.read(s.buffer, 0, s.buffer.length, s.position);
      s.position += bytesRead;
      const text = bytesRead === 0 ? s.decoder.end() : s.decoder.write(s.buffer.subarray(0, bytesRead));
      // a byte-order mark is passed on: the file's reader drops exactly one, as on the command line
      if (bytesRead === 0) {
        this.sessions.delete(id);
        await s.handle.close().catch(() => undefined);
        return text.length > 0 ? text : null;
      }
      if (text.length > 0) return text;
      // a chunk that ended inside one character (or was only a BOM): read on
    }
  }

  /** Closes a session early. Unknown, finished or foreign handles are ignored. */
  async close(id: string, owner: number): Promise<void> {
    const s = this.sessions.get(id);
    if (s === undefined || s.owner !== owner) return;
    this.sessions.delete(id);
    await s.queue.catch(() => undefined);
    await s.handle.close().catch(() => undefined);
  }

  /** Closes every session of one owner (its window closed or crashed). */
  async closeAllOf(owner: number): Promise<void> {
    const ids = [...this.sessions].filter(([, s]) => s.owner === owner).map(([id]) => id);
    await Promise.all(ids.map((id) => this.close(id, owner)));
  }

  private lookup(id: string, owner: number): ReadSession {
    const s = this.sessions.get(id);
    // Same message for "unknown" and "not yours": do not reveal other windows' handles.
    if (s === undefined || s.owner !== owner) throw new Error('Unknown or finished file handle.');
    return s;
  }
}
