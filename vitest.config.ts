import { availableParallelism } from 'node:os';
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
    // one test file a core (Vitest's default leaves one core to itself, so two cores ran one file at
    // a time): the files' work is their own CPU, the main process only hands them out
    maxWorkers: availableParallelism(),
    // the command line's worker thread bundled once per run: in-process cli() calls start it in
    // milliseconds instead of loading the engine through tsx in every worker
    globalSetup: ['src-cli/test-support/worker-bundle.setup.ts'],
    // `npm run test:coverage`: the line coverage of the engine, the shared runner and the command
    // line that the suite must keep, written to the ignored test-results/
    coverage: {
      provider: 'v8',
      include: ['src-engine/**', 'src-shared/**', 'src-cli/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'test-results/coverage',
    },
  },
});
