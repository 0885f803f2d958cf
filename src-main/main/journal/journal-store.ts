/**
 * The desktop's compliance journal, `userData/journal.jsonl`: the main process is its only writer.
 * Each entry is appended (the file opened with 'a'), written as one line and flushed to the disk
 * (fsync) before the renderer hears it was journaled. The entries, their chain and the repair of a
 * torn last line are the engine's (journal/entry.ts, journal/verify.ts, journal/repair.ts); this file does the file
 * work only, and the hashing of the whole journal is done in a worker thread (journal-hasher.ts).
 *
 * At the first read or append, the journal is opened once:
 * - a torn last line (a write cut off) is copied to `journal.torn-<date>.txt` beside it (a name never
 *   taken before, flushed), the journal is cut back to its last whole line, and an entry of kind
 *   `journal-repair` records the torn bytes' size, SHA-256 and the file that holds them; the repair
 *   is reported to the user (`journalRead().repair`). When the torn bytes cannot be kept aside the
 *   journal is left untouched and nothing is appended, rather than lose them.
 * - a broken chain (an entry removed or altered) is left as it is, as evidence: every check names
 *   it, and new entries chain to the last entry read, so the break stays where it was made.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
// the chain and the torn-line repair are the engine's own code, so main writes what the command line checks
import { entryLine, nextEntry, sha256Hex } from '../../../src-engine/journal/entry';
import type { JournalTip, JournalWork } from '../../../src-engine/journal/entry';
import { journalRepairWork, splitTorn, tornFileName } from '../../../src-engine/journal/repair';
import type { JournalRepair } from '../../../src-engine/journal/repair';
import { MAX_JOURNAL_READ_BYTES } from '../../bridge/journal-contract';
import type { JournalAppended, JournalRead } from '../../bridge/journal-contract';
import type { JournalHasher } from './journal-hasher';

/** File name of the journal inside the userData folder. */
export const JOURNAL_FILE_NAME = 'journal.jsonl';

interface Opened {
  tip: JournalTip | null;
  /** The file's size after the last entry this store read or wrote: another size, another writer. */
  size: number;
  repair: JournalRepair | null;
  /** Why nothing may be appended (torn bytes that could not be kept aside), or null. */
  readOnly: string | null;
}

/** A byte-order mark is kept, so that the screen's check names it. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Appends `line` and flushes it to the disk before returning; the file's size after. A write that
 * fails part way (a full disk writes part of the line, then refuses the rest) is cut back to the
 * size before, so it never leaves a torn line behind a failure the user was told of.
 */
async function appendDurably(path: string, line: string): Promise<number> {
  const bytes = Buffer.from(line);
  const handle = await open(path, 'a');
  try {
    const before = (await handle.stat()).size;
    try {
      for (let done = 0; done < bytes.length; )
        done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
      await handle.sync();
    } catch (e) {
      await handle.truncate(before).catch(() => undefined);
      throw e;
    }
    return before + bytes.length;
  } finally {
    await handle.close();
  }
}

export class JournalStore {
  // TS `private`, not `#private`: Electronegativity's parser cannot read class private fields.
  private readonly file: string;
  private opened: Promise<Opened> | undefined;
  private writes: Promise<unknown> = Promise.resolve();

  /**
   * @param directory folder holding `journal.jsonl`, normally `app.getPath('userData')`.
   * @param appVersion written in the repair entry.
   * @param hasher hashes the journal's entries off main's event loop (in a worker thread).
   * @param now the clock (tests).
   */
  constructor(
    private readonly directory: string,
    private readonly appVersion: string,
    private readonly hasher: Pick<JournalHasher, 'tip'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = join(directory, JOURNAL_FILE_NAME);
  }

  get path(): string {
    return this.file;
  }

  /** Opens the journal (repairing a torn last entry); failures are told by the next read or append. */
  async start(): Promise<void> {
    await this.open().catch(() => undefined);
  }

  /** The journal's text and what was repaired at start. */
  async read(): Promise<JournalRead> {
    const o = await this.open();
    // after the writes asked for before this read
    await this.writes;
    const size = await stat(this.file).then(
      (s) => s.size,
      () => 0,
    );
    if (size > MAX_JOURNAL_READ_BYTES)
      throw new Error(
        `The journal ${this.file} is ${size} bytes; the screen reads at most ${MAX_JOURNAL_READ_BYTES} (check it with \`instant-lab journal verify\`)`,
      );
    let text: string;
    try {
      // strictly: replacement characters would let a forged line verify on the screen
      text = size === 0 ? '' : STRICT_UTF8.decode(await readFile(this.file));
    } catch (e) {
      if (e instanceof TypeError)
        throw new Error(
          `The journal ${this.file} holds bytes that are not UTF-8 text (altered or damaged): \`instant-lab journal verify\` names the line`,
        );
      throw e;
    }
    return { text, repair: o.repair, where: this.file };
  }

  /** Appends the entry recording `work`, flushed to the disk, chained to the last entry. */
  async append(work: JournalWork): Promise<JournalAppended> {
    const o = await this.open();
    const write = this.writes.then(async () => {
      if (o.readOnly !== null) throw new Error(o.readOnly);
      await this.catchUp(o);
      const entry = nextEntry(o.tip, work);
      o.size = await appendDurably(this.file, entryLine(entry));
      o.tip = { seq: entry.seq, hash: entry.hash };
      return { seq: entry.seq, hash: entry.hash };
    });
    this.writes = write.catch(() => undefined);
    return write;
  }

  /**
   * Another program appended since this store last wrote (a second window of the app, or the
   * command line's `--journal` pointed here): the next entry chains to the file's own last entry,
   * never to a stale one, which would give two entries one number.
   */
  private async catchUp(o: Opened): Promise<void> {
    const size = await stat(this.file).then(
      (s) => s.size,
      () => 0,
    );
    if (size === o.size) return;
    const bytes = await readFile(this.file);
    if (splitTorn(bytes).torn !== null)
      throw new Error(
        `Not journaled: ${this.file} was changed by another program and its last line is torn; restart the app to keep it aside and repair the journal`,
      );
    o.tip = await this.hasher.tip(bytes);
    o.size = bytes.length;
  }

  private open(): Promise<Opened> {
    this.opened ??= this.load();
    // a failure (the journal could not be hashed, say) is told, and the next call opens it again
    this.opened.catch(() => {
      this.opened = undefined;
    });
    return this.opened;
  }

  private async load(): Promise<Opened> {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(this.file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { tip: null, size: 0, repair: null, readOnly: null };
      return {
        tip: null,
        size: 0,
        repair: null,
        readOnly: `Not journaled: ${this.file} could not be read (${errorText(e)})`,
      };
    }
    const { whole, torn, tornLine } = splitTorn(bytes);
    const tip = await this.hasher.tip(whole);
    if (torn === null || tornLine === null) return { tip, size: bytes.length, repair: null, readOnly: null };
    const at = this.now();
    const keptAs = await this.keepAside(torn, at);
    if (keptAs === null)
      return {
        tip,
        size: bytes.length,
        repair: { line: tornLine, bytes: torn.length, sha256: sha256Hex(torn), keptAs: null, seq: null },
        readOnly: `Not journaled: the last entry of ${this.file} is torn and could not be kept aside; the file was left as it is`,
      };
    // cut back to the last whole line, flushed, then the repair recorded as the next entry
    const handle = await open(this.file, 'r+');
    try {
      await handle.truncate(whole.length);
      await handle.sync();
    } finally {
      await handle.close();
    }
    const entry = nextEntry(tip, journalRepairWork(torn, tornLine, keptAs, whole.length, this.appVersion, at));
    const size = await appendDurably(this.file, entryLine(entry));
    return {
      tip: { seq: entry.seq, hash: entry.hash },
      size,
      repair: { line: tornLine, bytes: torn.length, sha256: sha256Hex(torn), keptAs, seq: entry.seq },
      readOnly: null,
    };
  }

  /** Writes the torn bytes to a file of a name never taken (flag 'wx'), flushed; its name, or null. */
  private async keepAside(torn: Uint8Array, at: Date): Promise<string | null> {
    for (let n = 1; n <= 100; n++) {
      const name = tornFileName(at, n);
      let handle;
      try {
        handle = await open(join(this.directory, name), 'wx');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
        return null;
      }
      try {
        await handle.write(torn);
        await handle.sync();
        return name;
      } catch {
        return null;
      } finally {
        await handle.close();
      }
    }
    return null;
  }
}
