import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { GENERATOR_VERSION, formatUnitRef, officialBlock, openUnit } from '@engine';
import type { GameId, OpenedUnit } from '@engine';
import { BASE_STEP_MS, useReplayPlaybackStore } from './useReplayPlaybackStore';
import { useReplayUnitStore } from './useReplayUnitStore';
import { setEnginePool } from '../../workers/engine-pool';
import { directPool } from '../../workers/in-process-worker';

/** The reference of the first unit of block 12345 at 1 € that satisfies `pred`. */
function refOf(game: GameId, pred: (u: OpenedUnit) => boolean): string {
  const spec = officialBlock(game, 100, 12345);
  for (let i = 0; i < 50_000; i++)
    if (pred(openUnit(spec, i)))
      return formatUnitRef({ game, stakeCents: 100, seed: 12345, index: i, generatorVersion: GENERATOR_VERSION });
  throw new Error('no such unit');
}
const twoExtras = refOf('mine-d-or', (u) => u.view.game === 'mine-d-or' && u.view.extras.length === 2);
const bonus = refOf('les-3-gongs', (u) => u.view.game === 'les-3-gongs' && u.view.bonusCents !== null);

describe('replay: playback', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    vi.useFakeTimers();
    setEnginePool(directPool(), 'replay');
  });
  afterEach(() => {
    vi.useRealTimers();
    setEnginePool(undefined, 'replay');
  });

  it('starts covered (art. 4.1), steps exactly back and forward, and stays within the steps', async () => {
    await useReplayUnitStore().openRef(twoExtras);
    const p = useReplayPlaybackStore();
    expect(p.step!.kind).toBe('cover');
    expect(p.nextKind).toBe('reveal');
    p.back();
    expect(p.stepIndex).toBe(0);
    p.forward();
    expect(p.step!.kind).toBe('reveal');
    p.toEnd();
    expect(p.step!.frame.final).toBe(true);
    expect(p.atEnd).toBe(true);
    p.forward();
    expect(p.stepIndex).toBe(p.steps.length - 1);
    p.back();
    expect(p.step!.frame.final).toBe(false);
  });

  it('plays one step per beat at the chosen speed and stops on the lot', async () => {
    await useReplayUnitStore().openRef(twoExtras);
    const p = useReplayPlaybackStore();
    p.faster(); // 1.5×
    expect(p.speed).toBe(1.5);
    p.play();
    vi.advanceTimersByTime(BASE_STEP_MS / 1.5);
    expect(p.stepIndex).toBe(1);
    vi.advanceTimersByTime((BASE_STEP_MS / 1.5) * p.steps.length);
    expect(p.atEnd).toBe(true);
    expect(p.playing).toBe(false);
  });

  it('another unit starts again from its covered state, paused, in the natural Bonus order', async () => {
    const units = useReplayUnitStore();
    await units.openRef(bonus);
    const p = useReplayPlaybackStore();
    const open = p.steps.findIndex((s) => s.kind === 'bonus');
    p.goTo(open);
    p.clickYinYang(2); // G4: the order follows the clicks
    expect(p.bonusOrder).toEqual([2, 0, 1]);
    expect(p.step!.frame.bonusRevealed).toEqual([2]);
    p.play();
    await units.openRef(twoExtras);
    expect(p.playing).toBe(false);
    expect(p.stepIndex).toBe(0);
    expect(p.bonusOrder).toEqual([0, 1, 2]);
    expect(p.step!.kind).toBe('cover');
  });

  it('ignores a click on a yin yang already shown or before the Bonus opens', async () => {
    await useReplayUnitStore().openRef(bonus);
    const p = useReplayPlaybackStore();
    p.clickYinYang(1);
    expect(p.stepIndex).toBe(0);
    p.goTo(p.steps.findIndex((s) => s.kind === 'bonus'));
    p.clickYinYang(1);
    const at = p.stepIndex;
    p.clickYinYang(1);
    expect(p.stepIndex).toBe(at);
  });
});
