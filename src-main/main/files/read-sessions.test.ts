import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_BYTES } from '../../bridge/contract';
import { READ_CHUNK_BYTES, ReadSessionManager } from './read-sessions';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-read-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(reads: ReadSessionManager, handle: string, owner = 1): Promise<string[]> {
  const chunks: string[] = [];
  for (let c = await reads.read(handle, owner); c !== null; c = await reads.read(handle, owner)) chunks.push(c);
  return chunks;
}

describe('ReadSessionManager (streamed reading)', () => {
  it('reads a file larger than the whole-file limit in chunks, never more than one chunk at a time', async () => {
    const path = join(dir, 'big.jsonl');
    const line = `${'x'.repeat(99)}\n`;
    const f = await open(path, 'w');
    const block = Buffer.from(line.repeat(10_000)); // 1,000,000 bytes
    const blocks = Math.ceil((MAX_OPEN_BYTES + 1) / block.length);
    for (let k = 0; k < blocks; k++) await f.write(block);
    await f.close();
    const reads = new ReadSessionManager();
    const { handle, size } = await reads.begin(path, 1);
    expect(size).toBe(blocks * block.length);
    expect(size).toBeGreaterThan(MAX_OPEN_BYTES);
    let chars = 0;
    let lines = 0;
    let chunks = 0;
    for (let c = await reads.read(handle, 1); c !== null; c = await reads.read(handle, 1)) {
      expect(c.length).toBeLessThanOrEqual(READ_CHUNK_BYTES);
      chars += c.length;
      for (let i = c.indexOf('\n'); i >= 0; i = c.indexOf('\n', i + 1)) lines++;
      chunks++;
    }
    expect(chars).toBe(size);
    expect(lines).toBe(blocks * 10_000);
    expect(chunks).toBe(Math.ceil(size / READ_CHUNK_BYTES));
    expect(reads.size).toBe(0); // closed at the end
    await expect(reads.read(handle, 1)).rejects.toThrow('Unknown or finished file handle.');
  });

  it('readBytes gives the raw bytes (a BOM and invalid UTF-8 kept), chunk by chunk, then null and the session closed', async () => {
    const path = join(dir, 'table.xlsx');
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, 0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x80]);
    await writeFile(path, bytes);
    const reads = new ReadSessionManager({ chunkBytes: 4 });
    const { handle, size } = await reads.begin(path, 1);
    expect(size).toBe(bytes.length);
    const chunks: Uint8Array[] = [];
    for (let c = await reads.readBytes(handle, 1); c !== null; c = await reads.readBytes(handle, 1)) chunks.push(c);
    expect(chunks.map((c) => c.length)).toEqual([4, 4, 3]);
    expect(Uint8Array.from(chunks.flatMap((c) => [...c]))).toEqual(bytes);
    expect(reads.size).toBe(0);
    await expect(reads.readBytes(handle, 1)).rejects.toThrow('Unknown or finished file handle.');
  });

  it('joins characters split across chunks and passes a leading BOM on (its reader drops exactly one)', async () => {
    const path = join(dir, 'accents.csv');
    const text = 'niveau;lot\n1;7 500,00 €\nbonsaï;éventail\n';
    await writeFile(path, `\uFEFF${text}`);
    const reads = new ReadSessionManager({ chunkBytes: 3 });
    const { handle } = await reads.begin(path, 1);
    const chunks = await readAll(reads, handle);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(`\uFEFF${text}`);
  });

  it('belongs to the window that opened it; close ends it early; a folder is refused', async () => {
    const path = join(dir, 'a.txt');
    await writeFile(path, 'abc');
    const reads = new ReadSessionManager();
    const { handle } = await reads.begin(path, 1);
    await expect(reads.read(handle, 2)).rejects.toThrow('Unknown or finished file handle.');
    await reads.close(handle, 2); // ignored
    expect(reads.size).toBe(1);
    await reads.closeAllOf(1);
    expect(reads.size).toBe(0);
    await expect(reads.begin(dir, 1)).rejects.toThrow(/not a file/);
    expect(reads.size).toBe(0);
  });
});
