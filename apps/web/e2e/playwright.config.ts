import { defineConfig, devices } from '@playwright/test';

// Browser tests (issues 2 and 4) against the real server on a fresh PGlite folder and a tiny
// fixture site on loopback. The browser is the one scripts/run-e2e.mjs found (CHROME_PATH): never
// downloaded at run time.
const port = Number(process.env.E2E_PORT ?? 3917);
const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? 3918);
// Issue 14: a GitHub-compatible server on loopback (the server's own test fake) stands in for
// github.com and api.github.com, so connecting and deploying run for real in the browser tests.
const githubPort = Number(process.env.E2E_GITHUB_PORT ?? 3919);
const githubUrl = `http://127.0.0.1:${githubPort}`;
// Issue 25: an OpenAI-compatible model server on loopback (the engine's test fake) for Settings → AI
// model's "Test connection".
const modelPort = Number(process.env.E2E_MODEL_PORT ?? 3920);
// Issue 27: fake Netlify, Vercel and Cloudflare APIs on loopback (the server's test fakes) for
// Settings → Hosting and one-click deploy.
const netlifyPort = Number(process.env.E2E_NETLIFY_PORT ?? 3925);
const vercelPort = Number(process.env.E2E_VERCEL_PORT ?? 3926);
const cloudflarePort = Number(process.env.E2E_CLOUDFLARE_PORT ?? 3927);
const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    acceptDownloads: true,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: 'node apps/web/e2e/fixture-server.mjs',
      cwd: '../../..',
      url: `http://127.0.0.1:${fixturePort}/`,
      reuseExistingServer: false,
      env: { E2E_FIXTURE_PORT: String(fixturePort) },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `node --import tsx apps/server/src/github/testing/fake-github-server.ts --port ${githubPort} --app-url http://127.0.0.1:${port}`,
      cwd: '../../..',
      // GET /user without a token answers GitHub's 401 once the fake listens (a 401 counts as up).
      url: `${githubUrl}/user`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `node --import tsx apps/web/e2e/fake-model-server.ts --port ${modelPort}`,
      cwd: '../../..',
      url: `http://127.0.0.1:${modelPort}/ready`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `node --import tsx apps/server/src/hosting/testing/fake-hosts-cli.ts --netlify-port ${netlifyPort} --vercel-port ${vercelPort} --cloudflare-port ${cloudflarePort}`,
      cwd: '../../..',
      // GET /user without a token answers Netlify's 401 once the fakes listen (a 401 counts as up).
      url: `http://127.0.0.1:${netlifyPort}/api/v1/user`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node apps/web/e2e/start-server.mjs',
      cwd: '../../..',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        E2E_PORT: String(port),
        GITHUB_API_URL: githubUrl,
        GITHUB_WEB_URL: githubUrl,
        GITHUB_APP_SLUG: 'sitelift-test',
        GITHUB_CLIENT_ID: 'Iv1.fakesitelift0001',
        GITHUB_CLIENT_SECRET: 'fake-github-client-secret',
        NETLIFY_API_URL: `http://127.0.0.1:${netlifyPort}/api/v1`,
        VERCEL_API_URL: `http://127.0.0.1:${vercelPort}`,
        VERCEL_WEB_URL: `http://127.0.0.1:${vercelPort}`,
        VERCEL_PARTNER_TOKEN: 'vercel-partner-e2e-0123456789',
        CLOUDFLARE_API_URL: `http://127.0.0.1:${cloudflarePort}/client/v4`,
      },
      // SIGTERM lets the starter stop the server and remove its temporary data folder.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
