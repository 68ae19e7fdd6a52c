import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type QueueDb } from '../src/db/database';

// pg-boss talks to PGlite through the `db` adapter; it must answer like node-postgres does.
describe('PGlite queue adapter', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sitelift-queue-adapter-'));
    database = await openDatabase({ pgliteDir: dir });
  });

  function getQueueDb(): QueueDb {
    const connection = database.queueConnection;
    if (!('db' in connection)) throw new Error('expected the PGlite adapter');
    return connection.db;
  }

  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a multi-statement script with one result per statement, like node-postgres', async () => {
    const db = getQueueDb();
    const results = (await db.executeSql('select 1 as a; select 2 as b')) as unknown as {
      rows: unknown[];
    }[];
    expect(Array.isArray(results)).toBe(true);
    expect(results.flatMap((result) => result.rows)).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('answers a single statement with its rows, with and without parameters', async () => {
    const db = getQueueDb();
    expect((await db.executeSql('select 3 as c')).rows).toEqual([{ c: 3 }]);
    expect((await db.executeSql('select $1::int as d', [4])).rows).toEqual([{ d: 4 }]);
  });
});
