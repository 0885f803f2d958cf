/**
 * The browser build of the renderer (`npm run web`): the same Vue app and Web Workers as the
 * desktop window, served to any browser; the end-to-end tests run against it.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { cspMetaPlugin } from './src-main/main/security/csp-html';
import { pathAliases } from './scripts/path-aliases';

export default defineConfig({
  root: resolve(__dirname, 'src-renderer'),
  base: './',
  plugins: [vue(), cspMetaPlugin()],
  resolve: { alias: pathAliases },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: true, host: '127.0.0.1', fs: { allow: [resolve(__dirname)] } },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  // WEB_OUT_DIR: the end-to-end runs build into a folder of their own (playwright.config.ts).
  build: {
    outDir: resolve(__dirname, process.env.WEB_OUT_DIR ?? 'dist-web'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
});
