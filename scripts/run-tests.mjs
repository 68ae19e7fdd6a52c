// `npm test`: every test — Vitest (unit and integration, all workspaces), then the browser tests —
// and one closing line that adds them up, so a reader (or CI) sees the whole result at a glance.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
const vitestJson = path.join(resultsDir, 'vitest.json');
const playwrightJson = path.join(resultsDir, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
mkdirSync(resultsDir, { recursive: true });

/** Runs a command with inherited output and returns its exit status. */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

/** Reads a JSON report if the runner wrote one. */
function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const extraArgs = process.argv.slice(2);
const unitStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
  ...extraArgs,
]);
const e2eStatus = run('node', ['scripts/run-e2e.mjs', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});

const totals = { passed: 0, failed: 0, skipped: 0 };
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
const playwright = readJson(playwrightJson);
if (playwright?.stats) {
  totals.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  totals.failed += playwright.stats.unexpected ?? 0;
  totals.skipped += playwright.stats.skipped ?? 0;
}
// A runner that crashed before writing its report still fails the run.
if (unitStatus !== 0 && totals.failed === 0) totals.failed += 1;
if (e2eStatus !== 0 && !(playwright?.stats?.unexpected > 0)) totals.failed += 1;

console.log(
  `\nunit+integration: ${vitest ? 'reported' : 'no report'}, browser: ${playwright ? 'reported' : 'skipped or no report'}`,
);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(unitStatus === 0 && e2eStatus === 0 ? 0 : 1);
