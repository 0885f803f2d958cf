/** What the tests that cancel a job share: the job held running, whatever the machine's speed. */
import type { Page } from '@playwright/test';

/**
 * Holds every engine worker's script until `release()`: set before the page starts any worker, a
 * job of the page's pools then surely waits, running, until it is cancelled or released.
 * `requested` resolves once a worker has asked for its script.
 */
export async function holdWorkers(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let requested!: () => void;
  const asked = new Promise<void>((r) => (requested = r));
  await page.route(/engine\.worker[^/]*\.js/, async (route) => {
    requested();
    await released;
    // a cancelled job's worker is gone, and its request with it
    await route.continue().catch(() => undefined);
  });
  return { requested: asked, release };
}
