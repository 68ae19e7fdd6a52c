import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema';
import { DEFAULT_MIN_FREE_BYTES, StoreHealth } from './store-health';

/** The Drizzle database, whichever driver is behind it. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which database engine serves the app. */
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database with its kind; close() ends its connections. */
export interface Database {
  db: AppDb;
  kind: DatabaseKind;
  /** Applies the committed SQL migrations (the same files on PGlite and PostgreSQL). */
  migrate(): Promise<void>;
  /** True when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /**
   * Subscribes to a NOTIFY channel (PostgreSQL: one dedicated listening connection per Database,
   * reconnected when it drops; PGlite: its listen API). Returns the unsubscribe function.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called after the LISTEN connection came back from an outage (PostgreSQL only): notices sent
   * meanwhile were lost, subscribers catch up from the tables. Returns the unsubscribe function.
   */
  onListenerReconnect(handler: () => void): () => void;
  /** The LISTEN connection's state (PGlite: 'embedded'). */
  listenerHealth(): ListenerHealth;
  /** Whether the store can write (failed writes noted with noteError, PGlite's free space measured). */
  store: StoreHealth;
  /** Runs `SELECT pg_notify(channel, payload)` outside any transaction. */
  notify(channel: string, payload: string): Promise<void>;
  /** What pg-boss needs to reach this database (a connection string, or PGlite's `db` adapter). */
  queueConnection: { connectionString: string } | { db: QueueDb };
  close(): Promise<void>;
}

/** pg-boss's `db` option (PgBoss.Db). */
export interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

type ListenHandler = (payload: string) => void;

/** The LISTEN connection's state, for /api/health. */
export interface ListenerHealth {
  state: 'listening' | 'reconnecting' | 'idle' | 'embedded';
  /** When the connection was lost, while reconnecting. */
  since: Date | null;
  /** Failed reconnect attempts since it was lost. */
  attempts: number;
}

/** How long the listener waits before its reconnect attempts: doubled each time, up to the cap. */
export interface ListenerBackoff {
  firstMs: number;
  maxMs: number;
}

const DEFAULT_BACKOFF: ListenerBackoff = { firstMs: 250, maxMs: 10_000 };

/** application_name of the LISTEN connection (operators and tests find it in pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'sitelift-listener';

/**
 * One LISTEN connection to PostgreSQL shared by every subscriber of this process. When it drops (a
 * database restart, a terminated backend) it reconnects with backoff for as long as it takes, listens
 * on every channel again and then tells `onReconnect` subscribers, which catch up on what they missed
 * meanwhile (NOTIFYs sent while nobody listened are lost).
 */
function createPostgresListener(connectionString: string, backoff: ListenerBackoff) {
  const handlers = new Map<string, Set<ListenHandler>>();
  const reconnectHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let everConnected = false;
  const health: ListenerHealth = { state: 'idle', since: null, attempts: 0 };

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    const lost = () => {
      next.removeAllListeners('end');
      next.end().catch(() => {});
      if (client !== next) return;
      client = undefined;
      if (closed) return;
      health.state = 'reconnecting';
      health.since = new Date();
      health.attempts = 0;
      scheduleReconnect();
    };
    // A dropped connection emits 'error' (and 'end'), a server that closes it cleanly only 'end'.
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      throw new Error('the listener is closed');
    }
    client = next;
    return next;
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= open().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    const wait = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(health.attempts, 16));
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connect().then(
        () => {
          health.state = 'listening';
          health.since = null;
          health.attempts = 0;
          for (const handler of reconnectHandlers) handler();
        },
        () => {
          health.attempts += 1;
          scheduleReconnect();
        },
      );
    }, wait);
    retryTimer.unref();
  }

  return {
    health: (): ListenerHealth => ({ ...health }),
    onReconnect(handler: () => void) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async listen(channel: string, handler: ListenHandler) {
      let set = handlers.get(channel);
      const isNewChannel = set === undefined;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      if (!everConnected) {
        // The first connection is awaited: a database that cannot be reached at start-up is an error.
        await connect();
        everConnected = true;
        health.state = 'listening';
      } else if (isNewChannel && client) {
        // While reconnecting, the new connection listens on every channel.
        await client.query(`LISTEN ${quoteIdentifier(channel)}`).catch(() => {});
      }
      return async () => {
        const current = handlers.get(channel);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      handlers.clear();
      reconnectHandlers.clear();
      const current = client ?? (connecting ? await connecting.catch(() => undefined) : undefined);
      client = undefined;
      current?.removeAllListeners('end');
      await current?.end().catch(() => {});
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Folder of the SQL migrations generated by drizzle-kit (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = path.resolve(
  fileURLToPath(new URL('../../drizzle', import.meta.url)),
);

/**
 * Opens PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite in `pgliteDir`
 * (undefined → in memory).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** Reconnect backoff of the LISTEN connection (tests shorten it). */
  listenerBackoff?: ListenerBackoff;
  /** PGlite: free space its folder must keep for new work (default DEFAULT_MIN_FREE_BYTES). */
  minFreeBytes?: number;
}): Promise<Database> {
  const minFreeBytes = options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // A connection that drops (a database restart, a terminated backend) must not end the process:
    // the pool's 'error' covers idle clients, and every client keeps a listener of its own for the
    // time it is checked out (a transaction in flight); its query fails and the caller handles that.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema });
    const listener = createPostgresListener(
      options.databaseUrl,
      options.listenerBackoff ?? DEFAULT_BACKOFF,
    );
    return {
      db: db as unknown as AppDb,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      listen: (channel, handler) => listener.listen(channel, handler),
      store: new StoreHealth({ dataDir: undefined, minFreeBytes }),
      onListenerReconnect: (handler) => listener.onReconnect(handler),
      listenerHealth: () => listener.health(),
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      queueConnection: { connectionString: options.databaseUrl },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const client = options.pgliteDir ? await PGlite.create(options.pgliteDir) : await PGlite.create();
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as AppDb,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      return async () => {
        await unlisten();
      };
    },
    // In memory (no folder): nothing to measure, failed writes still count.
    store: new StoreHealth({ dataDir: options.pgliteDir, minFreeBytes }),
    onListenerReconnect: () => () => {},
    listenerHealth: () => ({ state: 'embedded', since: null, attempts: 0 }),
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // STACK-NOTES: parameterless SQL (pg-boss's multi-statement scripts) goes to exec(), the rest to query().
    queueConnection: {
      db: {
        async executeSql(text, values) {
          if (!values || values.length === 0) {
            const results = await client.exec(text);
            if (results.length <= 1) return { rows: results[0]?.rows ?? [] };
            // node-postgres answers a multi-statement script with one result per statement, and
            // pg-boss relies on that (its queue monitor calls results.flatMap). Keep `rows` too.
            return Object.assign(
              results.map((result) => ({ rows: result.rows })),
              { rows: results.at(-1)?.rows ?? [] },
            );
          }
          const result = await client.query(text, values);
          return { rows: result.rows };
        },
      },
    },
    close: () => client.close(),
  };
}
