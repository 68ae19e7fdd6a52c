// Reading the test runners' JSON reports for `npm test` (scripts/run-tests.mjs), and what CI must have.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** True when the environment says this is a CI run (`CI=true` or `CI=1`, as .ci/run and most CIs set). */
export function isCiEnvironment(env) {
  return env.CI === 'true' || env.CI === '1';
}

/**
 * What a CI run lacks of the prerequisites every test may rely on there: the real PostgreSQL
 * (`TEST_DATABASE_URL`) and the corpus (`CORPUS_DIR`, default `../shared/corpus`). Chromium is checked
 * by its tests themselves: in CI a test skipped for any reason fails the run.
 */
export function listMissingCiPrerequisites(env, root) {
  const missing = [];
  if (!env.TEST_DATABASE_URL) missing.push('TEST_DATABASE_URL (the real PostgreSQL)');
  const corpusDir = env.CORPUS_DIR ?? path.resolve(root, '..', 'shared', 'corpus');
  if (!existsSync(path.join(corpusDir, 'manifest.json')))
    missing.push(`the corpus (no manifest.json in ${corpusDir}; set CORPUS_DIR)`);
  return missing;
}

/** The tests a Vitest JSON report marks skipped or todo, as `file > full name`. */
export function listSkippedVitest(report, root) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => ['pending', 'skipped', 'todo'].includes(test.status))
      .map((test) => `${path.relative(root, file.name)} > ${test.fullName}`),
  );
}

/** The first lines of a failure message, without colour codes, to name a failure in one glance. */
function firstLines(message, count = 3) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '')
      .slice(0, count)
      .join('\n    ')
  );
}

/**
 * The tests a Vitest JSON report marks failed, as `file > full name` and the start of the failure
 * message; a file that failed without a failing test (a crash while collecting it) is named too.
 */
export function listFailedVitest(report, root) {
  return (report?.testResults ?? []).flatMap((file) => {
    const relative = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      return [`${relative}\n    ${firstLines(file.message) || 'the file failed to run'}`];
    return failed.map(
      (test) => `${relative} > ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`,
    );
  });
}

/** The tests a Playwright JSON report marks unexpected (failed), as `suite > … > title` and the error. */
export function listFailedPlaywright(report) {
  const names = [];
  const visit = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        names.push(`${[...trail, spec.title].join(' > ')}\n    ${firstLines(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...trail, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, [suite.title]);
  return names;
}

/** The tests a Playwright JSON report marks skipped, as `suite > … > title`. */
export function listSkippedPlaywright(report) {
  const names = [];
  const visit = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'skipped') names.push([...trail, spec.title].join(' > '));
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...trail, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, [suite.title]);
  return names;
}

/**
 * Adds up both runners' reports into the closing line's totals and the exit code. A runner that
 * crashed before writing its report still fails the run; in CI every skipped test counts as failed
 * and is named in `skippedInCi`.
 */
export function summarizeRun({ isCi, unitStatus, e2eStatus, vitest, playwright, root }) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  if (vitest) {
    totals.passed += vitest.numPassedTests ?? 0;
    totals.failed += vitest.numFailedTests ?? 0;
    totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  }
  if (playwright?.stats) {
    totals.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    totals.failed += playwright.stats.unexpected ?? 0;
    totals.skipped += playwright.stats.skipped ?? 0;
  }
  let skippedInCi = [];
  if (isCi && totals.skipped > 0) {
    skippedInCi = [...listSkippedVitest(vitest, root), ...listSkippedPlaywright(playwright)];
    if (skippedInCi.length === 0) skippedInCi = [`${totals.skipped} test(s) without a name`];
    totals.failed += totals.skipped;
    totals.skipped = 0;
  }
  if (unitStatus !== 0 && totals.failed === 0) totals.failed += 1;
  if (e2eStatus !== 0 && !(playwright?.stats?.unexpected > 0)) totals.failed += 1;
  const exitCode = unitStatus === 0 && e2eStatus === 0 && skippedInCi.length === 0 ? 0 : 1;
  return { totals, skippedInCi, exitCode };
}
