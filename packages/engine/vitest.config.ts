import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup/fail-on-console.ts'],
    // Builds and Chromium renders take seconds on a shared 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
