import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from 'pino';
import pino from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { createArtifactStore } from './artifacts/artifact-store';
import { buildApp, type BuiltApp } from './http/app';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { startWorker, type Worker } from './jobs/worker';
import { loadOrCreateAuthSecret } from './lib/auth-secret';
import { acquireDataDirLock, type DataDirLock } from './lib/data-dir-lock';
import { buildLogger } from './lib/logger';
import { buildMailer, type Mailer } from './mail/mailer';

/** A listening server; close() stops it and releases the database and the DATA_DIR lock. */
export interface RunningServer extends BuiltApp {
  url: string;
  database: Database;
  mailer: Mailer;
  queue: JobQueue;
  /** The in-process worker (role 'all'), or undefined (role 'web'). */
  worker: Worker | undefined;
  close(): Promise<void>;
}

/** Which parts of the product this process runs (`--role=web` skips background work). */
export type ServerRole = 'all' | 'web';

/** Fields the readable output leaves out (JSON lines keep them): start-up facts and routing keys. */
const PRETTY_HIDDEN_FIELDS = [
  'pid',
  'hostname',
  'role',
  'database',
  'mail',
  'dataDir',
  'baseUrl',
  'module',
  'workerId',
];

/** True when pino-pretty (a development dependency) is installed. */
function hasPinoPretty(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Chooses the log output: in development one readable line per entry (time, level, message; colours on
 * a terminal) when pino-pretty is installed, JSON lines otherwise (production, tests, an install
 * without development dependencies).
 */
export function buildProcessLogger(config: Config): Logger {
  if (config.nodeEnv === 'development' && hasPinoPretty()) {
    return buildLogger(
      config.logLevel,
      pino.transport({
        target: 'pino-pretty',
        options: {
          colorize: Boolean(process.stdout.isTTY),
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: PRETTY_HIDDEN_FIELDS.join(','),
        },
      }),
    );
  }
  return buildLogger(config.logLevel);
}

/**
 * Opens the database (PGlite under DATA_DIR with a lock file, or PostgreSQL), runs the migrations, builds
 * the app and listens on HOST:PORT. Everything opened is closed again if a later step fails.
 */
export async function startServer(options: {
  config: Config;
  logger: Logger;
  role?: ServerRole;
  webDistDir?: string;
}): Promise<RunningServer> {
  const { config, logger } = options;
  const role = options.role ?? 'all';
  const cleanups: Array<() => Promise<void> | void> = [];
  const runCleanups = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  };
  try {
    let lock: DataDirLock | undefined;
    if (!config.databaseUrl) {
      lock = acquireDataDirLock(config.dataDir);
      const held = lock;
      cleanups.push(() => held.release());
    }
    const authSecret = config.authSecret ?? loadOrCreateAuthSecret(config.dataDir);
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
    });
    cleanups.push(() => database.close());
    await database.migrate();
    const mailer = buildMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger,
    });
    cleanups.push(() => mailer.close());
    const artifacts = await createArtifactStore(config);
    const queue = await startJobQueue({
      database,
      jobs: config.jobs,
      logger,
      supervise: role === 'all',
    });
    cleanups.push(() => queue.stop());
    const built = await buildApp({
      queue,
      artifacts,
      config,
      database,
      authSecret,
      logger,
      mailer,
      webDistDir: options.webDistDir,
    });
    cleanups.push(() => built.app.close());
    if (config.isProduction && !config.smtpUrl) {
      logger.warn(
        `SMTP_URL is not set: e-mails (verification, password reset) are only written to ${config.dataDir}/outbox.`,
      );
    }
    if (!built.isSpaBuilt) {
      logger.warn(
        'The web app is not built (apps/web/dist is missing): run `npm run build`. The API still works.',
      );
    }
    await built.app.listen({ port: config.port, host: config.host });
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    logger.info(
      {
        role,
        database: database.kind,
        mail: mailer.kind,
        dataDir: config.dataDir,
        baseUrl: config.baseUrl,
      },
      url === config.baseUrl
        ? `Sitelift is listening on ${url}`
        : `Sitelift is listening on ${url}, open ${config.baseUrl}`,
    );
    let worker: Worker | undefined;
    if (role === 'all') {
      const started = await startWorker({
        database,
        config,
        logger,
        queue,
        artifacts,
        mailer,
        authSecret,
      });
      worker = started;
      // Runs before the queue stops (cleanups run in reverse): running attempts go back to the queue.
      cleanups.push(() => started.stop());
    }
    let closing: Promise<void> | undefined;
    return {
      ...built,
      url,
      database,
      mailer,
      queue,
      worker,
      close: () => {
        closing ??= runCleanups();
        return closing;
      },
    };
  } catch (error) {
    await runCleanups();
    throw error;
  }
}
