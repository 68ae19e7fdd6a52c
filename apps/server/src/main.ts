import { DataDirLockedError } from './lib/data-dir-lock';
import { closeOnSignals, parseConfigOrExit } from './lib/process-lifecycle';
import { buildProcessLogger, startServer, type ServerRole } from './start-server';

// The one entry point that reads the environment and listens (STYLE.md §1).

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
  const config = parseConfigOrExit(process.env);
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
  closeOnSignals(logger, () => running.close(), { stopping: 'shutting down', stopped: 'stopped' });
}

await main();
