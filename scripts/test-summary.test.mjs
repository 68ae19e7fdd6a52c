import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isCiEnvironment,
  listFailedPlaywright,
  listFailedVitest,
  listMissingCiPrerequisites,
  listSkippedPlaywright,
  listSkippedVitest,
  summarizeRun,
} from './test-summary.mjs';

describe('test summary', () => {
  const dirs = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('recognises CI the way .ci/run sets it', () => {
    expect(isCiEnvironment({ CI: 'true' })).toBe(true);
    expect(isCiEnvironment({ CI: '1' })).toBe(true);
    expect(isCiEnvironment({})).toBe(false);
    expect(isCiEnvironment({ CI: 'false' })).toBe(false);
  });

  it('lists the skipped and todo tests of a Vitest report by file and name', () => {
    const report = {
      testResults: [
        {
          name: '/repo/packages/engine/src/a.test.ts',
          assertionResults: [
            { fullName: 'renders in Chromium', status: 'skipped' },
            { fullName: 'parses', status: 'passed' },
            { fullName: 'later', status: 'todo' },
            { fullName: 'old style', status: 'pending' },
          ],
        },
      ],
    };
    expect(listSkippedVitest(report, '/repo')).toEqual([
      'packages/engine/src/a.test.ts > renders in Chromium',
      'packages/engine/src/a.test.ts > later',
      'packages/engine/src/a.test.ts > old style',
    ]);
    expect(listSkippedVitest(undefined, '/repo')).toEqual([]);
  });

  it('lists the skipped tests of a Playwright report with their suites', () => {
    const report = {
      suites: [
        {
          title: 'journey.spec.ts',
          specs: [{ title: 'signs up', tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'at 375 px',
              specs: [{ title: 'creates a project', tests: [{ status: 'skipped' }] }],
            },
          ],
        },
      ],
    };
    expect(listSkippedPlaywright(report)).toEqual([
      'journey.spec.ts > at 375 px > creates a project',
    ]);
  });

  it('names the failed tests of a Vitest report with the start of their message', () => {
    const report = {
      testResults: [
        {
          name: '/repo/packages/engine/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'scores', status: 'passed' },
            {
              fullName: 'keeps the order',
              status: 'failed',
              failureMessages: [
                '\u001b[31mAssertionError: expected 0.8 to be greater than 0.9\u001b[39m\n\n    at a.test.ts:3:1\n    at more\n    at hidden',
              ],
            },
          ],
        },
        {
          name: '/repo/b.test.ts',
          status: 'failed',
          message: 'SyntaxError: bad import',
          assertionResults: [],
        },
        {
          name: '/repo/c.test.ts',
          status: 'passed',
          assertionResults: [{ fullName: 'ok', status: 'passed' }],
        },
      ],
    };
    expect(listFailedVitest(report, '/repo')).toEqual([
      'packages/engine/src/a.test.ts > keeps the order\n    AssertionError: expected 0.8 to be greater than 0.9\n        at a.test.ts:3:1\n        at more',
      'b.test.ts\n    SyntaxError: bad import',
    ]);
    expect(listFailedVitest(undefined, '/repo')).toEqual([]);
  });

  it('names the failed tests of a Playwright report with their suites and error', () => {
    const report = {
      suites: [
        {
          title: 'journey.spec.ts',
          specs: [
            { title: 'signs up', tests: [{ status: 'expected' }] },
            {
              title: 'creates a project',
              tests: [
                { status: 'unexpected', results: [{ error: { message: 'Timed out 5000ms' } }] },
              ],
            },
          ],
        },
      ],
    };
    expect(listFailedPlaywright(report)).toEqual([
      'journey.spec.ts > creates a project\n    Timed out 5000ms',
    ]);
  });

  it('names the missing database and corpus a CI run needs', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sitelift-summary-'));
    dirs.push(root);
    expect(listMissingCiPrerequisites({ CORPUS_DIR: path.join(root, 'none') }, root)).toEqual([
      'TEST_DATABASE_URL (the real PostgreSQL)',
      `the corpus (no manifest.json in ${path.join(root, 'none')}; set CORPUS_DIR)`,
    ]);
    mkdirSync(path.join(root, 'corpus'));
    writeFileSync(path.join(root, 'corpus', 'manifest.json'), '{}');
    expect(
      listMissingCiPrerequisites(
        { TEST_DATABASE_URL: 'postgres://127.0.0.1/test', CORPUS_DIR: path.join(root, 'corpus') },
        root,
      ),
    ).toEqual([]);
  });

  it('fails a CI run in which a test skipped, and names it; elsewhere a skip is only counted', () => {
    const vitest = {
      numPassedTests: 10,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/a.test.ts',
          assertionResults: [{ fullName: 'needs Chromium', status: 'skipped' }],
        },
      ],
    };
    const playwright = { stats: { expected: 3, unexpected: 0, skipped: 0, flaky: 0 } };
    const run = { unitStatus: 0, e2eStatus: 0, vitest, playwright, root: '/repo' };
    expect(summarizeRun({ ...run, isCi: false })).toEqual({
      totals: { passed: 13, failed: 0, skipped: 1 },
      skippedInCi: [],
      exitCode: 0,
    });
    expect(summarizeRun({ ...run, isCi: true })).toEqual({
      totals: { passed: 13, failed: 1, skipped: 0 },
      skippedInCi: ['a.test.ts > needs Chromium'],
      exitCode: 1,
    });
  });

  it('fails a run whose runner crashed before writing a report', () => {
    const result = summarizeRun({ isCi: false, unitStatus: 1, e2eStatus: 0, root: '/repo' });
    expect(result).toMatchObject({ totals: { passed: 0, failed: 1, skipped: 0 }, exitCode: 1 });
  });
});
