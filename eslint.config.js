// Flat config: typescript-eslint for every .ts file, eslint-plugin-vue for the renderer,
// eslint-config-prettier last so formatting is Prettier's alone.
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The layers, bottom up: engine → shared contracts → command line, renderer (main apart, thin).
// Circles are refused by `madge --circular` (npm run lint:circles).
/** Imports only pure TypeScript may go without: Node, Electron, the DOM's frameworks. */
const PURE = [
  {
    group: ['node:*', 'fs', 'path', 'os', 'worker_threads', 'electron', 'vue', 'pinia', 'chart.js'],
    message: 'The engine and the shared contracts are pure TypeScript: no Node, DOM or Electron import.',
  },
];
/** Anything above the engine. */
const APP_ABOVE_ENGINE = {
  regex: '(^|/)src-(shared|cli|main|renderer)(/|$)|^@(engine|shared)(/|$)',
  message: 'Layers: the engine imports nothing of the app.',
};
/** Anything above the shared contracts. */
const APP_ABOVE_SHARED = {
  regex: '(^|/)src-(cli|main|renderer)(/|$)',
  message: 'Layers: the shared contracts import nothing of the command line, main or renderer.',
};
/** The engine, other than through its public entry, the `@engine` alias. */
const ENGINE_ENTRY = {
  regex: '(^|/)src-engine(/|$)',
  message: "Layers: reach the engine through its public entry, '@engine'.",
};
/** The shared contracts, other than through the `@shared/…` alias. */
const SHARED_ALIAS = {
  regex: '^(\\.\\./)+src-shared(/|$)',
  message: "Layers: reach the shared contracts through '@shared/…'.",
};
/** The Node-only helpers the command line and main share (files), never in a pure layer or a screen. */
const SHARED_NODE = {
  regex: '(^|/)src-shared/node(/|$)|^@shared/node(/|$)|^\\.\\./node(/|$)',
  message:
    'Layers: src-shared/node is Node-only (command line and main): the engine, the pure shared contracts and the renderer never import it.',
};
/** Electron main, which the command line never imports: what both need lives in src-shared. */
const MAIN = {
  regex: '(^|/)src-main(/|$)',
  message:
    'Layers: the command line never imports main; what both need lives in src-shared (src-shared/node for Node helpers).',
};
/** Tests may reach fixtures and test support inside the engine. */
const TESTS = ['**/*.test.ts', '**/*.fixture.ts', '**/test-support/**'];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'dist-web',
      '.e2e-web',
      // electron-vite's bundled config, there only while a build (run beside the lint) loads it
      'electron.vite.config.*.mjs',
      'scratch',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    // The engine, and the job protocol, scheduler and block runner shared by the command line and
    // the renderer, run in every process: no Node, DOM or Electron import (src-shared/node apart).
    files: ['src-engine/**/*.ts', 'src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...PURE, APP_ABOVE_SHARED, ENGINE_ENTRY, SHARED_NODE] }],
    },
  },
  {
    // The Node-only helpers the command line and main share (temporary names, write errors): Node
    // yes, Electron no, and still nothing of the layers above.
    files: ['src-shared/node/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron'], message: 'src-shared/node runs in the command line too: no Electron import.' },
            APP_ABOVE_SHARED,
            ENGINE_ENTRY,
          ],
        },
      ],
    },
  },
  {
    // The engine is the bottom layer: it imports nothing of the app, not even the shared contracts.
    files: ['src-engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...PURE, APP_ABOVE_ENGINE] }],
    },
  },
  {
    // The engine's tests run under Node (Vitest) and may read fixtures from files (the case PDF's
    // fonts, which the engine itself receives as bytes): still nothing of the app above it.
    files: TESTS.map((t) => `src-engine/${t}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [APP_ABOVE_ENGINE] }],
    },
  },
  {
    // The command line reaches the engine through its public entry only.
    files: ['src-cli/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_ENTRY, SHARED_ALIAS, MAIN] }] },
  },
  {
    // The command line's tests reach the engine's insides freely, but never main.
    files: TESTS.map((t) => `src-cli/${t}`),
    rules: { 'no-restricted-imports': ['error', { patterns: [MAIN] }] },
  },
  {
    // Electron main stays thin: engine work runs in the renderer's workers, never in main. Main may
    // read its own settings file with the engine's pure one-reading JSON parser (format/, json-text),
    // so that the screens, the command line and main refuse the same files.
    files: ['src-main/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^@engine$|(^|/)src-engine(/(?!format/strict-json$|import/json-text$|journal/entry$|journal/verify$|journal/repair$|journal/journal-tree$|journal/checkpoint$|evidence/signing$)|$)',
              message:
                'Layers: main never imports the engine (but its one-reading JSON parser, the journal chain it writes and the checkpoint it signs).',
            },
            SHARED_ALIAS,
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_ENTRY, SHARED_ALIAS, SHARED_NODE] }] },
  },
  {
    // The renderer's tests run under Node, but the renderer's code never does: no Node-only helper.
    files: TESTS.map((t) => `src-renderer/${t}`),
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_NODE] }] },
  },
  {
    // The renderer's layers, top to bottom: views → components → stores and composables → domain
    // (pure view models), workers and bridge → engine. Nothing imports upward.
    files: [
      'src-renderer/stores/**/*.ts',
      'src-renderer/composables/**/*.ts',
      'src-renderer/domain/**/*.ts',
      'src-renderer/workers/**/*.ts',
      'src-renderer/bridge/**/*.ts',
      'src-renderer/i18n/**/*.ts',
    ],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ENGINE_ENTRY,
            SHARED_ALIAS,
            SHARED_NODE,
            {
              regex: '(^|/)(components|views)/',
              message: 'Layers: stores, composables, domain, workers and bridge never import components or views.',
            },
            { regex: '\\.vue$', message: 'Layers: only views and components import Vue components.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/components/**/*.{ts,vue}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ENGINE_ENTRY,
            SHARED_ALIAS,
            SHARED_NODE,
            { regex: '(^|/)views/', message: 'Layers: components never import views.' },
          ],
        },
      ],
    },
  },
  prettier,
);
