import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../src/db/schema';
import {
  getSubject,
  getTextPart,
  startSmtpServer,
  type TestSmtpServer,
} from './helpers/smtp-server';
import {
  createAgent,
  createTestApp,
  GOOD_PASSWORD,
  signUpMarkedVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { secretOf, totpAt } from './helpers/totp';
import { pathSpellingsOf } from './helpers/path-spellings';

// Issue 28: two-factor sign-in (authenticator app, backup codes, trusted devices), the devices list
// and signing devices out, and the e-mail on a sign-in from a new device. Mail goes through a real
// SMTP server on loopback.

const KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe(`account security on ${KIND}`, () => {
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

  /** Signs in with e-mail and password from a fresh client (address and browser of its own). */
  const signInFrom = async (email: string, userAgent = CHROME_WINDOWS, agent?: Agent) => {
    const client = agent ?? createAgent(testApp.app);
    const response = await client.post(
      '/api/auth/sign-in/email',
      { email, password: GOOD_PASSWORD },
      { 'user-agent': userAgent },
    );
    expect(response.statusCode, response.body).toBe(200);
    return { client, body: response.json() as Record<string, unknown> };
  };

  /** A verified account (its e-mail went to SMTP: verified in the row), signed in once. */
  const newUser = async (label: string) => {
    const email = uniqueEmail(label);
    await signUpMarkedVerified(testApp, email);
    const { client } = await signInFrom(email);
    return { email, agent: client };
  };

  /** Turns two-factor sign-in on with the app's first code; returns the secret and backup codes. */
  const enableTwoFactor = async (agent: Agent, now = Date.now()) => {
    const enabled = await agent.post('/api/auth/two-factor/enable', { password: GOOD_PASSWORD });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const secret = secretOf(totpURI);
    const verified = await agent.post('/api/auth/two-factor/verify-totp', {
      code: totpAt(secret, now),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return { secret, backupCodes, totpURI };
  };

  const isSignedIn = async (agent: Agent) =>
    (await agent.get('/api/auth/get-session')).json()?.user !== undefined;

  it('asks for the authenticator code at sign-in, accepts it at a fixed clock and trusts the device', async () => {
    // 12:00:10 in a 30-second step: the code of this step is good, one of four steps ago is not.
    const fixed = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;
    vi.useFakeTimers({ toFake: ['Date'], now: fixed });
    const { email, agent } = await newUser('totp');
    const other = (await signInFrom(email, SAFARI_IPHONE)).client;
    expect(await isSignedIn(other)).toBe(true);

    const { secret, backupCodes, totpURI } = await enableTwoFactor(agent, fixed);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Sitelift:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Sitelift');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Turning it on ended every other session, kept this one, and told the address.
    expect(await isSignedIn(agent)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    expect(await mailsTo(email, 'Two-factor sign-in is on')).toHaveLength(1);
    const security = await agent.get('/api/account/security');
    expect(security.json()).toEqual({
      two_factor_enabled: true,
      backup_codes_left: 10,
      has_password: true,
    });

    // The password alone gives no session: the answer asks for the second factor.
    const browser = createAgent(testApp.app);
    const { body } = await signInFrom(email, CHROME_WINDOWS, browser);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(await isSignedIn(browser)).toBe(false);
    const stale = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totpAt(secret, fixed - 4 * 30_000),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('INVALID_CODE');
    expect(await isSignedIn(browser)).toBe(false);
    const accepted = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totpAt(secret, fixed).replace(/^(\d{3})/, '$1 '),
      trustDevice: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.body).not.toContain('"token"');
    expect(await isSignedIn(browser)).toBe(true);

    // A trusted device signs in with the password alone for 30 days; another browser still cannot.
    await browser.post('/api/auth/sign-out', {});
    vi.setSystemTime(fixed + 29 * 24 * 3600 * 1000);
    const trusted = await signInFrom(email, CHROME_WINDOWS, browser);
    expect(trusted.body.twoFactorRedirect).toBeUndefined();
    expect(await isSignedIn(browser)).toBe(true);
    const stranger = await signInFrom(email);
    expect(stranger.body.twoFactorRedirect).toBe(true);
  });

  it('lets each backup code sign in once, and regenerating replaces them all', async () => {
    const { email, agent } = await newUser('backup');
    const { backupCodes } = await enableTwoFactor(agent);
    const [first = '', second = ''] = backupCodes;

    const browser = (await signInFrom(email)).client;
    const used = await browser.post('/api/auth/two-factor/verify-backup-code', { code: first });
    expect(used.statusCode, used.body).toBe(200);
    expect(await isSignedIn(browser)).toBe(true);
    expect((await agent.get('/api/account/security')).json().backup_codes_left).toBe(9);

    const again = (await signInFrom(email)).client;
    const reused = await again.post('/api/auth/two-factor/verify-backup-code', { code: first });
    expect(reused.statusCode).toBe(401);
    expect(await isSignedIn(again)).toBe(false);

    const wrongPassword = await agent.post('/api/auth/two-factor/generate-backup-codes', {
      password: 'Not-the-password-1',
    });
    expect(wrongPassword.statusCode).toBe(400);
    const regenerated = await agent.post('/api/auth/two-factor/generate-backup-codes', {
      password: GOOD_PASSWORD,
    });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);
    const old = (await signInFrom(email)).client;
    expect(
      (await old.post('/api/auth/two-factor/verify-backup-code', { code: second })).statusCode,
    ).toBe(401);
    const newer = (await signInFrom(email)).client;
    expect(
      (await newer.post('/api/auth/two-factor/verify-backup-code', { code: fresh[0] })).statusCode,
    ).toBe(200);
  });

  it('needs the password to turn two-factor sign-in off, and that ends the other sessions', async () => {
    const { email, agent } = await newUser('disable');
    const { secret } = await enableTwoFactor(agent);
    const phone = (await signInFrom(email, SAFARI_IPHONE)).client;
    await phone.post('/api/auth/two-factor/verify-totp', { code: totpAt(secret, Date.now()) });
    expect(await isSignedIn(phone)).toBe(true);

    const missing = await agent.post('/api/auth/two-factor/disable', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('API_VALIDATION_FAILED');
    const wrong = await agent.post('/api/auth/two-factor/disable', { password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(400);
    expect((await agent.get('/api/account/security')).json().two_factor_enabled).toBe(true);

    const off = await agent.post('/api/auth/two-factor/disable', { password: GOOD_PASSWORD });
    expect(off.statusCode, off.body).toBe(200);
    expect((await agent.get('/api/account/security')).json().two_factor_enabled).toBe(false);
    expect(await isSignedIn(agent)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await mailsTo(email, 'Two-factor sign-in was turned off')).toHaveLength(1);
    expect((await signInFrom(email)).body.twoFactorRedirect).toBeUndefined();
  });

  it('stops guessing codes: five per sign-in, ten per account, then the client budget, whatever the path spelling', async () => {
    const { email, agent } = await newUser('guess');
    const { secret } = await enableTwoFactor(agent);
    const rightCode = () => totpAt(secret, Date.now());
    const wrongCode = () => String((Number(rightCode()) + 500_000) % 1_000_000).padStart(6, '0');
    // One sign-in allows five codes; the sixth is refused even when right, and the challenge is over.
    const browser = (await signInFrom(email)).client;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await browser.post('/api/auth/two-factor/verify-totp', {
        code: wrongCode(),
      });
      expect(response.statusCode).toBe(401);
    }
    const sixth = await browser.post('/api/auth/two-factor/verify-totp', { code: rightCode() });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
    expect(await isSignedIn(browser)).toBe(false);
    // Ten wrong codes in a row lock the account's second factor for a while, across sign-ins.
    const second = (await signInFrom(email)).client;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await second.post('/api/auth/two-factor/verify-totp', { code: wrongCode() });
    }
    const third = (await signInFrom(email)).client;
    const locked = await third.post('/api/auth/two-factor/verify-totp', { code: rightCode() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
    expect(await isSignedIn(third)).toBe(false);

    // One client may try AUTH_RATE_LIMIT_MAX codes a window, then 429, under any spelling of the path.
    const other = await newUser('budget');
    const otherSecret = (await enableTwoFactor(other.agent)).secret;
    const client = createAgent(testApp.app);
    const max = testApp.config.authRateLimit.max;
    let last = { statusCode: 0, body: '' };
    for (let attempt = 0; attempt <= max && last.statusCode !== 429; attempt += 1) {
      if (attempt % 5 === 0) await signInFrom(other.email, CHROME_WINDOWS, client);
      last = await client.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    }
    expect(last.statusCode).toBe(429);
    expect(JSON.parse(last.body).error.code).toBe('API_RATE_LIMITED');
    for (const url of pathSpellingsOf('two-factor/verify-totp')) {
      const response = await client.post(url, { code: totpAt(otherSecret, Date.now()) });
      expect([400, 404, 429], `${url} answered ${response.statusCode}`).toContain(
        response.statusCode,
      );
      expect(`${url} ${response.body}`).toMatch(/"code":"API_/);
    }
    expect(await isSignedIn(client)).toBe(false);
    // Routes of the plugin the product does not use are not reachable.
    for (const url of ['/api/auth/two-factor/send-otp', '/api/auth/two-factor/view-backup-codes']) {
      expect((await agent.post(url, {})).statusCode, url).toBe(404);
    }
  });

  it('lists the signed-in devices and signs one or all others out at once', async () => {
    const { email, agent } = await newUser('devices');
    const phone = (await signInFrom(email, SAFARI_IPHONE)).client;
    const laptop = (await signInFrom(email, CHROME_WINDOWS)).client;
    const list = await agent.get('/api/account/sessions');
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Array<Record<string, unknown>>;
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ current: true, browser: 'Chrome 131', os: 'Windows 10' });
    expect(items.filter((item) => item.current)).toHaveLength(1);
    const iphone = items.find((item) => item.os === 'iOS 18.1');
    expect(iphone).toMatchObject({ browser: 'Safari 18', device_type: 'mobile', current: false });
    expect(iphone?.ip_address).toBe(phone.remoteAddress);
    expect(JSON.stringify(items)).not.toMatch(/token/i);

    // Someone else's session cannot be ended through this account.
    const stranger = await newUser('stranger');
    expect(
      (
        await stranger.agent.request({
          method: 'DELETE',
          url: `/api/account/sessions/${iphone?.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await phone.get('/api/projects')).statusCode).toBe(200);

    const signedOut = await agent.request({
      method: 'DELETE',
      url: `/api/account/sessions/${iphone?.id}`,
    });
    expect(signedOut.statusCode).toBe(204);
    // At once: the session cache was cleared, so the phone's next request is refused.
    expect((await phone.get('/api/projects')).statusCode).toBe(401);
    expect((await laptop.get('/api/projects')).statusCode).toBe(200);

    const others = await agent.post('/api/account/sessions/revoke-others', {});
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await laptop.get('/api/projects')).statusCode).toBe(401);
    expect((await agent.get('/api/projects')).statusCode).toBe(200);
    expect((await agent.get('/api/account/sessions')).json().items).toHaveLength(1);
  });

  it('records when a session was last active', async () => {
    const { email, agent } = await newUser('active');
    const [user] = await testApp.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const past = new Date(Date.now() - 3600_000);
    await testApp.database.db
      .update(sessions)
      .set({ lastActiveAt: past })
      .where(eq(sessions.userId, user?.id ?? ''));
    // The session's first request writes the time (in the background); later ones within a minute
    // do not write again.
    await agent.get('/api/projects');
    await vi.waitFor(
      async () => {
        const [row] = await testApp.database.db
          .select({ at: sessions.lastActiveAt })
          .from(sessions)
          .where(eq(sessions.userId, user?.id ?? ''));
        expect(row?.at.getTime()).toBeGreaterThan(past.getTime() + 60_000);
      },
      { timeout: 10_000, interval: 200 },
    );
    const [listed] = (await agent.get('/api/account/sessions')).json().items;
    expect(Date.now() - Date.parse(listed.last_active_at)).toBeLessThan(60_000);
  });

  it('e-mails a sign-in from a device the account has not used, once', async () => {
    const { email } = await newUser('newdevice');
    // The first device of an account is not "new".
    expect(await mailsTo(email, 'New sign-in')).toHaveLength(0);
    const phone = createAgent(testApp.app);
    await signInFrom(email, SAFARI_IPHONE, phone);
    const [mail, ...rest] = await mailsTo(email, 'New sign-in');
    expect(rest).toHaveLength(0);
    const text = getTextPart(mail?.raw ?? '');
    expect(text).toContain('Safari 18 on iOS 18.1');
    expect(text).toContain(phone.remoteAddress);
    expect(text).toContain('/profile/edit#security');
    // The same phone again (a new session, same browser, system and network): no second e-mail.
    await phone.post('/api/auth/sign-out', {});
    await signInFrom(email, SAFARI_IPHONE, phone);
    expect(await mailsTo(email, 'New sign-in')).toHaveLength(1);
  });
});
