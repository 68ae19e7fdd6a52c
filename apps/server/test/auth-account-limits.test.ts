import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toClientGroup } from '../src/http/client-group';
import {
  createAgent,
  createTestApp,
  signIn,
  signUpVerified,
  uniqueEmail,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Issue 22 §7 items 5 and 13: auth limits per account as well as per client (IPv6 by /64), and no
// session token in JSON bodies the web app can read.

describe('client groups of rate limits', () => {
  it('counts an IPv6 /64 as one client and a mapped IPv4 address as that address', () => {
    expect(toClientGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(toClientGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(toClientGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(toClientGroup('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(toClientGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(toClientGroup('::1')).toBe('0:0:0:0::/64');
    expect(toClientGroup('2001:db8:1:3::1')).not.toBe(toClientGroup('2001:db8:1:2::1'));
  });
});

describe.each(TEST_DATABASE_KINDS)('auth limits and tokens on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** 20 addresses of one IPv6 /64. */
  const sameNetwork = Array.from({ length: 20 }, (_, index) => `2001:db8:22:5::${index + 1}`);

  it('stops 40 password guesses at one account from 20 addresses of one /64, and from 20 IPv4 addresses', async () => {
    const email = uniqueEmail('guessed');
    await signUpVerified(testApp, email);
    const max = testApp.config.authRateLimit.max;
    const statuses: number[] = [];
    for (let guess = 0; guess < 40; guess += 1) {
      const agent = createAgent(testApp.app, sameNetwork[guess % sameNetwork.length]);
      const response = await agent.post('/api/auth/sign-in/email', {
        email,
        password: `Wrong-guess-${guess}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(max).every((status) => status === 429)).toBe(true);

    // Spread over 20 IPv4 addresses, the account's own limit stops them.
    const other = uniqueEmail('guessed-v4');
    await signUpVerified(testApp, other);
    const spread: number[] = [];
    for (let guess = 0; guess < 40; guess += 1) {
      const agent = createAgent(testApp.app, `198.51.100.${(guess % 20) + 1}`);
      spread.push(
        (await agent.post('/api/auth/sign-in/email', { email: other, password: `No-${guess}` }))
          .statusCode,
      );
    }
    expect(spread.filter((status) => status === 401)).toHaveLength(max);
    expect(spread.slice(max).every((status) => status === 429)).toBe(true);
    const limited = await createAgent(testApp.app, '198.51.100.99').post(
      '/api/auth/sign-in/email',
      { email: other.toUpperCase(), password: 'Sitelift2026' },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('API_RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('sends at most the limit of reset mails to one inbox, whatever the addresses', async () => {
    const email = uniqueEmail('reset-flood');
    await signUpVerified(testApp, email);
    for (let request = 0; request < 40; request += 1) {
      const agent = createAgent(testApp.app, sameNetwork[request % sameNetwork.length]);
      await agent.post('/api/auth/request-password-reset', {
        email,
        redirectTo: '/auth/reset-password',
      });
    }
    const resets = (await testApp.getOutbox()).filter(
      (message) => message.to === email && message.subject === 'Reset your Sitelift password',
    );
    expect(resets).toHaveLength(testApp.config.authRateLimit.max);
  });

  it('still limits one address guessing at many accounts', async () => {
    const agent = createAgent(testApp.app, '2001:db8:77:1::9');
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= testApp.config.authRateLimit.max; attempt += 1) {
      // Another address of the same /64 for each try: still one client.
      const sameClient = createAgent(testApp.app, `2001:db8:77:1::${attempt + 10}`);
      const client = attempt % 2 === 0 ? agent : sameClient;
      statuses.push(
        (
          await client.post('/api/auth/sign-in/email', {
            email: uniqueEmail(`many-${attempt}`),
            password: 'Wrong-1234',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps the session token out of sign-in and get-session bodies; the cookie still works', async () => {
    const email = uniqueEmail('no-token');
    await signUpVerified(testApp, email);
    const agent = createAgent(testApp.app);
    const signedIn = await agent.post('/api/auth/sign-in/email', {
      email,
      password: 'Sitelift2026',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(email);
    expect(signedIn.json()).not.toHaveProperty('token');
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    const session = await agent.get('/api/auth/get-session');
    expect(session.json().user.email).toBe(email);
    expect(session.json().session).not.toHaveProperty('token');
    const sessionToken = decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? '').split(
      '.',
    )[0];
    expect(sessionToken?.length).toBeGreaterThan(10);
    expect(signedIn.body).not.toContain(sessionToken);
    expect(session.body).not.toContain(sessionToken);
    const sessions = await (await signIn(testApp.app, email)).get('/api/auth/list-sessions');
    expect(sessions.statusCode).toBe(200);
    expect(sessions.body).not.toContain('"token"');
  });
});
