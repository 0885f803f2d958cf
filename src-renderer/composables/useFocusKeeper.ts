/**
 * Keyboard users keep their place through an action (WCAG 2.4.3): a button that is disabled or
 * taken away by what it started (« Lancer » while its run runs, « Jouer » once the grid is
 * uncovered, « Annuler » once nothing runs) drops the focus to the page's body, and the next Tab
 * starts again from the top. These helpers give it, only then, to the element that goes on from
 * the action: the job's « Annuler » while it runs, its result or its button once it ends.
 */
import { nextTick, watch } from 'vue';

/** Whether the focus has been lost: on nothing, on the body, or on an element gone or disabled. */
export function focusLost(): boolean {
  const el = document.activeElement as (HTMLElement & { disabled?: boolean }) | null;
  return !el || el === document.body || !el.isConnected || el.disabled === true;
}

/** Whether `el` can take the focus now: on the page, shown and not disabled. */
function focusable(el: HTMLElement): boolean {
  return el.isConnected && !(el as HTMLElement & { disabled?: boolean }).disabled && el.getClientRects().length > 0;
}

/**
 * After the screen has updated, when the focus has been lost (or is still on one of `from`, the
 * control that started the action), gives it to the first of `selectors` found that can take it (a
 * heading or a message is made focusable by script only, tabindex -1). Focus the user has put
 * elsewhere meanwhile is left where it is.
 */
export async function keepFocus(selectors: readonly string[], from: readonly string[] = []): Promise<void> {
  // a frame, not only a tick: a job's outcome may be set by its caller just after its phase changes
  await nextTick();
  await new Promise<void>((r) => requestAnimationFrame(() => r()));
  const on = document.activeElement;
  if (!focusLost() && !from.some((s) => on?.matches(s))) return;
  for (const s of selectors) {
    const el = document.querySelector<HTMLElement>(s);
    if (!el || !focusable(el)) continue;
    if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.tabIndex = -1;
    el.focus();
    return;
  }
}

/**
 * Keeps the focus through a job that disables the button that started it: while `running()`, on
 * the first of `during` (its « Annuler »); once it ends, on the first of `after()` (its result, else
 * its button). `from`: controls whose focus also moves to the result (a file field, which a job
 * done within a frame leaves focused).
 */
export function useFocusThroughJob(
  running: () => boolean,
  during: readonly string[],
  after: () => readonly string[],
  from: readonly string[] = [],
): void {
  watch(
    running,
    (now) => {
      void keepFocus(now ? during : after(), now ? [] : from);
    },
    { flush: 'post' },
  );
}
