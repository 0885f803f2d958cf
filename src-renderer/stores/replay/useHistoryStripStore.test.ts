import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { MAX_HISTORY_BYTES, formatUnitRef } from '@engine';
import { useHistoryStripStore } from './useHistoryStripStore';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';

const mine = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 2011, index: 5, generatorVersion: 2 });

describe("replay: the player's history", () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    setEnginePool(inProcessPool(1));
  });
  afterEach(() => setEnginePool(undefined));

  it('keeps the list and what its reading found in the store, for the screen to show again', async () => {
    const s = useHistoryStripStore();
    s.text = `${mine}\n\nnot a reference\n${mine}`;
    await s.show();
    // another screen's visit: the same store, read again
    const again = useHistoryStripStore();
    expect(again.text).toBe(`${mine}\n\nnot a reference\n${mine}`);
    expect(again.reading!.units.map((u) => [u.line, u.ref])).toEqual([
      [1, mine],
      [4, mine],
    ]);
    expect(again.reading!.problems.map((p) => p.line)).toEqual([3]);
    expect(again.reading!.repeats.map((r) => r.lines)).toEqual([[1, 4]]);
    expect(again.reading!.blankLines).toEqual([2]);
    expect(again.refused).toBeNull();
    expect(again.busy).toBe(false);
  });

  it('refuses a file over 1 MiB unread, in both languages, and keeps the list on screen', async () => {
    const s = useHistoryStripStore();
    s.text = mine;
    await s.show();
    await s.openFile(new File(['x'.repeat(MAX_HISTORY_BYTES + 1)], 'big.txt'));
    expect(s.refused!.fr).toMatch(/^« big\.txt » fait 1\u202f048\u202f577 octets ; au plus/);
    expect(s.refused!.en).toBe('"big.txt" is 1,048,577 bytes; at most 1,048,576 bytes (1 MiB) are read');
    expect(s.text).toBe(mine);
    expect(s.reading!.units).toHaveLength(1);
  });
});
