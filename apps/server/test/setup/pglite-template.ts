import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder; tests copy it instead of creating a database from scratch. */
    pgliteTemplateDir: string;
  }
}

// Creating a PGlite data folder runs initdb (4-10 s on a busy 2-core machine); copying a migrated one
// takes a fraction of that. Each test still gets its own copy in its own temp folder.
export default async function setup(project: TestProject) {
  // `npm run test:fast` runs no test that opens a database (scripts/fast-tests.mjs).
  if (process.env.SITELIFT_TEST_TIER === 'fast') return;
  const root = await mkdtemp(path.join(tmpdir(), 'sitelift-pglite-template-'));
  const dir = path.join(root, 'pglite');
  const database = await openDatabase({ pgliteDir: dir });
  await database.migrate();
  await database.close();
  project.provide('pgliteTemplateDir', dir);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
