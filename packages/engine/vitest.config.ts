import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    // templates/: the generated project's components, in jsdom (`// @vitest-environment jsdom`).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'templates/*/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./test/setup/fail-on-console.ts'],
    // Builds and Chromium renders take seconds on a shared 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
