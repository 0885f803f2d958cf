import { describe, expect, it, vi } from 'vitest';
import type { InstantLabApi } from '../../src-main/bridge/api';
import { openBounded, openBoundedSheet } from './open-bounded';

const HANDLE = '00000000-0000-0000-0000-000000000000';

/** A bridge whose streamed read serves `chunks` of a file of `size` bytes. */
function bridge(size: number, chunks: string[]) {
  const queue = [...chunks];
  const api = {
    beginOpen: vi.fn(async () => ({ handle: HANDLE, name: 's.json', size })),
    readOpen: vi.fn(async () => queue.shift() ?? null),
    closeOpen: vi.fn(async () => undefined),
  };
  return api;
}

describe('openBounded', () => {
  it('refuses a file over the limit by its size, without reading a byte', async () => {
    const b = bridge(100 * 1024 * 1024, ['x']);
    await expect(openBounded(b as unknown as InstantLabApi, [], 1024)).resolves.toEqual({
      name: 's.json',
      size: 100 * 1024 * 1024,
      tooLarge: true,
    });
    expect(b.readOpen).not.toHaveBeenCalled();
    expect(b.closeOpen).toHaveBeenCalledWith(HANDLE);
  });

  it('joins the chunks of a file within the limit; stops one that grew past it', async () => {
    await expect(openBounded(bridge(6, ['abc', 'def']) as unknown as InstantLabApi, [], 10)).resolves.toEqual({
      name: 's.json',
      text: 'abcdef',
    });
    const grown = bridge(6, ['abcdef', 'ghijkl']);
    await expect(openBounded(grown as unknown as InstantLabApi, [], 10)).resolves.toMatchObject({ tooLarge: true });
    expect(grown.closeOpen).toHaveBeenCalled();
  });

  it('null when the dialog is cancelled', async () => {
    const b = { beginOpen: vi.fn(async () => null) };
    await expect(openBounded(b as unknown as InstantLabApi, [], 10)).resolves.toBeNull();
  });
});

describe('openBoundedSheet', () => {
  const sheetBridge = (name: string, size: number, text: string[], bytes: Uint8Array[]) => ({
    beginOpen: vi.fn(async () => ({ handle: HANDLE, name, size })),
    readOpen: vi.fn(async () => text.shift() ?? null),
    readOpenBytes: vi.fn(async () => bytes.shift() ?? null),
    closeOpen: vi.fn(async () => undefined),
  });

  it('reads a CSV and an XLSX as bytes, joined (the engine decodes a CSV: UTF-8, UTF-16, Windows-1252)', async () => {
    const csv = sheetBridge('t.csv', 6, [], [Uint8Array.of(0xff, 0xfe, 0x61), Uint8Array.of(0)]);
    await expect(openBoundedSheet(csv as unknown as InstantLabApi, [], 1024)).resolves.toEqual({
      name: 't.csv',
      bytes: Uint8Array.of(0xff, 0xfe, 0x61, 0),
    });
    expect(csv.readOpen).not.toHaveBeenCalled();
    const xlsx = sheetBridge('t.XLSX', 5, [], [Uint8Array.of(0x50, 0x4b), Uint8Array.of(3, 4, 0xff)]);
    await expect(openBoundedSheet(xlsx as unknown as InstantLabApi, [], 1024)).resolves.toEqual({
      name: 't.XLSX',
      bytes: Uint8Array.of(0x50, 0x4b, 3, 4, 0xff),
    });
    expect(xlsx.readOpen).not.toHaveBeenCalled();
  });

  it('refuses a sheet over the limit by its size, and one that grew past it while read', async () => {
    const big = sheetBridge('t.xlsx', 2048, [], [new Uint8Array(10)]);
    await expect(openBoundedSheet(big as unknown as InstantLabApi, [], 1024)).resolves.toEqual({
      name: 't.xlsx',
      size: 2048,
      tooLarge: true,
    });
    expect(big.readOpenBytes).not.toHaveBeenCalled();
    const grew = sheetBridge('t.xlsx', 10, [], [new Uint8Array(600), new Uint8Array(600), new Uint8Array(600)]);
    await expect(openBoundedSheet(grew as unknown as InstantLabApi, [], 1024)).resolves.toEqual({
      name: 't.xlsx',
      size: 1200,
      tooLarge: true,
    });
    expect(grew.closeOpen).toHaveBeenCalledWith(HANDLE);
  });
});
