import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { blockKey, formatUnitRef, officialBlock, openUnit } from '@engine';
import type { BlockSpec } from '@engine';
import type { FindUnitsInput, FindUnitsOutput } from '@shared/jobs/protocol';
import { findUnits } from '../../workers/handlers/find-units';
import { openUnitHandler } from '../../workers/handlers/open-unit';

/** The search worker, replaced by the real search run in this process, one job at a time on demand. */
const jobs: { input: FindUnitsInput; finish: () => void }[] = [];
vi.mock('../../workers/engine-pool', () => {
  class SearchPool {
    readonly size = 1;
    run(_kind: 'findUnits', input: FindUnitsInput): Promise<FindUnitsOutput> {
      return new Promise((resolve) => jobs.push({ input, finish: () => resolve(findUnits(input)) }));
    }
  }
  const search = new SearchPool();
  // units open with the real handler, at once
  const replay = {
    size: 1,
    run: async (_kind: 'openUnit', input: { spec: BlockSpec; index: number }) =>
      openUnitHandler(input, () => undefined),
  };
  return {
    enginePool: (name: string) => {
      if (name === 'replay') return replay;
      if (name !== 'search') throw new Error('the search store uses its own worker');
      return search;
    },
  };
});

const { useBlockSearchStore } = await import('./useBlockSearchStore');
const { useReplayUnitStore } = await import('./useReplayUnitStore');

/** Lets the pending search finish and its result reach the store. */
async function finishSearch(): Promise<void> {
  jobs.shift()!.finish();
  await new Promise((r) => setTimeout(r, 0));
}

describe('replay: block search', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    jobs.length = 0;
  });

  it('results carry the block they were found in', async () => {
    const s = useBlockSearchStore();
    s.game = 'les-3-gongs';
    s.presentation = 'bonus';
    const done = s.search();
    expect(s.searching).toBe(true);
    await finishSearch();
    await done;
    const spec = officialBlock('les-3-gongs', 100, 12345);
    expect(s.page!.key).toBe(blockKey(spec));
    expect(s.page!.indices).toHaveLength(20);
    for (const i of s.page!.indices) expect(openUnit(spec, i).view).toMatchObject({ game: 'les-3-gongs' });
  });

  it('Les 3 Gongs Bonus results are dropped when the game changes; no Mine d’or unit opens', async () => {
    const s = useBlockSearchStore();
    const units = useReplayUnitStore();
    s.game = 'les-3-gongs';
    s.presentation = 'bonus';
    const done = s.search();
    await finishSearch();
    await done;
    const first = s.page!.indices[0]!;
    s.game = 'mine-d-or';
    expect(s.page).toBeNull();
    expect(await s.openResult(first)).toBe(false);
    expect(units.current).toBeNull();
  });

  it.each([
    ['stake', (s: ReturnType<typeof useBlockSearchStore>) => void (s.stake = 200)],
    ['seed', (s: ReturnType<typeof useBlockSearchStore>) => void (s.seedText = '12346')],
  ])('results are dropped when the %s changes', async (_what, change) => {
    const s = useBlockSearchStore();
    const done = s.search();
    await finishSearch();
    await done;
    expect(s.page).not.toBeNull();
    change(s);
    expect(s.page).toBeNull();
  });

  it('results are dropped when the level or presentation filter changes', async () => {
    const s = useBlockSearchStore();
    s.level = 'win';
    const done = s.search();
    await finishSearch();
    await done;
    expect(s.page!.level).toBe('win');
    s.presentation = 'aligned';
    await Promise.resolve();
    expect(s.page).toBeNull();
  });

  it('a search that ends after the level or presentation filter changed shows nothing', async () => {
    const s = useBlockSearchStore();
    s.level = 'win';
    const done = s.search();
    s.presentation = 'aligned';
    await finishSearch();
    await done;
    expect(s.page).toBeNull();
  });

  it('a search that ends after the block changed shows nothing', async () => {
    const s = useBlockSearchStore();
    s.game = 'les-3-gongs';
    const done = s.search();
    s.game = 'mine-d-or';
    expect(s.searching).toBe(false);
    await finishSearch();
    await done;
    expect(s.page).toBeNull();
  });

  it('a result opens the unit of its own block, and the browser keeps its results', async () => {
    const s = useBlockSearchStore();
    const units = useReplayUnitStore();
    s.game = 'les-3-gongs';
    s.stake = 50;
    s.presentation = 'bonus';
    const done = s.search();
    await finishSearch();
    await done;
    const i = s.page!.indices[3]!;
    expect(await s.openResult(i)).toBe(true);
    expect(units.current!.parsed).toMatchObject({ game: 'les-3-gongs', stakeCents: 50, seed: 12345, index: i });
    expect(units.current!.unit.view.game === 'les-3-gongs' && units.current!.unit.view.bonusCents).toBeTruthy();
    expect(s.page).not.toBeNull();
    // the next page is searched in the results' own block, from where the first page stopped
    const more = s.more();
    expect(jobs[0]!.input.spec).toEqual(s.page!.spec);
    expect(jobs[0]!.input.from).toBe(s.page!.next);
    await finishSearch();
    await more;
  });

  it('reads the seed and index as typed in a reference (base 32) or in decimal, and says what is wrong', async () => {
    const s = useBlockSearchStore();
    s.seedText = '0000C1S';
    expect(s.spec!.seed).toBe(12_345);
    expect(s.seed).toMatchObject({ ok: true, value: { readAs: 'base32', base32: '0000C1S' } });
    s.seedText = '12 345';
    expect(s.key).toBe(blockKey(officialBlock('mine-d-or', 100, 12_345)));
    s.indexText = '0ZF4';
    // 31 × 32² + 15 × 32 + 4
    expect(s.index).toMatchObject({ ok: true, value: { value: 32_228, readAs: 'base32' } });
    s.seedText = '3KU';
    expect(s.spec).toBeNull();
    expect(s.seed).toMatchObject({ ok: false, text: { fr: expect.stringMatching(/"U" n’est pas un caractère/) } });
    s.indexText = '1000000';
    expect(s.index).toMatchObject({ ok: false, text: { en: expect.stringMatching(/is above 999999/) } });
    expect(await s.openTyped()).toBe(false);
  });

  it('the browser follows the unit opened by reference: its block becomes the block chosen', async () => {
    const s = useBlockSearchStore();
    const units = useReplayUnitStore();
    s.seedText = '0000C1T';
    await units.openIndex('les-3-gongs', 200, 12_345, 7);
    expect(s.game).toBe('les-3-gongs');
    expect(s.stake).toBe(200);
    expect(s.seedText).toBe('12345');
    expect(s.key).toBe(units.blockKey);
  });

  it('R5: after a V1 or V2S reference, the browser stays in that version’s block (index, next, random)', async () => {
    const s = useBlockSearchStore();
    const units = useReplayUnitStore();
    const v1 = formatUnitRef({ game: 'les-3-gongs', stakeCents: 100, seed: 77, index: 3, generatorVersion: 1 });
    expect(await units.openRef(v1)).toBe(true);
    expect(s.key).toBe(units.blockKey);
    expect(s.versionLabel).toBe('V1');
    expect(await s.open(4)).toBe(true);
    expect(units.current!.ref).toMatch(/^GONG-100-000002D-0004-V1-/);
    const next = s.openNext();
    await finishSearch();
    expect(await next).toBe(true);
    expect(units.current!.ref).toMatch(/-V1-/);

    const v2s = formatUnitRef({
      game: 'mine-d-or',
      stakeCents: 50,
      seed: 77,
      index: 3,
      generatorVersion: 2,
      m6Strict: true,
    });
    expect(await units.openRef(v2s)).toBe(true);
    expect(s.versionLabel).toBe('V2S');
    expect(await s.open(9)).toBe(true);
    expect(units.current!.ref).toMatch(/-0009-V2S-/);
    // another game: this build's version again (S names Mine d'or blocks only)
    s.game = 'les-3-gongs';
    expect(s.versionLabel).toBe('V2');
  });
});
