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

/** Chooses the log output: readable lines on a terminal in development, JSON lines otherwise. */
export function buildProcessLogger(config: Config): Logger {
  if (!config.isProduction && process.stdout.isTTY) {
    return buildLogger(
      config.logLevel,
      pino.transport({ target: 'pino-pretty', options: { colorize: true } }),
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
      `Sitelift is listening on ${url} (public URL ${config.baseUrl})`,
    );
    let worker: Worker | undefined;
    if (role === 'all') {
      const started = await startWorker({ database, config, logger, queue, artifacts, mailer });
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
