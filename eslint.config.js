import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import engineRooms from './eslint-rules/engine-rooms.js';

// Web features never import each other (STYLE.md §2): one zone per feature folder.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The engine's rooms (decision record 033): which folder of packages/engine/src imports which. A
// stage imports the shared rooms, the contract and the infrastructure, never another stage (one
// room per stage folder); nothing here imports the pipeline, index.ts or cli/, which compose them.
const engineStages = readdirSync(new URL('./packages/engine/src/stages', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ENGINE_SRC = fileURLToPath(new URL('./packages/engine/src', import.meta.url));
const ENGINE_SHARED = ['model/', 'lib/', 'measure/'];
// contract/: the stage outputs' schemas, each tied to its type (decision record 035).
const ENGINE_CONTRACT = ['types.ts', 'ports.ts', 'contract/'];
const ENGINE_INFRASTRUCTURE = ['browser/', 'net/', 'process/'];
const SEE_033 = 'see docs/decisions/033-engine-rooms-and-import-walls.md.';
const engineRoomList = [
  {
    room: 'model/',
    may: [],
    why: `the model (content types and their pure helpers) imports nothing else of the engine; ${SEE_033}`,
  },
  {
    room: 'lib/',
    may: ['model/'],
    why: `lib/ holds plain helpers and imports only the model; ${SEE_033}`,
  },
  {
    room: 'measure/',
    may: ['model/', 'lib/'],
    why: `measure/ holds what is measured (types and schemas) and imports only model/ and lib/; ${SEE_033}`,
  },
  ...ENGINE_CONTRACT.map((room) => ({
    room,
    may: ['model/', 'measure/', ...ENGINE_CONTRACT],
    why: `the contract imports no implementation, only model/ and measure/; ${SEE_033}`,
  })),
  ...ENGINE_INFRASTRUCTURE.map((room) => ({
    room,
    may: [...ENGINE_SHARED, ...ENGINE_CONTRACT, ...ENGINE_INFRASTRUCTURE],
    why: `infrastructure (browser/, net/, process/) imports no stage, designer or pipeline; ${SEE_033}`,
  })),
  {
    room: 'design/',
    may: [...ENGINE_SHARED, ...ENGINE_CONTRACT],
    why: `the designer imports no stage: what it shares with one belongs in model/ or lib/; ${SEE_033}`,
  },
  {
    room: 'package/',
    may: [],
    why: `package/ is data (dependency versions) and imports nothing; ${SEE_033}`,
  },
  ...engineStages.map((stage) => ({
    room: `stages/${stage}/`,
    may: [...ENGINE_SHARED, ...ENGINE_CONTRACT, ...ENGINE_INFRASTRUCTURE, 'design/', 'package/'],
    why: `a stage never imports another stage (nor the pipeline): move what both need into model/, lib/ or measure/; ${SEE_033}`,
  })),
];

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
  // The engine's rooms and doors (decision record 033): per room, the rooms it may import; and no
  // import cycle anywhere in the engine, type-only imports included. Tests may cross rooms (they
  // compose stages), but not close a cycle.
  {
    files: ['packages/engine/src/**/*.{ts,js}'],
    plugins: { engine: engineRooms },
    rules: { 'engine/no-cycle': ['error', { root: ENGINE_SRC }] },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', '**/*.fixture.ts'],
    rules: {
      'engine/rooms': ['error', { root: ENGINE_SRC, rooms: engineRoomList }],
    },
  },
  // In-page TypeScript (a folder per script), bundled into the page by browser/in-page-script.ts:
  // browser globals, and no import but of relative modules (anything else would be bundled into
  // every page; types come from src/measure/). Its tests (jsdom) are not bundled: they import vitest.
  {
    files: ['packages/engine/src/browser/in-page/**/*.ts'],
    ignores: ['packages/engine/src/browser/in-page/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^[^.]',
              message: 'In-page code is bundled into the page: import relative modules only.',
            },
          ],
        },
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
