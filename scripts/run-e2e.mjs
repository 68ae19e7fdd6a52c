// Runs the browser tests (Playwright + system Chromium). They need a Chromium binary: CHROME_PATH or
// /usr/bin/chromium. Without one they are skipped with a clear message, never silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.log(
    `e2e: skipped — no Chromium at ${chrome} (install Debian's chromium or set CHROME_PATH).`,
  );
  process.exit(0);
}
if (!existsSync('apps/web/e2e/playwright.config.ts')) {
  console.log('e2e: no browser tests configured yet.');
  process.exit(0);
}
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } },
);
process.exit(result.status ?? 1);
