import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { pathAliases } from './scripts/path-aliases';

export default defineConfig({
  plugins: [vue()],
  resolve: { alias: pathAliases },
  test: {
    include: [
      'src-engine/**/*.test.ts',
      'src-shared/**/*.test.ts',
      'src-cli/**/*.test.ts',
      'src-main/**/*.test.ts',
      'src-renderer/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
