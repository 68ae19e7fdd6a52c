import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTENER_APPLICATION_NAME, openDatabase } from '../src/db/database';
import { updateProjectFields } from '../src/db/projects.repository';
import { openSseClient, type SseClient } from './helpers/sse-client';
import {
  cookieHeader,
  createTestApp,
  GOOD_PASSWORD,
  signIn,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Issue 22, security items 6 and 7: an event stream ends with its session, and realtime survives the
// loss of its LISTEN connection (reconnect with backoff, then the missed changes are replayed).

async function createProject(agent: Agent, name: string): Promise<string> {
  const created = await agent.post('/api/projects', {
    name,
    sourceUrl: 'http://127.0.0.1:9/',
    modernizationStrategy: 'FULL_REBUILD',
    targetFramework: 'React',
  });
  expect(created.statusCode).toBe(201);
  return created.json().id as string;
}

/** True once the stream has ended within `ms`. */
async function endsWithin(stream: SseClient, ms: number): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describe.each(TEST_DATABASE_KINDS)('an event stream and its session on %s', (kind) => {
  let testApp: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      env: { ALLOW_PRIVATE_URLS: 'true' },
      sseHeartbeatMs: 500,
    });
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('ends when its session signs out, and sends nothing after', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('stream-signout'));
    const projectId = await createProject(agent, 'Signed out site');
    const userId = (await agent.get('/api/me/profile')).json().id as string;
    const cookie = cookieHeader(agent);
    const stream = await openSseClient(`${baseUrl}/api/events`, { cookie });
    await stream.waitFor((message) => message.event === 'ready');
    expect((await agent.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect(await endsWithin(stream, 5000)).toBe(true);
    const sent = stream.messages.length;
    // The owner's project changes (a worker would do this): nothing more reaches the old stream.
    await updateProjectFields(testApp.database.db, userId, projectId, { status: 'processing' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.messages.length).toBe(sent);
    // Its cookie no longer opens a stream.
    const again = await openSseClient(`${baseUrl}/api/events`, { cookie });
    expect(again.status).toBe(401);
    again.close();
  });

  it('ends when a password change signs out the other sessions; the changing session keeps its own', async () => {
    const email = uniqueEmail('stream-revoked');
    const here = await signUpVerified(testApp, email);
    const elsewhere = await signIn(testApp.app, email);
    const projectId = await createProject(here, 'Revoked site');
    const revoked = await openSseClient(`${baseUrl}/api/events`, {
      cookie: cookieHeader(elsewhere),
    });
    const kept = await openSseClient(`${baseUrl}/api/events`, { cookie: cookieHeader(here) });
    await revoked.waitFor((message) => message.event === 'ready');
    await kept.waitFor((message) => message.event === 'ready');
    const changed = await here.post('/api/auth/change-password', {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'Changed2026',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    // The password change renews the changing session's cookie: its old stream ends too, the other's
    // certainly; a stream opened with the new cookie carries on.
    expect(await endsWithin(revoked, 5000)).toBe(true);
    const fresh = await openSseClient(`${baseUrl}/api/events`, { cookie: cookieHeader(here) });
    await fresh.waitFor((message) => message.event === 'ready');
    expect(
      (await here.patch(`/api/projects/${projectId}`, { name: 'Still mine' })).statusCode,
    ).toBe(200);
    await fresh.waitFor((message) => message.data.includes('Still mine'), 5000);
    expect(revoked.messages.some((message) => message.data.includes('Still mine'))).toBe(false);
    fresh.close();
    kept.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'realtime after the LISTEN connection is lost (PostgreSQL)',
  () => {
    let testApp: TestApp;
    let baseUrl: string;
    let admin: pg.Client;
    let databaseName: string;

    beforeAll(async () => {
      testApp = await createTestApp('postgres', { env: { ALLOW_PRIVATE_URLS: 'true' } });
      baseUrl = await testApp.listen();
      databaseName = new URL(testApp.config.databaseUrl ?? '').pathname.slice(1);
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin
        ?.query(`alter database ${databaseName} allow_connections true`)
        .catch(() => undefined);
      await admin?.end();
      await testApp?.close();
    });

    async function health() {
      return (await testApp.app.inject({ method: 'GET', url: '/api/health' })).json();
    }

    it('reconnects with backoff for as long as it takes, reports it in health, then replays what it missed', async () => {
      const agent = await signUpVerified(testApp, uniqueEmail('listener'));
      const projectId = await createProject(agent, 'Before the outage');
      const userId = (await agent.get('/api/me/profile')).json().id as string;
      const stream = await openSseClient(`${baseUrl}/api/events`, { cookie: cookieHeader(agent) });
      await stream.waitFor((message) => message.event === 'ready');
      expect((await health()).details.realtime.state).toBe('listening');

      // Another process (a worker) writes while this one cannot listen: its pool is connected first.
      const writer = await openDatabase({ databaseUrl: testApp.config.databaseUrl, poolSize: 1 });
      try {
        expect(await writer.ping()).toBe(true);
        // No new connection to the database is accepted, and the LISTEN connection is cut.
        await admin.query(`alter database ${databaseName} allow_connections false`);
        const terminated = await admin.query(
          `select pg_terminate_backend(pid) as done from pg_stat_activity
           where datname = $1 and application_name = $2`,
          [databaseName, LISTENER_APPLICATION_NAME],
        );
        expect(terminated.rowCount).toBe(1);
        await vi.waitFor(
          async () => {
            const answer = await testApp.app.inject({ method: 'GET', url: '/api/health' });
            expect(answer.statusCode).toBe(503);
            expect(answer.json().status).toBe('degraded');
            expect(answer.json().details.realtime).toMatchObject({ state: 'reconnecting' });
            expect(answer.json().details.realtime.attempts).toBeGreaterThanOrEqual(2);
          },
          { timeout: 15_000, interval: 100 },
        );
        await updateProjectFields(writer.db, userId, projectId, { name: 'During the outage' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(stream.messages.some((message) => message.data.includes('During the outage'))).toBe(
          false,
        );

        await admin.query(`alter database ${databaseName} allow_connections true`);
        // Replayed once the connection is back.
        await stream.waitFor((message) => message.data.includes('During the outage'), 20_000);
        expect((await health()).details.realtime).toEqual({
          state: 'listening',
          since: null,
          attempts: 0,
        });
        // And live again.
        await updateProjectFields(writer.db, userId, projectId, { name: 'After the outage' });
        await stream.waitFor((message) => message.data.includes('After the outage'), 5000);
        const names = stream.messages
          .filter((message) => message.event === 'project')
          .map((message) => JSON.parse(message.data).project.name as string);
        expect(names.filter((name) => name === 'During the outage')).toHaveLength(1);
      } finally {
        await writer.close();
        stream.close();
      }
    });
  },
);
