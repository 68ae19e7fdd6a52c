// `npm run test:fast`: the unit tests only (scripts/fast-tests.mjs says which), in one Vitest run.
// Extra arguments go to Vitest (e.g. `npm run test:fast -- --watch`).
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { listFastTestFiles } from './fast-tests.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync(
  'git',
  [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    '*.test.ts',
    '*.test.tsx',
    '*.test.mjs',
  ],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => file !== '');
const files = listFastTestFiles(tracked.map((file) => path.join(root, file))).map((file) =>
  path.relative(root, file),
);
console.log(`test:fast: ${files.length} of ${tracked.length} test files`);
// Vitest runs one file at a time on a 2-core machine by default (cores - 1); unit tests can use both.
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--maxWorkers=2', ...files, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SITELIFT_TEST_TIER: 'fast' },
  },
);
process.exit(result.status ?? 1);
