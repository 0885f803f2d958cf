/**
 * How many rows of a long list to render yet: the first `first` at once, then `step` more each
 * animation frame until all are. A table of a hundred blocks laid out in one task would block the
 * UI thread past 50 ms (the standard); in slices of a frame each it never does, and the rows a
 * screen shows first are there at once. Stops with its component (or effect scope).
 */
import { onScopeDispose, ref, watch } from 'vue';
import type { Ref } from 'vue';

export function useProgressiveCount(total: () => number, first = 20, step = 20): Readonly<Ref<number>> {
  const shown = ref(0);
  let frame = 0;
  const grow = (): void => {
    frame = 0;
    shown.value = Math.min(total(), shown.value + step);
    if (shown.value < total()) frame = requestAnimationFrame(grow);
  };
  watch(
    total,
    (n) => {
      if (frame !== 0) cancelAnimationFrame(frame);
      frame = 0;
      shown.value = Math.min(n, first);
      if (shown.value < n) frame = requestAnimationFrame(grow);
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    if (frame !== 0) cancelAnimationFrame(frame);
  });
  return shown;
}
