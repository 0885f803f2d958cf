/**
 * Playback of the unit on screen: its steps (a pure function of the unit and the Bonus order, see
 * `src-engine/replay/steps.ts`), the step shown, play/pause at a speed, and the order in which the
 * yin yang are clicked (G4). Everything restarts from the covered unit when another unit opens.
 */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { DEFAULT_BONUS_ORDER, buildSteps, chooseYinYang } from '@engine';
import { useReplayUnitStore } from './useReplayUnitStore';

/** Playback speeds offered (× the base pace). */
export const SPEEDS: readonly number[] = [0.5, 0.75, 1, 1.5, 2, 3, 4];
/** Milliseconds between two steps at 1×. */
export const BASE_STEP_MS = 900;

export const useReplayPlaybackStore = defineStore('useReplayPlaybackStore', () => {
  const units = useReplayUnitStore();
  const bonusOrder = ref<number[]>([...DEFAULT_BONUS_ORDER]);
  const stepIndex = ref(0);
  const playing = ref(false);
  const speed = ref(1);
  /**
   * The symbol seen three times or more over grids (art. 4.4, 4.6) whose cells the final board
   * marks: chosen in the explanation; null = the first one the explanation lists.
   */
  const acrossSymbol = ref<string | null>(null);

  const steps = computed(() => (units.current ? buildSteps(units.current.unit, bonusOrder.value) : []));
  const step = computed(() => steps.value[stepIndex.value] ?? null);
  const atEnd = computed(() => stepIndex.value >= steps.value.length - 1);
  /** The kind of the step after the one shown (the board enables « Jouer » / « EXTRA » for it). */
  const nextKind = computed(() => steps.value[stepIndex.value + 1]?.kind ?? null);

  let timer: ReturnType<typeof setTimeout> | undefined;

  function schedule(): void {
    clearTimeout(timer);
    if (!playing.value) return;
    timer = setTimeout(() => {
      if (!atEnd.value) stepIndex.value++;
      if (atEnd.value) playing.value = false;
      else schedule();
    }, BASE_STEP_MS / speed.value);
  }

  function play(): void {
    if (!units.current) return;
    if (atEnd.value) stepIndex.value = 0;
    playing.value = true;
    schedule();
  }
  function pause(): void {
    playing.value = false;
    clearTimeout(timer);
  }
  function togglePlay(): void {
    if (playing.value) pause();
    else play();
  }
  /** Shows step `i` (clamped to the steps of the unit), pausing playback. */
  function goTo(i: number): void {
    pause();
    stepIndex.value = Math.max(0, Math.min(steps.value.length - 1, i));
  }
  const forward = (): void => goTo(stepIndex.value + 1);
  const back = (): void => goTo(stepIndex.value - 1);
  const restart = (): void => goTo(0);
  const toEnd = (): void => goTo(steps.value.length - 1);
  function faster(): void {
    speed.value = SPEEDS[Math.min(SPEEDS.length - 1, SPEEDS.indexOf(speed.value) + 1)] ?? speed.value;
  }
  function slower(): void {
    speed.value = SPEEDS[Math.max(0, SPEEDS.indexOf(speed.value) - 1)] ?? speed.value;
  }
  watch(speed, () => schedule());

  /**
   * Les 3 Gongs Bonus: the user clicks yin yang `pos` (art. 4.4). Its amount is shown next; the
   * amounts themselves are fixed by the unit (G4), only the order of reveal follows the clicks.
   */
  function clickYinYang(pos: number): void {
    const s = step.value;
    if (!s || !s.frame.bonusOpen || s.frame.bonusRevealed.includes(pos)) return;
    pause();
    bonusOrder.value = chooseYinYang(bonusOrder.value, s.frame.bonusRevealed.length, pos);
    stepIndex.value++;
  }

  // another unit: start again from its covered state (art. 4.1), in the natural Bonus order
  watch(
    () => units.current,
    () => {
      pause();
      bonusOrder.value = [...DEFAULT_BONUS_ORDER];
      stepIndex.value = 0;
      acrossSymbol.value = null;
    },
    { flush: 'sync' },
  );

  return {
    acrossSymbol,
    bonusOrder,
    steps,
    step,
    stepIndex,
    atEnd,
    nextKind,
    playing,
    speed,
    play,
    pause,
    togglePlay,
    forward,
    back,
    restart,
    toEnd,
    goTo,
    faster,
    slower,
    clickYinYang,
  };
});
