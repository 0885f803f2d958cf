/**
 * The one file-open flow, on a bridge that opens queued files and a parser that can be held: the
 * bound before reading, every problem of a refused file, one message for a failure, and opens that
 * land in the order their files were chosen.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from '../bridge';
import type { InstantLabApi } from '../bridge';
import { openBounded, openBoundedSheet } from '../bridge/open-bounded';
import { useFileOpen } from './useFileOpen';

/** A file in the queue of the fake dialog (null: the dialog is cancelled). */
type Queued = { name: string; text: string } | null;

/** A bridge whose dialog opens the next queued file; it counts the chunks read. */
function fakeBridge(queue: Queued[], reads: { n: number }, fail?: Error): InstantLabApi {
  const unread = new Map<string, string>();
  let handles = 0;
  const next = (handle: string): string | null => {
    reads.n++;
    const c = unread.get(handle) ?? null;
    unread.delete(handle);
    return c;
  };
  return {
    beginOpen: async () => {
      if (fail) throw fail;
      const f = queue.shift() ?? null;
      if (!f) return null;
      const handle = `h${++handles}`;
      unread.set(handle, f.text);
      return { handle, name: f.name, size: new TextEncoder().encode(f.text).length };
    },
    readOpen: async (handle: string) => next(handle),
    readOpenBytes: async (handle: string) => {
      const c = next(handle);
      return c === null ? null : new TextEncoder().encode(c);
    },
    closeOpen: async () => undefined,
  } as unknown as InstantLabApi;
}

/** A parser's answer: a number, or the problems of a text that is not one. */
type Read = { ok: true; value: number } | { ok: false; problems: string[] };
const readNumber = (text: string): Read =>
  /^\d+$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, problems: [`not a number: ${text}`, 'twice'] };

describe('the one file-open flow', () => {
  let queue: Queued[];
  let reads: { n: number };
  beforeEach(() => {
    queue = [];
    reads = { n: 0 };
    setBridge(fakeBridge(queue, reads));
  });
  afterEach(() => setBridge(undefined));

  /** A flow over text files of at most 8 bytes; `hold` keeps a parse waiting until it resolves. */
  function flow(hold: (name: string) => Promise<void> = async () => undefined) {
    const taken: string[] = [];
    const files = useFileOpen({
      filters: [{ name: 'Numbers', extensions: ['txt'] }],
      maxBytes: 8,
      read: openBounded,
      tooLarge: (size) => `too large: ${size} bytes`,
      parse: async (f) => {
        await hold(f.name);
        return readNumber(f.text);
      },
      accept: (file, r) => {
        files.clearRefusal();
        taken.push(`${file}=${r.value}`);
      },
    });
    return { files, taken };
  }

  it('takes a parsed file, and leaves everything as it was when the dialog is cancelled', async () => {
    const { files, taken } = flow();
    queue.push({ name: 'a.txt', text: '42' }, null);
    await files.open();
    expect(taken).toEqual(['a.txt=42']);
    await files.open();
    expect(taken).toEqual(['a.txt=42']);
    expect(files.error.value).toBeNull();
    expect(files.refusedFile.value).toBe('');
  });

  it('refuses a file with every problem, taking nothing; the next good file takes the refusal away', async () => {
    const { files, taken } = flow();
    queue.push({ name: 'bad.txt', text: 'x1' }, { name: 'good.txt', text: '7' });
    await files.open();
    expect(taken).toEqual([]);
    expect(files.refusedFile.value).toBe('bad.txt');
    expect(files.problems.value).toEqual(['not a number: x1', 'twice']);
    await files.open();
    expect(taken).toEqual(['good.txt=7']);
    expect(files.problems.value).toEqual([]);
  });

  it('refuses a file over the bound by its size, before a byte of it is read', async () => {
    const { files, taken } = flow();
    queue.push({ name: 'big.txt', text: '1234567890' });
    await files.open();
    expect(reads.n).toBe(0);
    expect(taken).toEqual([]);
    expect(files.refusedFile.value).toBe('big.txt');
    expect(files.problems.value).toEqual(['too large: 10 bytes']);
  });

  it('a failed open is one message in both languages, and what was taken stays', async () => {
    const { files, taken } = flow();
    queue.push({ name: 'a.txt', text: '1' });
    await files.open();
    setBridge(fakeBridge(queue, reads, new Error('the disk is gone')));
    await files.open();
    expect(files.error.value).toEqual({ en: 'the disk is gone', fr: 'the disk is gone' });
    expect(taken).toEqual(['a.txt=1']);
    setBridge(fakeBridge(queue, reads));
    queue.push(null);
    await files.open();
    expect(files.error.value).toBeNull();
  });

  it('lands files in the order they were chosen, even when the first parses last or a dialog between is cancelled', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { files, taken } = flow(async (name) => {
      if (name === 'first.txt') await held;
    });
    queue.push({ name: 'first.txt', text: '1' }, null, { name: 'third.txt', text: '3' });
    const opens = [files.open(), files.open(), files.open()];
    // the third has parsed long before the first is let go
    await new Promise((r) => setTimeout(r, 20));
    expect(taken).toEqual([]);
    release();
    await Promise.all(opens);
    expect(taken).toEqual(['first.txt=1', 'third.txt=3']);
  });

  it('reads a spreadsheet as bytes, bounded the same way', async () => {
    const seen: string[] = [];
    const files = useFileOpen({
      filters: [{ name: 'CSV', extensions: ['csv'] }],
      maxBytes: 8,
      read: openBoundedSheet,
      tooLarge: (size) => `too large: ${size} bytes`,
      parse: async (f) => readNumber('bytes' in f ? new TextDecoder().decode(f.bytes) : 'text'),
      accept: (file, r) => seen.push(`${file}=${r.value}`),
    });
    queue.push({ name: 'n.csv', text: '12' }, { name: 'big.csv', text: '123456789' });
    await files.open();
    await files.open();
    expect(seen).toEqual(['n.csv=12']);
    expect(files.problems.value).toEqual(['too large: 9 bytes']);
  });
});
