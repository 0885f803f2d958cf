import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { officialBlock, officialScenario, scenarioTable } from '@engine';
import type { BlockSpec, UnitRef } from '@engine';
import { unitKeyOf } from '../../domain/replay/replayed-unit';
import { useDisputeDraftStore } from './useDisputeDraftStore';

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
});
