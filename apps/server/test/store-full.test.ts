import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getBalance } from './helpers/billing-test-helpers';
import { createTestApp, signUpVerified, uniqueEmail, type TestApp } from './helpers/test-app';

// Issue 22, security item 9: a full PGlite data folder accepted and charged projects whose jobs never
// ran. The DATA_DIR lives on a small tmpfs of its own, filled up for real: PGlite's writes fail with
// PostgreSQL's disk_full (53100, 'could not extend file ... No space left on device').

/** Mounts a tmpfs of `megabytes` at a new folder; undefined when this machine does not allow it. */
function mountSmallFileSystem(megabytes: number): string | undefined {
  const folder = mkdtempSync(path.join(tmpdir(), 'sitelift-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', folder], {
      stdio: 'ignore',
    });
    return folder;
  } catch {
    rmSync(folder, { recursive: true, force: true });
    return undefined;
  }
}

/** Fills the file system of `folder` until `leaveBytes` are free. */
function fillUp(folder: string, leaveBytes: number): void {
  const stats = statfsSync(folder);
  const free = Number(stats.bavail) * Number(stats.bsize);
  writeFileSync(path.join(folder, 'filler'), Buffer.alloc(Math.max(0, free - leaveBytes)));
}

/** An empty DATA_DIR inside the mount (the mount point itself cannot be removed on close). */
function dataDirOn(folder: string): string {
  const dataDir = path.join(folder, 'data');
  mkdirSync(dataDir);
  return dataDir;
}

const canMount = (() => {
  const probe = mountSmallFileSystem(1);
  if (!probe) return false;
  execFileSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  return true;
})();

describe.skipIf(!canMount)('a full data folder (PGlite on a small tmpfs)', () => {
  let testApp: TestApp | undefined;
  let mountPoint: string | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
    if (mountPoint) {
      execFileSync('umount', [mountPoint]);
      await rm(mountPoint, { recursive: true, force: true });
      mountPoint = undefined;
    }
  });

  const create = (agent: Awaited<ReturnType<typeof signUpVerified>>) =>
    agent.post('/api/projects', {
      name: 'Full disk site',
      sourceUrl: 'http://127.0.0.1:9/',
      modernizationStrategy: 'FULL_REBUILD',
      targetFramework: 'React',
    });

  async function expectRefusedAndUncharged(
    app: TestApp,
    agent: Awaited<ReturnType<typeof signUpVerified>>,
  ) {
    const refused = await create(agent);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toEqual({
      code: 'API_STORE_UNAVAILABLE',
      message:
        'Sitelift cannot save new work right now: its storage is full. Nothing was charged. Please try again later.',
    });
    expect(await getBalance(agent)).toBe(1);
    const listed = (await agent.get('/api/projects')).json();
    expect(
      listed.items.filter((item: { job_status: string | null }) => item.job_status === 'QUEUED'),
    ).toEqual([]);
    const health = await app.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      details: { storage: { writable: false, error: expect.stringMatching(/No space left/u) } },
    });
  }

  it('refuses new work before charging when the folder is nearly full, and says so in health', async () => {
    mountPoint = mountSmallFileSystem(64);
    testApp = await createTestApp('pglite', {
      env: { ALLOW_PRIVATE_URLS: 'true' },
      dataDir: dataDirOn(mountPoint!),
      minFreeBytes: 8 * 1024 * 1024,
    });
    const agent = await signUpVerified(testApp, uniqueEmail('full-early'));
    expect(await getBalance(agent)).toBe(1);
    fillUp(mountPoint!, 2 * 1024 * 1024);
    await expectRefusedAndUncharged(testApp, agent);
  });

  it('gives back what a write that failed for lack of space took, and says so in health', async () => {
    mountPoint = mountSmallFileSystem(64);
    // No floor: the writes themselves meet the full disk.
    testApp = await createTestApp('pglite', {
      env: { ALLOW_PRIVATE_URLS: 'true' },
      dataDir: dataDirOn(mountPoint!),
      minFreeBytes: 0,
    });
    const agent = await signUpVerified(testApp, uniqueEmail('full-late'));
    expect(await getBalance(agent)).toBe(1);
    fillUp(mountPoint!, 0);
    await expectRefusedAndUncharged(testApp, agent);
  });
});
