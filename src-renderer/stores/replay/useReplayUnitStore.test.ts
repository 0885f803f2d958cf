import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import {
  blockKey,
  formatUnitRef,
  indicesOfLevel,
  officialBlock,
  officialScenario,
  openUnit,
  scenarioTable,
} from '@engine';
import { useReplayUnitStore } from './useReplayUnitStore';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool, recordingInProcessPool } from '../../workers/in-process-worker';

const ref = formatUnitRef({ game: 'les-3-gongs', stakeCents: 100, seed: 12345, index: 42, generatorVersion: 1 });

describe('replay: the open unit', () => {
  // units open in the replay's worker: here the real handler, in this process
  beforeEach(() => {
    setActivePinia(createPinia());
    setEnginePool(inProcessPool(1), 'replay');
  });
  afterEach(() => setEnginePool(undefined, 'replay'));

  it('keeps the block spec worked out when the unit opened: a strict-M6 block from the browser stays strict (R1, M6)', async () => {
    const s = useReplayUnitStore();
    const strict = officialBlock('mine-d-or', 50, 77, 2, true);
    expect(await s.openInBlock(strict, 5, '')).toBe(true);
    expect(s.current!.spec).toEqual(strict);
    expect(s.current!.ref).toBe(
      formatUnitRef({ game: 'mine-d-or', stakeCents: 50, seed: 77, index: 5, generatorVersion: 2, m6Strict: true }),
    );
    expect(s.blockKey).toBe(blockKey(strict));
    expect(s.current!.unit.view).toEqual(openUnit(strict, 5).view);
    // an index past the block is refused, the unit on screen kept
    expect(await s.openIndex('mine-d-or', 50, 77, 1_000_000)).toBe(false);
    expect(s.current!.spec).toEqual(strict);
  });

  it('opens a unit from its reference alone (R2, R3), with the identity of its block', async () => {
    const s = useReplayUnitStore();
    expect(await s.openRef(ref.toLowerCase())).toBe(true);
    expect(s.current!.ref).toBe(ref);
    expect(s.current!.parsed).toMatchObject({ game: 'les-3-gongs', stakeCents: 100, seed: 12345, index: 42 });
    // R5: a version-1 reference opens its version-1 block
    const v1 = officialBlock('les-3-gongs', 100, 12345, 1);
    expect(s.current!.unit.assignedCents).toBe(openUnit(v1, 42).assignedCents);
    expect(s.current!.unit.view).toEqual(openUnit(v1, 42).view);
    expect(s.blockKey).toBe(blockKey(v1));
    expect(s.error).toBeNull();
  });

  it('keeps the unit on screen when a reference is refused, and says why in both languages', async () => {
    const s = useReplayUnitStore();
    await s.openRef(ref);
    const typo = `${ref.slice(0, -1)}${ref.endsWith('0') ? '1' : '0'}`;
    expect(await s.openRef(typo)).toBe(false);
    expect(s.current!.ref).toBe(ref);
    expect(s.error!.en).toMatch(/check characters .* a character is mistyped \(R3\); nothing was replayed/);
    expect(s.error!.fr).toMatch(/un caractère est mal saisi \(R3\)/);
    s.dismissError();
    expect(s.error).toBeNull();
  });

  it('opens a unit of exactly the block named: official by its reference, a scenario by its label', async () => {
    const s = useReplayUnitStore();
    expect(await s.openInBlock(officialBlock('mine-d-or', 50, 7), 999_999, 'unused')).toBe(true);
    expect(s.current!.ref).toBe(
      formatUnitRef({ game: 'mine-d-or', stakeCents: 50, seed: 7, index: 999_999, generatorVersion: 2 }),
    );
    expect(s.current!.scenario).toBeNull();

    const sc = officialScenario('mine-d-or', 50);
    sc.levels[0]!.prizeCents = 1_500_000;
    const table = scenarioTable(sc);
    const spec = { ...officialBlock('mine-d-or', 50, 7), table };
    expect(await s.openInBlock(spec, 3, 'top doubled')).toBe(true);
    expect(s.current!.ref).toBe('SCENARIO-7-3');
    expect(s.current!.scenario!.name).toBe('top doubled');
    expect(s.blockKey).toBe(blockKey(spec));
    expect(s.blockKey).not.toBe(blockKey(officialBlock('mine-d-or', 50, 7)));
  });

  it('refuses an index outside the block and keeps what was shown', async () => {
    const s = useReplayUnitStore();
    expect(await s.openIndex('les-3-gongs', 100, 12345, 300_000)).toBe(false);
    expect(s.current).toBeNull();
    expect(s.error!.en).toMatch(/outside the block/);
  });

  it('M6: a V2S reference opens the strict block, whose 10 € units show two gains or more', async () => {
    const strict = officialBlock('mine-d-or', 50, 4, 2, true);
    const s = useReplayUnitStore();
    for (const index of indicesOfLevel(strict, 6).slice(0, 20)) {
      const text = formatUnitRef({
        game: 'mine-d-or',
        stakeCents: 50,
        seed: 4,
        index,
        generatorVersion: 2,
        m6Strict: true,
      });
      expect(text).toContain('-V2S-');
      expect(await s.openRef(text)).toBe(true);
      expect(s.blockKey).toBe(blockKey(strict));
      expect(s.current!.unit.assignedCents).toBe(1_000);
      expect(s.current!.unit.explanation.gains.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('opens the unit in the replay worker, off the page, and shows the last unit asked for', async () => {
    const { pool, ran } = recordingInProcessPool(1);
    setEnginePool(pool, 'replay');
    const s = useReplayUnitStore();
    const first = s.openIndex('les-3-gongs', 100, 12345, 1);
    const second = s.openIndex('les-3-gongs', 100, 12345, 2);
    // the first finishes first, but was overtaken: it is dropped, never shown over the second
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(s.current!.parsed.index).toBe(2);
    expect(ran).toEqual(['openUnit', 'openUnit']);
    // a mistyped reference is refused on the page: no job is sent for it
    expect(await s.openRef('not a reference')).toBe(false);
    expect(ran).toHaveLength(2);
    expect(s.current!.parsed.index).toBe(2);
  });
});
