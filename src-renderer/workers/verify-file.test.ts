import { describe, expect, it } from 'vitest';
import { iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '@engine';
import { CancelledError } from '@shared/jobs/pool';
import type { EnginePool } from './engine-pool';
import { inProcessPool, recordingInProcessPool } from './in-process-worker';
import { verifyFileOnPool } from './verify-file';

const spec = officialBlock('mine-d-or', 100, 7);
/** Header and the first 2,000 unit lines of block 7, as `export` writes them. */
const lines = [jsonlHeader(spec)];
iterateUnits(spec, 0, 2_000, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));

/** A file of `text` in pieces of `piece` bytes: the worker's stream reads one piece at a time. */
function fileOf(text: string | Uint8Array, piece = 997): Blob {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const parts: BlobPart[] = [];
  for (let i = 0; i < bytes.length; i += piece) parts.push(bytes.slice(i, i + piece));
  return new Blob(parts);
}

/** The line-by-line reading's verdict and SHA-256: what the pool's must equal. */
const lineByLine = (pool: EnginePool, file: Blob) => pool.run('verifyImport', { file, regenerate: true });

const never = new AbortController().signal;

describe('an export file checked on the pool', () => {
  it('cuts the file into ranges of whole lines, read by the workers, and gives the line-by-line verdict', async () => {
    const { pool, ran } = recordingInProcessPool(2);
    const file = fileOf(`${lines.join('\n')}\n`);
    const shares: number[] = [];
    const fast = await verifyFileOnPool(pool, file, true, never, (s) => shares.push(s), 64 * 1024);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(await lineByLine(pool, file));
    expect(fast!.unitsVerified).toBe(2_000);
    // ~380 KB in ranges of 64 KB: several ranges, every byte after the header compared once
    expect(ran.filter((k) => k === 'verifyBlobRange').length).toBeGreaterThan(4);
    expect(shares.at(-1)).toBeCloseTo(1 - (lines[0]!.length + 1) / file.size, 6);
  });

  it('reads a byte-order mark and CRLF line ends as the line-by-line reading does', async () => {
    const pool = inProcessPool(2);
    const text = `${lines.join('\r\n')}\r\n`;
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    const file = fileOf(bom, 50);
    const fast = await verifyFileOnPool(pool, file, true, never, () => undefined, 32 * 1024);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(await lineByLine(pool, file));
  });

  it('leaves to the line-by-line reading a file with a line unlike the export, or without a final line end', async () => {
    const pool = inProcessPool(2);
    const altered = [...lines];
    const k = altered.findIndex((l, i) => i > 1_500 && l.includes('"prize_cents":0,'));
    altered[k] = altered[k]!.replace('"prize_cents":0,', '"prize_cents":300,');
    expect(await verifyFileOnPool(pool, fileOf(`${altered.join('\n')}\n`), true, never, () => undefined, 16_384)).toBe(
      null,
    );
    expect(await verifyFileOnPool(pool, fileOf(lines.join('\n')), true, never, () => undefined, 16_384)).toBe(null);
  });

  it('leaves to it a file that is not our block: a foreign header, a CSV, bytes that are not UTF-8', async () => {
    const pool = inProcessPool(2);
    const foreign = `{"game":"mine-d-or","stake_cents":100,"units":1000000}\n${lines.slice(1).join('\n')}\n`;
    const notUtf8 = new Uint8Array([...new TextEncoder().encode('{"game":"mine-d-or",'), 0xff, 0x0a]);
    for (const file of [fileOf(foreign), fileOf('index,ref,prize_cents\n0,x,0\n'), fileOf(notUtf8)])
      expect(await verifyFileOnPool(pool, file, true, never, () => undefined)).toBe(null);
  });

  it('stops on cancel: the check rejects as cancelled', async () => {
    const pool = inProcessPool(2);
    const stop = new AbortController();
    const file = fileOf(`${lines.join('\n')}\n`);
    // cancelled as soon as the first range is compared, while the others are queued
    const check = verifyFileOnPool(pool, file, true, stop.signal, () => stop.abort(), 16_384);
    await expect(check).rejects.toBeInstanceOf(CancelledError);
  });
});
