import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database';
import { createPostgresTestDatabase } from './helpers/test-databases';

// Issue 22, security item 8: a worker exited on a PostgreSQL restart. A client checked out of the pool
// (a transaction in flight) had no 'error' listener, so the cut connection's error event ended the
// process. Here every connection of the database is terminated while a transaction runs: that
// transaction fails, nothing is left unhandled (vitest fails a run on an uncaught error), and the pool
// and the LISTEN connection carry on.

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL restart', () => {
  it('fails the statements in flight and carries on', async () => {
    const target = await createPostgresTestDatabase();
    const name = new URL(target.url).pathname.slice(1);
    const database = await openDatabase({ databaseUrl: target.url, poolSize: 3 });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const heard: string[] = [];
      await database.listen('restart_probe', (payload) => heard.push(payload));
      expect(await database.ping()).toBe(true);
      const inFlight = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(30)`);
      });
      const settled = inFlight.then(
        () => 'committed',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      await vi.waitFor(
        async () => {
          const { rows } = await admin.query(
            `select pid from pg_stat_activity where datname = $1 and query like '%pg_sleep%' and state = 'active'`,
            [name],
          );
          expect(rows).toHaveLength(1);
        },
        { timeout: 15_000, interval: 100 },
      );
      // What a restart does: every connection to the database is cut, in use or idle.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      expect(await settled).not.toBe('committed');
      await vi.waitFor(async () => expect(await database.ping()).toBe(true), {
        timeout: 15_000,
        interval: 200,
      });
      await vi.waitFor(() => expect(database.listenerHealth().state).toBe('listening'), {
        timeout: 15_000,
        interval: 100,
      });
      await database.notify('restart_probe', 'after');
      await vi.waitFor(() => expect(heard).toContain('after'), { timeout: 5000, interval: 50 });
    } finally {
      await admin.end();
      await database.close();
      await target.drop();
    }
  }, 120_000);
});
