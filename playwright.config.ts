/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the browser build
 * served by `npm run web`.
 * @see https://playwright.dev/docs/test-configuration
 */
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// One port and build folder per test run, so that runs started side by side never share a server
// or a stale build; set in the runner's environment, which its worker processes inherit.
process.env.E2E_PORT ??= String(4200 + (process.pid % 700));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const webDir = process.env.E2E_WEB_DIR || undefined;

export default defineConfig({
  testDir: 'e2e',
  // the documentation's pictures write into docs/images/: made by `npm run docs:screenshots` only
  testIgnore: ['docs-screenshots.spec.ts'],
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // Tests share nothing but the one browser build (each has its own browser context, so its own
  // storage): two workers on the project's two cores. Every wait is for a state, so a slower test
  // under load is only slower.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    viewport: { width: 1400, height: 1000 },
    acceptDownloads: true,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  // E2E_WEB_DIR: a browser build made beforehand (`npm test` makes it beside the other builds, the
  // stress runs once for all their runs), only served; else this run builds its own
  webServer: {
    command: webDir
      ? `npx vite preview --config vite.web.config.ts --port ${port} --strictPort`
      : `npm run web -- --port ${port} --strictPort`,
    env: { WEB_OUT_DIR: webDir ?? `.e2e-web/${port}` },
    url: baseURL,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
