/**
 * The two path aliases of the repository, for every bundler and test runner (Vite, electron-vite,
 * Vitest; tsc, tsx and esbuild read the same two from `tsconfig.base.json`'s `paths`):
 * `@engine` is the engine's public entry (nothing deeper), `@shared/…` the contracts shared by the
 * command line, main and the renderer.
 */
import { resolve } from 'node:path';

const root = resolve(__dirname, '..');

export const pathAliases = [
  { find: /^@engine$/, replacement: resolve(root, 'src-engine/index.ts') },
  { find: /^@shared\//, replacement: `${resolve(root, 'src-shared')}/` },
];
