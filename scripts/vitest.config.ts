import { defineProject } from 'vitest/config';

// The repository's own scripts (test summary for `npm test` and CI).
export default defineProject({
  test: { name: 'scripts', include: ['*.test.mjs'], environment: 'node' },
});
