/**
 * A link followed while the app starts is kept. Vue Router listens to the address only once its
 * first navigation has finished (the first screen's code loaded), then writes that first screen
 * back over the address: a `#/replay?ref=…` followed in between would open the start screen with
 * its reference lost. The last address changed before then is opened once the router is ready.
 */
import type { Router } from 'vue-router';

/** What of `window` this needs: its address and its `hashchange` event. */
export interface HashWindow {
  readonly location: { readonly hash: string };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/** Resolves once the router is ready and any link followed before then is open. */
export async function keepEarlyLinks(
  router: Pick<Router, 'isReady' | 'currentRoute' | 'replace'>,
  win: HashWindow,
): Promise<void> {
  let early: string | null = null;
  const remember = (): void => {
    early = win.location.hash.replace(/^#/, '') || '/';
  };
  win.addEventListener('hashchange', remember);
  try {
    await router.isReady();
  } catch {
    return; // the first navigation failed: the router reports it, there is nothing to reopen
  } finally {
    win.removeEventListener('hashchange', remember);
  }
  // `replace`: the link's own history entry, which the router's first navigation rewrote.
  if (early !== null && early !== router.currentRoute.value.fullPath) await router.replace(early);
}
