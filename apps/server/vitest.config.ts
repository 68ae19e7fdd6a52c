import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup/fail-on-console.ts'],
    globalSetup: ['./test/setup/pglite-template.ts'],
    // Creating a PGlite data folder takes a few seconds on a shared 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
