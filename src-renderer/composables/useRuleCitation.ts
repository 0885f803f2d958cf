/**
 * The one rule-text panel of the window: which citation it shows, for which game, and the control
 * that opened it (focus returns there when the panel closes). Every citation on screen opens it
 * through {@link useRuleCitation}.
 */
import { shallowRef } from 'vue';
import type { Citation, GameId } from '@engine';

/** What the panel shows: a citation of one game's rules, or of both when the game is not known. */
export interface OpenCitation {
  readonly citation: Citation;
  readonly game: GameId | null;
  readonly opener: HTMLElement | null;
}

const current = shallowRef<OpenCitation | null>(null);

export function useRuleCitation() {
  return {
    current,
    open: (citation: Citation, game: GameId | null, opener: HTMLElement | null): void => {
      current.value = { citation, game, opener };
    },
    close: (): void => {
      const opener = current.value?.opener ?? null;
      current.value = null;
      // Focus goes back to the citation that opened the panel (WCAG 2.4.3) when it was lost. The
      // dialog's close event is queued as a task: by then the user may have moved to another control,
      // and taking focus from it would send their next key to the citation just closed.
      const active = document.activeElement;
      if (!active || active === document.body) opener?.focus();
    },
  };
}
