import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import { openSseClient } from './helpers/sse-client';
import { GOOD_PASSWORD, REPO_ROOT, uniqueEmail } from './helpers/test-app';
import { createPostgresTestDatabase } from './helpers/test-databases';

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');

interface Proc {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function run(script: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(SERVER_DIR, script), ...args],
    {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function getFreePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function waitForOutput(proc: Proc, pattern: RegExp, timeoutMs = 90_000): Promise<RegExpMatchArray> {
  return vi.waitFor(
    () => {
      const match = pattern.exec(proc.output());
      if (!match) throw new Error(`no ${pattern} in:\n${proc.output()}`);
      return match;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

// Web and worker in separate processes share only PostgreSQL (rows, queue, LISTEN/NOTIFY) and DATA_DIR.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'separate web and worker processes on PostgreSQL',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let dataDir: string;
    let site: FixtureSite;
    let web: Proc;
    let worker: Proc;
    let baseUrl: string;

    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      dataDir = await mkdtemp(path.join(tmpdir(), 'sitelift-split-'));
      site = await startFixtureSite();
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        ALLOW_PRIVATE_URLS: 'true',
        MAX_PAGES: '2',
        LIGHTHOUSE: 'off',
        AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
      };
      const port = await getFreePort();
      web = run('src/main.ts', ['--role=web'], {
        ...env,
        PORT: String(port),
        BASE_URL: `http://127.0.0.1:${port}`,
      });
      const listening = await waitForOutput(
        web,
        /Sitelift is listening on (http:\/\/127\.0\.0\.1:\d+)/,
      );
      baseUrl = listening[1] ?? '';
      worker = run('src/worker.ts', [], env);
      await waitForOutput(worker, /Sitelift worker is running/);
    });
    afterAll(async () => {
      for (const proc of [web, worker]) proc?.child.kill('SIGKILL');
      await site?.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('runs a job in the worker and streams its events and logs from the web process', async () => {
      const email = uniqueEmail('split');
      const origin = { origin: baseUrl };
      const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...origin },
        body: JSON.stringify({
          email,
          password: GOOD_PASSWORD,
          name: '',
          callbackURL: '/auth/callback',
        }),
      });
      expect(signUp.status).toBe(200);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('update users set email_verified = true where email = $1', [email]);
      await client.end();
      const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...origin },
        body: JSON.stringify({ email, password: GOOD_PASSWORD }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');

      const events = await openSseClient(`${baseUrl}/api/events`, { cookie });
      await events.waitFor((message) => message.event === 'ready');
      const created = await fetch(`${baseUrl}/api/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...origin },
        body: JSON.stringify({
          name: 'Split shop',
          sourceUrl: `${site.url}/shop/`,
          modernizationStrategy: 'STYLE_MODERNIZATION',
          targetFramework: 'React',
        }),
      });
      expect(created.status).toBe(201);
      const project = (await created.json()) as { id: string; job_id: string };
      const logs = await openSseClient(`${baseUrl}/logs/${project.job_id}/stream`, { cookie });
      await logs.ended;
      expect(logs.messages.at(-1)).toEqual({ event: 'end', data: 'COMPLETED' });
      expect(logs.messages.length).toBeGreaterThan(5);
      await events.waitFor(
        (message) => message.event === 'project' && message.data.includes('"status":"completed"'),
      );
      await events.waitFor(
        (message) => message.event === 'job' && message.data.includes('COMPLETED'),
      );
      events.close();
      const download = await fetch(`${baseUrl}/api/projects/${project.id}/download`, {
        headers: { cookie },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain('Split shop.zip');
      // Read the whole zip: a response left unread stalls on a full socket, and the web process's
      // graceful shutdown (next test) would wait for that busy connection until its time limit.
      expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    });

    it('stops both processes cleanly on SIGTERM', async () => {
      worker.child.kill('SIGTERM');
      web.child.kill('SIGTERM');
      // Their output names what held a shutdown up, should one fail.
      expect(await worker.exited, worker.output()).toBe(0);
      expect(await web.exited, web.output()).toBe(0);
    });
  },
);
