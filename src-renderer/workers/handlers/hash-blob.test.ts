import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256OfBlob, sha256OfParts, wholeSha256 } from './hash-blob';

describe('the SHA-256 of a file in a worker', () => {
  it('is the same read whole (Web Crypto) or streamed in pieces, and names the bytes', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
    // pieces of the file: its stream gives them one at a time
    const file = new Blob([bytes.slice(0, 1), bytes.slice(1, 70_001), bytes.slice(70_001)]);
    const want = createHash('sha256').update(bytes).digest('hex');
    expect(await sha256OfBlob(file)).toBe(want);
    expect(await sha256OfBlob(file, 0)).toBe(want);
    expect(await wholeSha256(file)).toBe(want);
    // too big to be read whole: left to the reading
    expect(wholeSha256(file, bytes.length - 1)).toBeNull();
    expect(await sha256OfBlob(new Blob([]), 0)).toBe(createHash('sha256').digest('hex'));
  });

  it('of bytes in parts is that of the parts one after the other, joined or not', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256);
    const parts = [bytes.slice(0, 10), bytes.slice(10, 60_000), bytes.slice(60_000)];
    const want = createHash('sha256').update(bytes).digest('hex');
    expect(await sha256OfParts(parts)).toBe(want);
    expect(await sha256OfParts(parts, 0)).toBe(want);
  });
});
