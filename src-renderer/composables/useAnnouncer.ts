/**
 * Where a keyboard or screen-reader user is taken after a long action (WCAG 2.4.3, 4.1.3): one
 * polite live region in the app frame says that the action finished, and the result (its heading)
 * takes the focus, so that the next Tab goes on from the result instead of from the top of the page.
 */
import { nextTick, ref } from 'vue';

/** The text of the app's live region (read by {@link App}); one for the whole app. */
export const announcement = ref('');

/** Says `text` in the live region; the same text twice is said twice. */
export function announce(text: string): void {
  announcement.value = '';
  void nextTick(() => {
    announcement.value = text;
  });
}

/**
 * After the screen has drawn the result, moves the focus to the element `selector` finds (a
 * heading is made focusable by script only: tabindex -1 keeps it out of the Tab order).
 */
export async function focusResult(selector: string): Promise<void> {
  await nextTick();
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) return;
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.tabIndex = -1;
  el.focus();
}
