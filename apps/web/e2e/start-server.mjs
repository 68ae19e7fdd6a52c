// Starts the real Sitelift server for the browser tests: builds the web app when its build is
// missing or older than its sources, then runs `tsx apps/server/src/main.ts` on a fresh temporary
// DATA_DIR (PGlite) with a low-cost configuration. The data folder is removed on exit.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const webRoot = path.join(repoRoot, 'apps/web');
const port = process.env.E2E_PORT ?? '3917';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const builtIndex = path.join(webRoot, 'dist/index.html');
const sourcesTime = Math.max(
  newestMtime(path.join(webRoot, 'src')),
  newestMtime(path.join(repoRoot, 'packages/shared/src')),
  statSync(path.join(webRoot, 'index.html')).mtimeMs,
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesTime) {
  console.log('e2e: building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sitelift/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelift-e2e-'));
const server = spawn(
  path.join(repoRoot, 'node_modules/.bin/tsx'),
  [path.join(repoRoot, 'apps/server/src/main.ts')],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: port,
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      // Browsers refuse passkeys on an IP address: the passkey tests use http://localhost:PORT.
      TRUSTED_ORIGINS: `http://localhost:${port}`,
      PASSKEY_RP_ID: 'localhost',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ALLOW_PRIVATE_URLS: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      WORKER_CONCURRENCY: '2',
      JOB_MAX_ATTEMPTS: '1',
      MAX_PAGES: '3',
    },
  },
);

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
};
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? 1));
});
