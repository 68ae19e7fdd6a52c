import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../src/config';
import { buildLogger } from '../src/lib/logger';
import { startServer } from '../src/start-server';

// The server process of `npm run bench:api` (a separate process so that its latency and memory are its
// own): the environment configures it (DATABASE_URL, DATA_DIR...); it prints one JSON line with its URL.
const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const config = parseConfig(process.env, { repoRoot: REPO_ROOT });
const server = await startServer({
  config,
  logger: buildLogger('silent'),
  role: process.env.BENCH_ROLE === 'web' ? 'web' : 'all',
  webDistDir: path.join(config.dataDir, 'no-web-dist'),
});
process.stdout.write(`${JSON.stringify({ url: server.url, pid: process.pid })}\n`);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
