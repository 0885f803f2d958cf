// Flat config: typescript-eslint for every .ts file, eslint-plugin-vue for the renderer,
// eslint-config-prettier last so formatting is Prettier's alone.
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'dist-web',
      '.e2e-web',
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
    // the renderer, run in every process: no Node, DOM or Electron import.
    files: ['src-engine/**/*.ts', 'src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'os', 'worker_threads', 'electron', 'vue', 'pinia', 'chart.js'] },
      ],
    },
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)views/', message: 'Layers: components never import views.' }] },
      ],
    },
  },
  prettier,
);
