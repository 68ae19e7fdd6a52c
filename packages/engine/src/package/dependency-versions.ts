/**
 * Dependency versions of generated projects (STYLE.md §8: one file). They match what the engine itself
 * has installed, so verify can build a generated project against the engine's own node_modules.
 */

/** Runtime dependencies of every generated project. */
export const GENERATED_DEPENDENCIES = {
  react: '^19.2.0',
  'react-dom': '^19.2.0',
  'react-router': '^7.18.0',
} as const;

/** Build-time dependencies of every generated project. */
export const GENERATED_DEV_DEPENDENCIES = {
  '@tailwindcss/vite': '^4.3.0',
  '@vitejs/plugin-react': '^6.3.0',
  tailwindcss: '^4.3.0',
  vite: '^8.3.0',
} as const;

/** Extra build-time dependencies of the TypeScript strategies. */
export const GENERATED_TYPESCRIPT_DEV_DEPENDENCIES = {
  '@types/react': '^19.2.0',
  '@types/react-dom': '^19.2.0',
  typescript: '~5.9.2',
} as const;

/** The Node version generated projects ask for (Vite 8 needs ≥ 20.19). */
export const GENERATED_NODE_ENGINE = '>=20.19';
