import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import type { Ref } from 'vue';
import { useProgressiveCount } from './useProgressiveCount';

/** Frames run by hand: each call of `frame()` runs the callbacks asked for before it. */
let callbacks = new Map<number, FrameRequestCallback>();
let nextId = 1;
const frame = (): void => {
  const now = [...callbacks.values()];
  callbacks = new Map();
  for (const cb of now) cb(0);
};

beforeEach(() => {
  callbacks = new Map();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    callbacks.set(nextId, cb);
    return nextId++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

function mount(total: Ref<number>): { shown: Readonly<Ref<number>>; unmount: () => void } {
  const scope = effectScope();
  const shown = scope.run(() => useProgressiveCount(() => total.value, 20, 30))!;
  return { shown, unmount: () => scope.stop() };
}

describe('useProgressiveCount', () => {
  it('shows the first rows at once, then a step more each frame until all', () => {
    const total = ref(100);
    const { shown } = mount(total);
    expect(shown.value).toBe(20);
    frame();
    expect(shown.value).toBe(50);
    frame();
    frame();
    expect(shown.value).toBe(100);
    frame();
    expect(callbacks.size).toBe(0);
  });

  it('a short list is whole at once and asks for no frame', () => {
    const { shown } = mount(ref(7));
    expect(shown.value).toBe(7);
    expect(callbacks.size).toBe(0);
  });

  it('starts again when the list changes, and stops on unmount', async () => {
    const total = ref(100);
    const { shown, unmount } = mount(total);
    frame();
    total.value = 60;
    await nextTick();
    expect(shown.value).toBe(20);
    unmount();
    expect(callbacks.size).toBe(0);
  });
});
