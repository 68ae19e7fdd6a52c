import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { ConfigError, parseConfig, type Config } from '../config';

// What the two entry points (main.ts and worker.ts) share: reading the configuration and stopping
// gracefully on SIGTERM/SIGINT. Only those entry points call these.

/** The repository root, which DATA_DIR and the web build are resolved against. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

/** Long enough for a worker to hand its running attempts back to the queue. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/** Parses the configuration; a bad value prints the message naming the variable and exits 1. */
export function parseConfigOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return parseConfig(env, { repoRoot: REPO_ROOT });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** On SIGTERM or SIGINT, runs `close` once (bounded by a timeout) and exits 0, or 1 on failure. */
export function closeOnSignals(
  logger: Logger,
  close: () => Promise<void>,
  messages: { stopping: string; stopped?: string },
): void {
  let isShuttingDown = false;
  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, messages.stopping);
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    close()
      .then(() => {
        if (messages.stopped) logger.info(messages.stopped);
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
