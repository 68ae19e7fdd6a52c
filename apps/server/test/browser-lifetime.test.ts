import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { BROWSER_OWNER_VARIABLE } from '@sitelift/engine';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import { createTestApp, REPO_ROOT, signUpVerified, uniqueEmail } from './helpers/test-app';

// Issue 22, security item 14: Lighthouse's Chromium (chrome-launcher starts it detached, in its own
// process group) outlived the product's processes. Every browser the product starts carries its
// owner's pid (BROWSER_OWNER_VARIABLE) and ends when that process ends, crash included.

/** Processes whose environment names `owner` as their browser's owner, with their command lines. */
function browsersOf(owner: number): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  const mark = `${BROWSER_OWNER_VARIABLE}=${owner}`;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environ.includes(mark)) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      // A zombie waiting for its parent to read it is not running.
      const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (state !== 'Z') found.push({ pid: Number(entry), command });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

describe.skipIf(process.platform !== 'linux')('browsers end with the worker', () => {
  let site: FixtureSite | undefined;
  let worker: ChildProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    if (worker?.exitCode === null) worker.kill('SIGKILL');
    await site?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves no Chromium behind when the worker is killed mid-Lighthouse', async () => {
    site = await startFixtureSite();
    // A queued job in a PGlite DATA_DIR, then the app lets go of it: the worker process takes over.
    const testApp = await createTestApp('pglite', { env: { ALLOW_PRIVATE_URLS: 'true' } });
    dataDir = testApp.dataDir;
    const agent = await signUpVerified(testApp, uniqueEmail('lifetime'));
    const created = await agent.post('/api/projects', {
      name: 'Lifetime shop',
      sourceUrl: `${site.url}/shop/`,
      modernizationStrategy: 'STYLE_MODERNIZATION',
      targetFramework: 'React',
    });
    expect(created.statusCode).toBe(201);
    await testApp.app.close();
    await testApp.queue.stop();
    await testApp.mailer.close();
    await testApp.database.close();

    let output = '';
    worker = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/worker.ts')],
      {
        cwd: path.join(REPO_ROOT, 'apps/server'),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          ALLOW_PRIVATE_URLS: 'true',
          MAX_PAGES: '1',
          LIGHTHOUSE: 'on',
          AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    worker.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const owner = worker.pid ?? 0;

    // Lighthouse's Chromium runs with a user-data-dir of its own (/tmp/lighthouse.*).
    await vi.waitFor(
      () => {
        if (worker?.exitCode !== null) throw new Error(`the worker ended:\n${output}`);
        const lighthouse = browsersOf(owner).filter((browser) =>
          browser.command.includes('--user-data-dir=/tmp/lighthouse.'),
        );
        if (lighthouse.length === 0) throw new Error('no Lighthouse browser yet');
      },
      { timeout: 540_000, interval: 200 },
    );
    expect(browsersOf(owner).length).toBeGreaterThan(0);
    worker.kill('SIGKILL');
    await vi.waitFor(
      () => {
        const left = browsersOf(owner);
        if (left.length > 0) {
          throw new Error(`still running:\n${left.map((b) => b.command).join('\n')}`);
        }
      },
      { timeout: 15_000, interval: 250 },
    );
  }, 660_000);
});
