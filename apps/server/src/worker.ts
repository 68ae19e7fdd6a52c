import path from 'node:path';
import { createArtifactStore } from './artifacts/artifact-store';
import { openDatabase } from './db/database';
import { startJobQueue } from './jobs/queue';
import { startWorker } from './jobs/worker';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock';
import { buildMailer } from './mail/mailer';
import { closeOnSignals, parseConfigOrExit } from './lib/process-lifecycle';
import { buildProcessLogger } from './start-server';

// `npm run start:worker`: a worker without the HTTP server (scale-out on PostgreSQL; with PGlite only
// when no server runs on the same DATA_DIR, which the lock enforces).

async function main(): Promise<void> {
  const config = parseConfigOrExit(process.env);
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
  // The worker sends the e-mail of each project it finishes (SMTP_URL, or the shared DATA_DIR outbox).
  const mailer = buildMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  });
  const worker = await startWorker({ database, config, logger, queue, artifacts, mailer });
  logger.info(
    { database: database.kind, concurrency: config.jobs.concurrency, workerId: worker.id },
    'Sitelift worker is running',
  );

  closeOnSignals(
    logger,
    async () => {
      await worker.stop();
      await mailer.close();
      await queue.stop();
      await database.close();
      lock?.release();
    },
    { stopping: 'worker shutting down' },
  );
}

await main();
