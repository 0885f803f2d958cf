import { describe, expect, it, vi } from 'vitest';
import type { InstantLabApi } from '../../src-main/bridge/contract';
import { openBounded } from './open-bounded';

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
