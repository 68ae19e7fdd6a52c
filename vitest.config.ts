import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; `npm test` runs them all as one run.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
  },
});
