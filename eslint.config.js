import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Web features never import each other (STYLE.md §2): one zone per feature folder.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** no-restricted-imports options for web files: the base restrictions plus `extra` pattern groups. */
function webRestrictions(extra) {
  return {
    patterns: [
      {
        group: [
          '@sitelift/server*',
          '@sitelift/engine*',
          '**/apps/server/**',
          '**/packages/*/src/**',
        ],
        message: 'The web app imports only @sitelift/shared from the workspace.',
      },
      ...extra,
    ],
    paths: [
      { name: '@tanstack/react-query', message: 'Import from src/lib/query-client.ts instead.' },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'packages/engine/fixtures/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Scripts the engine runs inside rendered pages: plain browser JavaScript, one expression each.
  {
    files: ['packages/engine/src/browser/in-page/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
    rules: { 'no-unused-expressions': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
  // The template of generated projects (issue 11): browser React code, its scripts run on Node.
  {
    files: ['packages/engine/templates/*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/engine/templates/*/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Module boundaries (STYLE.md §2): shared imports nothing from the workspace, engine only shared,
  // web only shared and never the server.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@sitelift/*', '../../*'] }],
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@sitelift/server*', '@sitelift/web*', '**/apps/**'] },
      ],
    },
  },
  // Web: only @sitelift/shared from the workspace; TanStack Query only behind lib/query-client.ts;
  // features never import each other (compose them in app/routes); imports go shared -> features -> app.
  // ESLint's own rule, not eslint-plugin-import-x: that plugin pulls in a native resolver whose
  // other-platform builds our registry lacks, which leaves package-lock.json unusable for `npm ci`.
  // A later block replaces the rule's options, so every block carries the base restrictions.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', webRestrictions([])] },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        webRestrictions([
          {
            group: webFeatures
              .filter((other) => other !== feature)
              .flatMap((other) => [
                `**/features/${other}`,
                `**/features/${other}/**`,
                `../../${other}/**`,
              ]),
            message: 'Features never import each other; compose them in app/routes.',
          },
          { group: ['**/app/**'], message: 'Imports go one way: shared -> features -> app.' },
        ]),
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,lib,hooks,utils,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        webRestrictions([
          {
            group: ['**/app/**', '**/features/**'],
            message: 'Imports go one way: shared -> features -> app.',
          },
        ]),
      ],
    },
  },
  {
    files: [
      'apps/web/src/lib/query-client.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/testing/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
