/**
 * `npm run docs:screenshots`: the flows that make the documentation's pictures
 * (`e2e/docs-screenshots.spec.ts`), which write into `docs/images/`. Kept out of `npm test`'s
 * end-to-end run (`playwright.config.ts` ignores that spec) so a test run leaves the tree as it was.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'docs-screenshots.spec.ts',
  reporter: [['list']],
  // one run, on a machine that may be shared: the build before the first flow can be slow
  webServer: { ...base.webServer, timeout: 600_000 } as typeof base.webServer,
});
