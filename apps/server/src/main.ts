import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseConfig } from './config';
import { DataDirLockedError } from './lib/data-dir-lock';
import { buildProcessLogger, startServer, type ServerRole } from './start-server';

// The one entry point that reads the environment and listens (STYLE.md §1).
const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
// Long enough for the in-process worker to hand its running attempts back to the queue.
const SHUTDOWN_TIMEOUT_MS = 30_000;

function parseRole(argv: string[]): ServerRole {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  const role = flag?.slice('--role='.length) ?? 'all';
  if (role !== 'all' && role !== 'web') {
    process.stderr.write(`Unknown --role=${role}: use --role=web or leave it out.\n`);
    process.exit(1);
  }
  return role;
}

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
  const role = parseRole(process.argv.slice(2));

  let server;
  try {
    server = await startServer({ config, logger, role });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, 'Sitelift could not start');
    process.exit(1);
  }

  const running = server;
  let isShuttingDown = false;
  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    running
      .close()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();
