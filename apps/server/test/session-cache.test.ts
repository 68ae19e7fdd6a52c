import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAgent,
  createTestApp,
  GOOD_PASSWORD,
  signIn,
  signUp,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

/** The same browser's cookies on another app (another web process behind the same domain). */
function sameCookiesOn(app: TestApp, agent: Agent): Agent {
  const other = createAgent(app.app);
  for (const [name, value] of agent.cookies) other.cookies.set(name, value);
  return other;
}

async function waitForStatus(agent: Agent, url: string, status: number, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await agent.get(url)).statusCode;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return last;
}

describe.each(TEST_DATABASE_KINDS)('session cache on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp?.close();
    vi.restoreAllMocks();
  });

  it('asks Better Auth once for repeated requests of one session', async () => {
    const email = uniqueEmail('cache-hit');
    await signUp(testApp.app, email);
    const agent = await signIn(testApp.app, email);
    // The sign-in's own clear reaches this process through NOTIFY too; let it arrive first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const getSession = vi.spyOn(testApp.auth.api, 'getSession');
    try {
      for (let index = 0; index < 6; index += 1) {
        expect((await agent.get('/api/me/credits')).statusCode).toBe(200);
      }
      // Once (a late notice could make it twice); without the cache it would be six times.
      expect(getSession.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(getSession.mock.calls.length).toBeLessThanOrEqual(2);
      // A request without the session cookie is not served from anyone's entry.
      expect((await createAgent(testApp.app).get('/api/me/credits')).statusCode).toBe(401);
    } finally {
      getSession.mockRestore();
    }
  });

  it('drops a cached session at once when it is signed out', async () => {
    const email = uniqueEmail('cache-sign-out');
    await signUp(testApp.app, email);
    const agent = await signIn(testApp.app, email);
    const copy = sameCookiesOn(testApp, agent);
    expect((await copy.get('/api/projects')).statusCode).toBe(200);
    expect((await agent.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await copy.get('/api/projects')).statusCode).toBe(401);
  });

  it('drops cached sessions at once when a password change revokes them', async () => {
    const email = uniqueEmail('cache-revoke');
    await signUp(testApp.app, email);
    const here = await signIn(testApp.app, email);
    const elsewhere = await signIn(testApp.app, email);
    expect((await elsewhere.get('/api/me/credits')).statusCode).toBe(200);
    const changed = await here.post('/api/auth/change-password', {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'Changed2026',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect((await elsewhere.get('/api/me/credits')).statusCode).toBe(401);
    expect((await here.get('/api/me/credits')).statusCode).toBe(200);
  });
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('session cache across processes', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const authSecret = randomBytes(32).toString('hex');
    first = await createTestApp('postgres', { authSecret });
    second = await createTestApp('postgres', {
      authSecret,
      databaseUrl: first.config.databaseUrl,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('clears the other process’s cache when a session is signed out here', async () => {
    const email = uniqueEmail('cache-processes');
    await signUp(first.app, email);
    const agent = await signIn(first.app, email);
    const onSecond = sameCookiesOn(second, agent);
    expect((await onSecond.get('/api/projects')).statusCode).toBe(200);
    expect((await agent.post('/api/auth/sign-out')).statusCode).toBe(200);
    // NOTIFY reaches the other process within milliseconds, long before the 10 s time-to-live.
    expect(await waitForStatus(onSecond, '/api/projects', 401, 3000)).toBe(401);
  });
});
