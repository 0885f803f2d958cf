import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { keepEarlyLinks } from './early-links';
import type { HashWindow } from './early-links';

/** A window whose address the test changes, as a followed link does. */
class FakeWindow extends EventTarget implements HashWindow {
  location = { hash: '#/simulation' };
  follow(hash: string): void {
    this.location.hash = hash;
    this.dispatchEvent(new Event('hashchange'));
  }
  listeners = 0;
  override addEventListener(type: 'hashchange', l: () => void): void {
    this.listeners++;
    super.addEventListener(type, l);
  }
  override removeEventListener(type: 'hashchange', l: () => void): void {
    this.listeners--;
    super.removeEventListener(type, l);
  }
}

/** A router whose first screen loads when the test says so. */
function slowRouter(): { router: ReturnType<typeof createRouter>; load: () => void } {
  let load: () => void = () => undefined;
  const loaded = new Promise<{ render: () => null }>((resolve) => (load = () => resolve({ render: () => null })));
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/simulation', component: () => loaded },
      { path: '/replay', component: { render: () => null } },
    ],
  });
  return { router, load };
}

describe('keepEarlyLinks', () => {
  it('opens the link followed while the first screen loads, with its query', async () => {
    const { router, load } = slowRouter();
    const win = new FakeWindow();
    const kept = keepEarlyLinks(router, win);
    const first = router.push('/simulation');
    win.follow('#/replay?ref=GONG-050-0000007-000B-V2-MY');
    load();
    await first;
    await kept;
    expect(router.currentRoute.value.fullPath).toBe('/replay?ref=GONG-050-0000007-000B-V2-MY');
    expect(win.listeners).toBe(0);
  });

  it('opens only the last of several links, and nothing when none was followed', async () => {
    const a = slowRouter();
    const w = new FakeWindow();
    const kept = keepEarlyLinks(a.router, w);
    const first = a.router.push('/simulation');
    w.follow('#/replay?ref=A');
    w.follow('#/replay?ref=B');
    a.load();
    await Promise.all([first, kept]);
    expect(a.router.currentRoute.value.fullPath).toBe('/replay?ref=B');

    const b = slowRouter();
    const quiet = new FakeWindow();
    const keptQuiet = keepEarlyLinks(b.router, quiet);
    const firstQuiet = b.router.push('/simulation');
    b.load();
    await Promise.all([firstQuiet, keptQuiet]);
    expect(b.router.currentRoute.value.fullPath).toBe('/simulation');
  });

  it('leaves later links to the router and ends quietly when the first navigation fails', async () => {
    const { router, load } = slowRouter();
    const win = new FakeWindow();
    const kept = keepEarlyLinks(router, win);
    load();
    await router.push('/simulation');
    await kept;
    win.follow('#/replay?ref=late');
    expect(router.currentRoute.value.fullPath).toBe('/simulation');

    const broken = createRouter({
      history: createMemoryHistory(),
      routes: [{ path: '/x', component: () => Promise.reject(new Error('chunk failed')) }],
    });
    const w = new FakeWindow();
    const keptBroken = keepEarlyLinks(broken, w);
    broken.onError(() => undefined);
    await broken.push('/x').catch(() => undefined);
    await expect(keptBroken).resolves.toBeUndefined();
    expect(w.listeners).toBe(0);
  });
});
