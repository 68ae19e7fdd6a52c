import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAccountRecords } from '../src/db/account-export.repository';
import { passkeys } from '../src/db/schema';
import {
  getSubject,
  getTextPart,
  startSmtpServer,
  type TestSmtpServer,
} from './helpers/smtp-server';
import { SoftAuthenticator } from './helpers/soft-authenticator';
import {
  createAgent,
  createTestApp,
  GOOD_PASSWORD,
  signUpMarkedVerified,
  TEST_BASE_URL,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { secretOf, totpAt } from './helpers/totp';

// Issue 28: passkeys through Better Auth's passkey plugin, with a software authenticator that signs
// like a browser's: adding (a security change), signing in, the passkey as a second factor, and that
// one account never reaches another's passkeys. Real PostgreSQL (or PGlite) and a real SMTP server.

const KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe(`passkeys on ${KIND}`, () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp(KIND, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const mailsTo = async (email: string, subjectStart: string) => {
    await testApp.mailer.idle();
    return smtp.received.filter(
      (mail) => mail.to.includes(email) && getSubject(mail.raw).startsWith(subjectStart),
    );
  };

  const signInFrom = async (email: string, agent = createAgent(testApp.app)) => {
    const response = await agent.post('/api/auth/sign-in/email', {
      email,
      password: GOOD_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { agent, body: response.json() as Record<string, unknown> };
  };

  const newUser = async (label: string) => {
    const email = uniqueEmail(label);
    await signUpMarkedVerified(testApp, email);
    const { agent } = await signInFrom(email);
    const userId = (await agent.get('/api/auth/get-session')).json().user.id as string;
    return { email, agent, userId };
  };

  const isSignedIn = async (agent: Agent) =>
    (await agent.get('/api/auth/get-session')).json()?.user !== undefined;

  /** Adds a passkey made by `authenticator` to the agent's account. */
  const addPasskey = async (agent: Agent, authenticator: SoftAuthenticator, name: string) => {
    const options = await agent.get('/api/auth/passkey/generate-register-options');
    expect(options.statusCode, options.body).toBe(200);
    const response = authenticator.register(options.json());
    const verified = await agent.post('/api/auth/passkey/verify-registration', { response, name });
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json() as { id: string; credentialID: string };
  };

  const signInWithPasskey = async (agent: Agent, authenticator: SoftAuthenticator) => {
    const options = await agent.get('/api/auth/passkey/generate-authenticate-options');
    expect(options.statusCode, options.body).toBe(200);
    return agent.post('/api/auth/passkey/verify-authentication', {
      response: authenticator.authenticate(options.json()),
    });
  };

  it('adds a named passkey (ending other sessions, with an e-mail) that then signs in alone', async () => {
    const { email, agent, userId } = await newUser('passkey-add');
    const other = (await signInFrom(email)).agent;
    const authenticator = new SoftAuthenticator(TEST_BASE_URL);

    const options = await agent.get('/api/auth/passkey/generate-register-options');
    expect(options.json().rp).toEqual({ name: 'Sitelift', id: 'localhost' });
    const created = await addPasskey(agent, authenticator, '  Work laptop ');
    const rows = await testApp.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: created.id,
      name: 'Work laptop',
      credentialID: authenticator.credentials[0]!.id,
      transports: 'internal',
      counter: 0,
      lastUsedAt: null,
    });
    // A security change: this session stays, the other one ends, the address hears of it.
    expect(await isSignedIn(agent)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    const [mail] = await mailsTo(email, 'A passkey was added');
    expect(getTextPart(mail!.raw)).toContain('Work laptop');

    const listed = await agent.get('/api/auth/passkey/list-user-passkeys');
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: created.id, name: 'Work laptop', lastUsedAt: null }),
    ]);

    // A browser with no session signs in with the passkey alone; the answer carries no token.
    const browser = createAgent(testApp.app);
    const signedIn = await signInWithPasskey(browser, authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.body).not.toContain('"token"');
    expect((await browser.get('/api/auth/get-session')).json().user.email).toBe(email);
    const [used] = await testApp.database.db
      .select({ counter: passkeys.counter, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.id, created.id));
    expect(used!.counter).toBe(1);
    expect(used!.lastUsedAt).toBeInstanceOf(Date);

    // The data export lists it (name and dates, not the key).
    const records = await listAccountRecords(testApp.database.db, userId);
    expect(records.passkeys).toEqual([
      expect.objectContaining({ name: 'Work laptop', created_at: expect.any(Date) }),
    ]);
    expect(JSON.stringify(records.passkeys)).not.toContain(rows[0]!.publicKey);
  });

  it('refuses a replayed, foreign or expired sign-in', async () => {
    const { agent } = await newUser('passkey-replay');
    const authenticator = new SoftAuthenticator(TEST_BASE_URL);
    await addPasskey(agent, authenticator, 'Phone');
    const browser = createAgent(testApp.app);
    const options = await browser.get('/api/auth/passkey/generate-authenticate-options');
    const response = authenticator.authenticate(options.json());
    expect(
      (await browser.post('/api/auth/passkey/verify-authentication', { response })).statusCode,
    ).toBe(200);
    // The same answer again: its challenge was used.
    await browser.post('/api/auth/sign-out', {});
    const replay = await browser.post('/api/auth/passkey/verify-authentication', { response });
    expect(replay.statusCode).toBe(400);
    expect(await isSignedIn(browser)).toBe(false);

    // A passkey made for another site (another origin) is refused.
    const phishing = new SoftAuthenticator('https://sitelift.example.evil');
    phishing.credentials.push(...authenticator.credentials);
    const foreign = await browser.get('/api/auth/passkey/generate-authenticate-options');
    const refused = await browser.post('/api/auth/passkey/verify-authentication', {
      response: phishing.authenticate({ ...foreign.json(), rpId: 'localhost' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(await isSignedIn(browser)).toBe(false);

    // A challenge older than five minutes is gone.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const stale = await browser.get('/api/auth/passkey/generate-authenticate-options');
    vi.setSystemTime(start + 301_000);
    const expired = await browser.post('/api/auth/passkey/verify-authentication', {
      response: authenticator.authenticate(stale.json()),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('CHALLENGE_NOT_FOUND');
    expect(await isSignedIn(browser)).toBe(false);
  });

  it("never lists, renames or removes another account's passkey", async () => {
    const owner = await newUser('passkey-owner');
    const stranger = await newUser('passkey-stranger');
    const created = await addPasskey(owner.agent, new SoftAuthenticator(TEST_BASE_URL), 'Mine');

    expect((await stranger.agent.get('/api/auth/passkey/list-user-passkeys')).json()).toEqual([]);
    const renamed = await stranger.agent.post('/api/auth/passkey/update-passkey', {
      id: created.id,
      name: 'Taken',
    });
    expect(renamed.statusCode).toBeGreaterThanOrEqual(400);
    const removed = await stranger.agent.post('/api/auth/passkey/remove', {
      id: created.id,
      password: GOOD_PASSWORD,
    });
    expect(removed.statusCode).toBeGreaterThanOrEqual(400);
    const [row] = await testApp.database.db
      .select({ name: passkeys.name })
      .from(passkeys)
      .where(eq(passkeys.id, created.id));
    expect(row).toEqual({ name: 'Mine' });
    expect(await mailsTo(stranger.email, 'A passkey was removed')).toHaveLength(0);

    // Nor can another account's passkey be added to one's own (its challenge is the owner's).
    const ownerOptions = await owner.agent.get('/api/auth/passkey/generate-register-options');
    const hijack = await stranger.agent.post('/api/auth/passkey/verify-registration', {
      response: new SoftAuthenticator(TEST_BASE_URL).register(ownerOptions.json()),
      name: 'Hijack',
    });
    expect(hijack.statusCode).toBe(400);
    const strangerRows = await testApp.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, stranger.userId));
    expect(strangerRows).toHaveLength(0);
  });

  it('renames with a session and removes only with the password, which ends other sessions', async () => {
    const { email, agent } = await newUser('passkey-remove');
    const created = await addPasskey(agent, new SoftAuthenticator(TEST_BASE_URL), 'Tablet');
    const renamed = await agent.post('/api/auth/passkey/update-passkey', {
      id: created.id,
      name: 'Kitchen tablet',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const blank = await agent.post('/api/auth/passkey/update-passkey', {
      id: created.id,
      name: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Name is required');

    const other = (await signInFrom(email)).agent;
    const noPassword = await agent.post('/api/auth/passkey/remove', { id: created.id });
    expect(noPassword.statusCode).toBe(400);
    // The plugin's own removal (no password) is not reachable.
    const bypass = await agent.post('/api/auth/passkey/delete-passkey', { id: created.id });
    expect(bypass.statusCode).toBe(404);
    const wrong = await agent.post('/api/auth/passkey/remove', {
      id: created.id,
      password: 'Wrong-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    expect(await isSignedIn(other)).toBe(true);
    expect(
      await testApp.database.db.select().from(passkeys).where(eq(passkeys.id, created.id)),
    ).toHaveLength(1);

    const removed = await agent.post('/api/auth/passkey/remove', {
      id: created.id,
      password: GOOD_PASSWORD,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      await testApp.database.db.select().from(passkeys).where(eq(passkeys.id, created.id)),
    ).toHaveLength(0);
    expect(await isSignedIn(agent)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    const [mail] = await mailsTo(email, 'A passkey was removed');
    expect(getTextPart(mail!.raw)).toContain('Kitchen tablet');
  });

  it("confirms a two-factor sign-in with the account's own passkey only, within five minutes", async () => {
    const { email, agent, userId } = await newUser('passkey-2fa');
    const enabled = await agent.post('/api/auth/two-factor/enable', { password: GOOD_PASSWORD });
    const secret = secretOf((enabled.json() as { totpURI: string }).totpURI);
    expect(
      (await agent.post('/api/auth/two-factor/verify-totp', { code: totpAt(secret, Date.now()) }))
        .statusCode,
    ).toBe(200);
    const mine = new SoftAuthenticator(TEST_BASE_URL);
    const created = await addPasskey(agent, mine, 'Security key');
    const stranger = await newUser('passkey-2fa-stranger');
    const theirs = new SoftAuthenticator(TEST_BASE_URL);
    await addPasskey(stranger.agent, theirs, 'Theirs');

    const browser = createAgent(testApp.app);
    const { body } = await signInFrom(email, browser);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'passkey'] });
    expect(await isSignedIn(browser)).toBe(false);

    // The options name this account's passkeys only; another account's passkey is refused.
    const options = await browser.post('/api/auth/two-factor/generate-passkey-options', {});
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().allowCredentials).toEqual([
      expect.objectContaining({ id: mine.credentials[0]!.id }),
    ]);
    const foreign = await browser.post('/api/auth/two-factor/verify-passkey', {
      response: theirs.authenticate({ challenge: options.json().challenge, rpId: 'localhost' }),
    });
    expect(foreign.statusCode).toBe(401);
    expect(await isSignedIn(browser)).toBe(false);

    // An expired challenge (the sign-in itself still pending) is refused.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const stale = await browser.post('/api/auth/two-factor/generate-passkey-options', {});
    vi.setSystemTime(start + 301_000);
    const expired = await browser.post('/api/auth/two-factor/verify-passkey', {
      response: mine.authenticate(stale.json()),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('CHALLENGE_NOT_FOUND');
    vi.useRealTimers();

    // Without a pending sign-in there is nothing to confirm.
    const nobody = await createAgent(testApp.app).post(
      '/api/auth/two-factor/generate-passkey-options',
      {},
    );
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().code).toBe('INVALID_TWO_FACTOR_COOKIE');

    const fresh = await browser.post('/api/auth/two-factor/generate-passkey-options', {});
    const accepted = await browser.post('/api/auth/two-factor/verify-passkey', {
      response: mine.authenticate(fresh.json()),
      trustDevice: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.body).not.toContain('"token"');
    expect((await browser.get('/api/auth/get-session')).json().user.id).toBe(userId);
    const [row] = await testApp.database.db
      .select({ lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(and(eq(passkeys.id, created.id), eq(passkeys.userId, userId)));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);

    // "Trust this device" works as after a code: the password alone signs in next time.
    await browser.post('/api/auth/sign-out', {});
    const again = await signInFrom(email, browser);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(await isSignedIn(browser)).toBe(true);
  });

  it('limits passkey requests per client like the two-factor ones, whatever the path spelling', async () => {
    const limit = testApp.config.authRateLimit.max;
    const client = createAgent(testApp.app);
    const spellings = [
      '/api/auth/passkey/generate-authenticate-options',
      '/api/auth/passkey/generate-authenticate-options/',
      '/api/auth//passkey/generate-authenticate-options',
    ];
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      statuses.push((await client.get(spellings[index % spellings.length]!)).statusCode);
    }
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    const verify = createAgent(testApp.app);
    const verifyStatuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      verifyStatuses.push(
        (
          await verify.post('/api/auth/passkey/verify-authentication', {
            response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
          })
        ).statusCode,
      );
    }
    expect(verifyStatuses[limit]).toBe(429);
  });
});
