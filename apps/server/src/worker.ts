import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createArtifactStore } from './artifacts/artifact-store';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/database';
import { startJobQueue } from './jobs/queue';
import { startWorker } from './jobs/worker';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock';
import { buildProcessLogger } from './start-server';

// `npm run start:worker`: a worker without the HTTP server (scale-out on PostgreSQL; with PGlite only
// when no server runs on the same DATA_DIR, which the lock enforces).
const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SHUTDOWN_TIMEOUT_MS = 30_000;

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env, { repoRoot: REPO_ROOT });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = buildProcessLogger(config);
  let lock;
  try {
    lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  const queue = await startJobQueue({ database, jobs: config.jobs, logger, supervise: true });
  const artifacts = await createArtifactStore(config);
  const worker = await startWorker({ database, config, logger, queue, artifacts });
  logger.info(
    { database: database.kind, concurrency: config.jobs.concurrency, workerId: worker.id },
    'Sitelift worker is running',
  );

  let isShuttingDown = false;
  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    (async () => {
      await worker.stop();
      await queue.stop();
      await database.close();
      lock?.release();
    })()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();
