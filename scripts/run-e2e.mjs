// Runs the browser tests (Playwright). The browser is the engine's: CHROME_PATH, an installed
// Chromium, or the Chromium that `npm install` brings (@sparticuz/chromium), so they do not depend on
// Debian's package. Without any browser they skip with a clear message on a developer's clone, and
// fail in CI (CI=true), never silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The engine's browser discovery, run through tsx (the engine is TypeScript source). */
function findChromePath() {
  const found = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { findChromePath } = await import('@sitelift/engine'); process.stdout.write((await findChromePath()) ?? '')",
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : undefined;
}

const chrome = findChromePath();
if (chrome === undefined) {
  const isCi = process.env.CI === 'true' || process.env.CI === '1';
  const message =
    'e2e: no browser found (CHROME_PATH, an installed Chromium, or the npm-shipped one).';
  if (isCi) {
    console.error(`${message} CI=true: failing instead of skipping.`);
    process.exit(1);
  }
  console.log(message.replace('e2e: ', 'e2e: skipped — '));
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
