import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import {
  blockKey,
  formatUnitRef,
  officialBlock,
  officialScenario,
  openUnit,
  scenarioTable,
} from '../../src-engine/index';
import { useReplayUnitStore } from './useReplayUnitStore';

const ref = formatUnitRef({ game: 'les-3-gongs', stakeCents: 100, seed: 12345, index: 42, generatorVersion: 1 });

describe('replay: the open unit', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('opens a unit from its reference alone (R2, R3), with the identity of its block', () => {
    const s = useReplayUnitStore();
    expect(s.openRef(ref.toLowerCase())).toBe(true);
    expect(s.current!.ref).toBe(ref);
    expect(s.current!.parsed).toMatchObject({ game: 'les-3-gongs', stakeCents: 100, seed: 12345, index: 42 });
    expect(s.current!.unit.assignedCents).toBe(openUnit(officialBlock('les-3-gongs', 100, 12345), 42).assignedCents);
    expect(s.blockKey).toBe(blockKey(officialBlock('les-3-gongs', 100, 12345)));
    expect(s.error).toBeNull();
  });

  it('keeps the unit on screen when a reference is refused, and says why in both languages', () => {
    const s = useReplayUnitStore();
    s.openRef(ref);
    const typo = `${ref.slice(0, -1)}${ref.endsWith('0') ? '1' : '0'}`;
    expect(s.openRef(typo)).toBe(false);
    expect(s.current!.ref).toBe(ref);
    expect(s.error!.en).toMatch(/check characters .* a character is mistyped \(R3\); nothing was replayed/);
    expect(s.error!.fr).toMatch(/un caractère est mal saisi \(R3\)/);
    s.dismissError();
    expect(s.error).toBeNull();
  });

  it('opens a unit of exactly the block named: official by its reference, a scenario by its label', () => {
    const s = useReplayUnitStore();
    expect(s.openInBlock(officialBlock('mine-d-or', 50, 7), 999_999, 'unused')).toBe(true);
    expect(s.current!.ref).toBe(
      formatUnitRef({ game: 'mine-d-or', stakeCents: 50, seed: 7, index: 999_999, generatorVersion: 1 }),
    );
    expect(s.current!.scenario).toBeNull();

    const sc = officialScenario('mine-d-or', 50);
    sc.levels[0]!.prizeCents = 1_500_000;
    const table = scenarioTable(sc);
    const spec = { ...officialBlock('mine-d-or', 50, 7), table };
    expect(s.openInBlock(spec, 3, 'top doubled')).toBe(true);
    expect(s.current!.ref).toBe('SCENARIO-7-3');
    expect(s.current!.scenario!.name).toBe('top doubled');
    expect(s.blockKey).toBe(blockKey(spec));
    expect(s.blockKey).not.toBe(blockKey(officialBlock('mine-d-or', 50, 7)));
  });

  it('refuses an index outside the block and keeps what was shown', () => {
    const s = useReplayUnitStore();
    expect(s.openIndex('les-3-gongs', 100, 12345, 300_000)).toBe(false);
    expect(s.current).toBeNull();
    expect(s.error!.en).toMatch(/outside the block/);
  });
});
