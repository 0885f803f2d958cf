/**
 * electron-vite 5 build: main (ESM, out/main, with its journal worker thread), preload (CommonJS, out/preload/index.cjs),
 * renderer (Vue, out/renderer; its configuration is the browser build's too, scripts/renderer-config.ts).
 *
 * Dependencies are externalized with `build.externalizeDeps` (electron-vite 5's replacement
 * for the now-deprecated `externalizeDepsPlugin`), except in the preload: a sandboxed preload
 * can only `require('electron')` and a few polyfilled built-ins, so zod must be bundled into it.
 *
 * @see https://electron-vite.org/config/
 * @see https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts
 */
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { pathAliases } from './scripts/path-aliases';
import { rendererConfig, rendererRoot } from './scripts/renderer-config';

// `npm test` sets DESKTOP_BUILD=main-preload where Electron cannot start the app: its browser build
// builds the same renderer (scripts/renderer-config.ts), once instead of twice.
const withRenderer = process.env['DESKTOP_BUILD'] !== 'main-preload';

export default defineConfig({
  main: {
    resolve: { alias: pathAliases },
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve('src-main/main/index.ts'),
          // the journal's hashing thread, started by main from out/main/journal-worker.js
          'journal-worker': resolve('src-main/main/journal/journal-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: pathAliases },
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-main/preload/index.ts') },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  ...(withRenderer && {
    renderer: {
      ...rendererConfig(),
      build: {
        outDir: 'out/renderer',
        rollupOptions: { input: { index: resolve(rendererRoot, 'index.html') } },
      },
    },
  }),
});
