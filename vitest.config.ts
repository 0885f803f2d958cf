import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';
import vue from '@vitejs/plugin-vue';
import { pathAliases } from './scripts/path-aliases';

/**
 * The test files that are each a core's work for half a minute or more (whole official blocks, the
 * Python checker, real processes), started first: a fresh clone has no timings cached, and Vitest
 * then starts the largest files first, so these short files ran last, one core idle beside them.
 */
const LONGEST_FIRST = [
  'src-cli/mine-d-or-block.test.ts',
  'scripts/hostile/hostile.test.ts',
  'src-cli/output.test.ts',
  'src-cli/journal-commit.test.ts',
  'src-cli/verify.test.ts',
  'src-engine/import/verify-export.test.ts',
  'src-cli/evidence.test.ts',
  'src-engine/games/mine-d-or/m6-strict.test.ts',
  'scripts/hostile/bundles.test.ts',
];

// a name left behind by a move would silently put nothing first
for (const name of LONGEST_FIRST)
  if (!existsSync(name)) throw new Error(`vitest.config.ts: LONGEST_FIRST names ${name}, which does not exist`);

/** Vitest's own order (failed, then longest by its cache, else largest), the files above before it. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification): number => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((f, k) => ({ f, k }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.k - b.k)
      .map(({ f }) => f);
  }
}

const ROOTS = ['src-engine', 'src-shared', 'src-cli', 'src-main', 'src-renderer', 'scripts'];
const INCLUDE = ROOTS.map((r) => `${r}/**/*.test.ts`);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() && e.name !== 'node_modules'
      ? testFiles(join(dir, e.name))
      : e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/**
 * What a test file does that would reach the files run after it in the same process: replace a
 * module, a global, an export, the clock, the environment or the working folder; or a first line
 * `// vitest: isolated`, for a test of a module's own state that other files' code also uses.
 */
const CHANGES_THE_PROCESS =
  /^\/\/ vitest: isolated|\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers)\(|globalThis as|process\.env(\.\w+|\[[^\]]+\]) *=[^=]|delete process\.env|process\.chdir/;

/**
 * The folders whose tests share a process between files: the engine, the shared runner, the
 * command line and the scripts, code with no state of its own beyond its modules. Main's windows
 * and settings keep state in their modules (stand-ins for the DOM and Electron), so their files each
 * get a fresh process.
 */
const SHARING = ['src-engine', 'src-shared', 'src-cli', 'scripts'];

/**
 * The screens' folders whose module state is the interface language, the bridge, the engine pools
 * and the active store (beside caches of pure results): `src-renderer/fresh-state.setup.ts` sets
 * each back to what a fresh process starts with before every file, so their files share a process
 * too, in a project of their own.
 */
const SHARING_SCREENS = [
  'src-renderer/bridge',
  'src-renderer/composables',
  'src-renderer/domain',
  'src-renderer/i18n',
  'src-renderer/router',
  'src-renderer/stores',
  'src-renderer/workers',
];

const under = (folders: readonly string[], f: string): boolean => folders.some((r) => f.startsWith(`${r}/`));
const changesTheProcess = (f: string): boolean => CHANGES_THE_PROCESS.test(readFileSync(f, 'utf8'));

/**
 * The test files that change their process, or whose code keeps state in its modules, run each in a
 * fresh one (Vitest's isolation); every other file shares its process's loaded modules with the
 * files before it, so the engine is loaded once per worker instead of once per file (that loading
 * was a third of the unit tests' time, and most of a screen's small test file's).
 */
const SCREENS_SHARED = ROOTS.flatMap(testFiles).filter((f) => under(SHARING_SCREENS, f) && !changesTheProcess(f));
const ISOLATED = ROOTS.flatMap(testFiles).filter(
  (f) => !SCREENS_SHARED.includes(f) && (!under(SHARING, f) || changesTheProcess(f)),
);

/** What each project runs its files with. */
const project = (test: {
  name: string;
  include: string[];
  exclude?: string[];
  isolate: boolean;
  setupFiles?: string[];
}) => ({
  plugins: [vue()],
  resolve: { alias: pathAliases },
  test: { environment: 'node' as const, testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks' as const, ...test },
});

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // one test file a core (Vitest's default leaves one core to itself, so two cores ran one file at
    // a time): the files' work is their own CPU, the main process only hands them out
    maxWorkers: availableParallelism(),
    // the command line's worker thread bundled once per run: in-process cli() calls start it in
    // milliseconds instead of loading the engine through tsx in every worker
    globalSetup: ['src-cli/test-support/worker-bundle.setup.ts'],
    // the projects' own options, not the root's (`extends: true`): the root's global setup would run
    // again for each of them
    projects: [
      project({ name: 'isolated', include: ISOLATED, isolate: true }),
      project({
        name: 'shared',
        include: INCLUDE,
        exclude: [...ISOLATED, ...SCREENS_SHARED],
        isolate: false,
      }),
      project({
        name: 'screens-shared',
        include: SCREENS_SHARED,
        isolate: false,
        setupFiles: ['src-renderer/fresh-state.setup.ts'],
      }),
    ],
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
