/**
 * The browser build of the renderer (`npm run web`): the same Vue app and Web Workers as the
 * desktop window, served to any browser; the end-to-end tests run against it.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { rendererConfig } from './scripts/renderer-config';

export default defineConfig({
  ...rendererConfig(),
  base: './',
  server: { port: 5173, strictPort: true, host: '127.0.0.1', fs: { allow: [resolve(__dirname)] } },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  // WEB_OUT_DIR: the end-to-end runs build into a folder of their own (playwright.config.ts).
  build: {
    outDir: resolve(__dirname, process.env.WEB_OUT_DIR ?? 'dist-web'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    // gzipping every chunk and the solver's WebAssembly only to print their sizes cost seconds a build
    reportCompressedSize: false,
  },
});
