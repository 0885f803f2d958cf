/**
 * The renderer's one Vite configuration, read by the desktop build (electron-vite's `renderer`) and
 * the browser build (`vite.web.config.ts`): the same root, plugins, aliases and workers, so that the
 * browser build `npm test` makes for the end-to-end tests also proves the desktop renderer builds,
 * and the desktop build there makes main and the preload only (`DESKTOP_BUILD=main-preload`).
 */
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { cspMetaPlugin } from '../src-main/main/security/csp-html';
import { pathAliases } from './path-aliases';

export const rendererRoot = resolve(__dirname, '../src-renderer');

/** What both builds of the renderer share; each adds its own `build` (folder, target, minifying). */
export function rendererConfig(): UserConfig {
  return {
    root: rendererRoot,
    plugins: [vue(), cspMetaPlugin()],
    resolve: { alias: pathAliases },
    worker: { format: 'es' },
  };
}
