import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { officialBlock, officialScenario, scenarioTable } from '@engine';
import type { BlockSpec, UnitRef } from '@engine';
import { unitKeyOf } from '../../domain/replay/replayed-unit';
import { MAX_DRAFTS, useDisputeDraftStore } from './useDisputeDraftStore';

const unit = (spec: BlockSpec, index: number): { spec: BlockSpec; parsed: UnitRef } => ({
  spec,
  parsed: {
    game: spec.game,
    stakeCents: spec.stakeCents,
    seed: spec.seed,
    index,
    generatorVersion: spec.generatorVersion,
  },
});

describe('replay: the dispute case drafts', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it("keeps each unit's claim and conclusion apart, and gives a unit never written about empty fields", () => {
    const drafts = useDisputeDraftStore();
    const mine = unitKeyOf(unit(officialBlock('mine-d-or', 100, 2011, 2), 5));
    const gong = unitKeyOf(unit(officialBlock('les-3-gongs', 100, 2024, 2), 5));
    drafts.write(mine, 'conclusion', 'Lot conforme à l’art. 4.3.');
    drafts.write(mine, 'claim', 'Le joueur dit avoir gagné.');
    expect(drafts.text(gong, 'claim')).toBe('');
    expect(drafts.text(gong, 'conclusion')).toBe('');
    drafts.write(gong, 'claim', 'Autre réclamation');
    expect(drafts.text(mine, 'claim')).toBe('Le joueur dit avoir gagné.');
    expect(drafts.text(mine, 'conclusion')).toBe('Lot conforme à l’art. 4.3.');
    expect(drafts.text(gong, 'claim')).toBe('Autre réclamation');
    // emptied: nothing kept, still empty
    drafts.write(gong, 'claim', '');
    expect(drafts.text(gong, 'claim')).toBe('');
  });

  it("keeps apart two scenarios' units of one seed and index, which share their label", () => {
    const drafts = useDisputeDraftStore();
    const scenario = (top: number): BlockSpec => {
      const sc = officialScenario('mine-d-or', 50);
      sc.levels[0]!.prizeCents = top;
      return { ...officialBlock('mine-d-or', 50, 7), table: scenarioTable(sc) };
    };
    const doubled = unitKeyOf(unit(scenario(1_500_000), 3));
    const tripled = unitKeyOf(unit(scenario(2_250_000), 3));
    drafts.write(doubled, 'claim', 'Lot doublé');
    expect(drafts.text(tripled, 'claim')).toBe('');
    // and an official unit of the same seed and index is yet another unit
    expect(drafts.text(unitKeyOf(unit(officialBlock('mine-d-or', 50, 7), 3)), 'claim')).toBe('');
  });

  it('keeps the drafts of the last 100 units written, letting go of the one written longest ago', () => {
    const drafts = useDisputeDraftStore();
    const key = (i: number): string => unitKeyOf(unit(officialBlock('mine-d-or', 100, 2011, 2), i));
    for (let i = 0; i < MAX_DRAFTS; i++) drafts.write(key(i), 'claim', `réclamation ${i}`);
    // unit 0 written again: now the newest, so unit 1 is the oldest
    drafts.write(key(0), 'conclusion', 'conclusion 0');
    drafts.write(key(MAX_DRAFTS), 'claim', 'une de plus');
    expect(drafts.drafts.size).toBe(MAX_DRAFTS);
    expect(drafts.text(key(1), 'claim')).toBe('');
    expect(drafts.text(key(0), 'claim')).toBe('réclamation 0');
    expect(drafts.text(key(2), 'claim')).toBe('réclamation 2');
    expect(drafts.text(key(MAX_DRAFTS), 'claim')).toBe('une de plus');
  });
});
