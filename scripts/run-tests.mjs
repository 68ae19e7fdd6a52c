// `npm test`: every test — Vitest (unit and integration, all workspaces), then the browser tests —
// and one closing line that adds them up, so a reader (or CI) sees the whole result at a glance.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  isCiEnvironment,
  listFailedPlaywright,
  listFailedVitest,
  listMissingCiPrerequisites,
  summarizeRun,
} from './test-summary.mjs';

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

const isCi = isCiEnvironment(process.env);
if (isCi) {
  const missing = listMissingCiPrerequisites(process.env, root);
  if (missing.length > 0) {
    console.error(`tests: CI=true but missing: ${missing.join('; ')}`);
    console.log('tests: 0 passed, 1 failed, 0 skipped');
    process.exit(1);
  }
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

const vitest = readJson(vitestJson);
const playwright = readJson(playwrightJson);
const summary = summarizeRun({ isCi, unitStatus, e2eStatus, vitest, playwright, root });
if (summary.skippedInCi.length > 0) {
  console.error(
    `\ntests: CI=true, and ${summary.skippedInCi.length} test(s) skipped (a missing browser, database or corpus is a failure in CI):`,
  );
  for (const name of summary.skippedInCi) console.error(`  - ${name}`);
}
const { totals } = summary;
// The failures again at the very end: a CI log shows its tail, and Vitest's own account is far above.
const failures = [...listFailedVitest(vitest, root), ...listFailedPlaywright(playwright)];
if (failures.length > 0) {
  console.error(`\ntests: ${failures.length} failed:`);
  for (const failure of failures) console.error(`  - ${failure}`);
}

console.log(
  `\nunit+integration: ${vitest ? 'reported' : 'no report'}, browser: ${playwright ? 'reported' : 'skipped or no report'}`,
);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(summary.exitCode);
