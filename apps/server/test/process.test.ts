import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { buildLogger } from '../src/lib/logger';
import { startServer, type RunningServer } from '../src/start-server';
import { copyPgliteTemplate, REPO_ROOT } from './helpers/test-app';

const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs main.ts with `env`; `onStdout` may stop it (e.g. with SIGTERM) once it is listening. */
function runMain(
  env: Record<string, string>,
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void,
) {
  return new Promise<Exit>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the server process', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sitelift-process-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops at start with a message naming a bad variable', async () => {
    const result = await runMain({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT');
  });

  it('refuses to start in production without the secrets', async () => {
    const result = await runMain({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      BASE_URL: 'https://sitelift.example.com',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/AUTH_SECRET is required when NODE_ENV=production/);
  });

  describe('with the embedded database', () => {
    let server: RunningServer;

    beforeAll(async () => {
      const config = parseConfig(
        { DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test' },
        { repoRoot: REPO_ROOT },
      );
      await copyPgliteTemplate(dataDir);
      server = await startServer({
        config,
        logger: buildLogger('silent'),
        webDistDir: path.join(dataDir, 'no-dist'),
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('listens, keeps a generated auth secret with mode 600 and holds the DATA_DIR lock', async () => {
      const response = await fetch(`${server.url}/api/health`);
      expect(await response.json()).toMatchObject({ status: 'ok', database: 'pglite' });
      const secretFile = path.join(dataDir, 'auth-secret');
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      expect((await readFile(secretFile, 'utf8')).trim().length).toBeGreaterThanOrEqual(32);
      expect((await readFile(path.join(dataDir, 'sitelift.lock'), 'utf8')).trim()).toBe(
        String(process.pid),
      );
    });

    it('refuses a second process on the same DATA_DIR with a clear message', async () => {
      const result = await runMain({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `Another Sitelift process (pid ${process.pid}) is already using DATA_DIR`,
      );
      expect(result.stderr).toContain('DATABASE_URL');
    });
  });

  it('shuts down gracefully on SIGTERM, releasing the lock, and reuses the kept secret', async () => {
    const secretBefore = await readFile(path.join(dataDir, 'auth-secret'), 'utf8');
    const result = await runMain(
      { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
      (text, child) => {
        if (text.includes('Sitelift is listening')) child.kill('SIGTERM');
      },
    );
    // Development: one readable line with the URL (no JSON), e.g.
    // "[18:40:02] INFO: Sitelift is listening on http://127.0.0.1:41234, open http://localhost:41234".
    expect(result.stdout).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: Sitelift is listening on http:\/\/127\.0\.0\.1:\d+, open http:\/\/localhost:\d+$/mu,
    );
    expect(result.stdout).not.toContain('{"level"');
    expect(result.stdout).toContain('shutting down');
    expect(result.code).toBe(0);
    expect(existsSync(path.join(dataDir, 'sitelift.lock'))).toBe(false);
    expect(await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(secretBefore);
  }, 240_000);
});
