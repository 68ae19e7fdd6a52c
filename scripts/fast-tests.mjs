// The fast test tier (`npm run test:fast`): the unit tests, for the inner loop. A test file belongs to
// it unless its source reaches for something slow — a browser, a database, the corpus, a build of a
// generated project, a server on a port, an SMTP server. The rule reads the test's own text, so a new
// test lands in the right tier without a list to keep up to date; `npm test` still runs everything.
import { readFileSync } from 'node:fs';

/** Names in a test's source that mean it needs a slow resource (matched anywhere, any case). */
export const SLOW_TEST_SUBSTRINGS = ['chromium', 'playwright', 'lighthouse', 'corpus', 'browser'];

/** Words in a test's source that mean it needs a slow resource (matched as whole words). */
export const SLOW_TEST_MARKERS = [
  'findChromePath',
  // a database or the HTTP app on top of one
  'TEST_DATABASE_URL',
  'TEST_DATABASE_KINDS',
  'buildApp',
  'openDatabase',
  // builds and whole pipelines
  'verifyProject',
  'runPipeline',
  'buildProject',
  // servers on a port, child processes
  'smtp-server',
  'createServer',
  'listen',
  'startServer',
  'createTestApp',
  'startFixtureSite',
  'startS3Server',
  'spawn',
  // the whole web app behind its router, guards and mock server: an integration test
  'renderApp',
];

/**
 * A test whose work is slow though it needs nothing slow (it encodes a hundred images, say) says so
 * in a comment with this phrase, and why.
 */
export const SLOW_TEST_PRAGMA = 'test tier: slow';

const slowWords = new RegExp(`\\b(${SLOW_TEST_MARKERS.join('|')})\\b`);
const slowSubstrings = new RegExp([...SLOW_TEST_SUBSTRINGS, SLOW_TEST_PRAGMA].join('|'), 'i');

/** Whether a test file's source needs nothing slow (see SLOW_TEST_SUBSTRINGS and SLOW_TEST_MARKERS). */
export function isFastTestSource(source) {
  return !slowSubstrings.test(source) && !slowWords.test(source);
}

/** The fast test files among `files` (paths relative to the repository root). */
export function listFastTestFiles(files, readSource = (file) => readFileSync(file, 'utf8')) {
  return files.filter((file) => isFastTestSource(readSource(file)));
}
