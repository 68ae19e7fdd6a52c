import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../src/db/schema';
import {
  createAgent,
  createTestApp,
  getMailLink,
  GOOD_PASSWORD,
  signIn,
  signUp,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

async function getSessionUser(agent: Agent) {
  const response = await agent.get('/api/auth/get-session');
  expect(response.statusCode).toBe(200);
  const body = response.json() as { user: { email: string; emailVerified: boolean } } | null;
  return body?.user ?? null;
}

async function signUpAndVerify(testApp: TestApp, email: string): Promise<Agent> {
  await signUp(testApp.app, email);
  const agent = createAgent(testApp.app);
  const response = await agent.open(await getMailLink(testApp, email, '/api/auth/verify-email'));
  expect(response.statusCode).toBe(302);
  return agent;
}

describe.each(TEST_DATABASE_KINDS)('auth flows on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('signs up, e-mails a verification link that verifies, signs in and lands on /auth/callback', async () => {
    const email = uniqueEmail('signup');
    const registering = await signUp(testApp.app, email);
    // Registration does not sign in: the user verifies or signs in.
    expect(await getSessionUser(registering)).toBeNull();

    const message = await testApp.getLatestMail(email);
    expect(message?.subject).toBe('Verify your email for Sitelift');
    expect(message?.text).toContain('Sitelift');
    expect(message?.html).toContain('Verify email');
    const link = await getMailLink(testApp, email, '/api/auth/verify-email');
    expect(link.startsWith('http://localhost:3000/api/auth/verify-email?token=')).toBe(true);

    const browser = createAgent(testApp.app);
    const response = await browser.open(link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/callback');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await getSessionUser(browser)).toMatchObject({ email, emailVerified: true });

    const profile = await browser.get('/api/me/profile');
    expect(profile.json()).toMatchObject({ email, email_verified: true, full_name: null });
  });

  it('answers a second registration of a taken address as a first one, and mails its owner', async () => {
    const email = uniqueEmail('taken');
    await signUpAndVerify(testApp, email);
    const first = await createAgent(testApp.app).post('/api/auth/sign-up/email', {
      email: uniqueEmail('fresh'),
      password: GOOD_PASSWORD,
      name: '',
      callbackURL: '/auth/callback',
    });
    const again = await createAgent(testApp.app).post('/api/auth/sign-up/email', {
      email,
      password: 'Someone-else1',
      name: '',
      callbackURL: '/auth/callback',
    });
    // The screen cannot tell the two apart: same status, same shape.
    expect(again.statusCode).toBe(first.statusCode);
    expect(Object.keys(again.json() as object).sort()).toEqual(
      Object.keys(first.json() as object).sort(),
    );
    const message = await testApp.getLatestMail(email);
    expect(message?.subject).toBe('You already have a Sitelift account');
    expect(message?.text).toContain('http://localhost:3000/login');
    expect(message?.text).toContain('Forgot Password?');
    // Nothing changed: the owner still signs in with the old password, the other one fails.
    await signIn(testApp.app, email);
    const intruder = await createAgent(testApp.app).post('/api/auth/sign-in/email', {
      email,
      password: 'Someone-else1',
    });
    expect(intruder.statusCode).toBe(401);
  });

  it('answers a re-used verification link with "already verified", even once it expired', async () => {
    const email = uniqueEmail('reused');
    await signUp(testApp.app, email);
    const link = await getMailLink(testApp, email, '/api/auth/verify-email');
    expect((await createAgent(testApp.app).open(link)).headers.location).toBe('/auth/callback');
    const again = await createAgent(testApp.app).open(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/auth/callback?verified=already');

    // The same link after its hour: still "already verified", not an expired-token error.
    const expiring = await createTestApp(kind, { tokenLifetimes: { verification: 10 } });
    try {
      const late = uniqueEmail('reused-late');
      await signUp(expiring.app, late);
      const lateLink = await getMailLink(expiring, late, '/api/auth/verify-email');
      expect((await createAgent(expiring.app).open(lateLink)).headers.location).toBe(
        '/auth/callback',
      );
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      const expired = await createAgent(expiring.app).open(lateLink);
      expect(expired.headers.location).toBe('/auth/callback?verified=already');
    } finally {
      await expiring.close();
    }
  }, 90_000);

  it('sends a broken or forged verification link to /auth/callback with an error', async () => {
    const browser = createAgent(testApp.app);
    const response = await browser.get(
      '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Fcallback',
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/auth\/callback\?error=/);
    expect(await getSessionUser(browser)).toBeNull();
  });

  it('refuses sign-up passwords that break the registration rule, with the spec messages', async () => {
    const agent = createAgent(testApp.app);
    const short = await agent.post('/api/auth/sign-up/email', {
      email: uniqueEmail('weak'),
      password: 'Ab1',
      name: '',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 8 characters');
    const simple = await agent.post('/api/auth/sign-up/email', {
      email: uniqueEmail('weak'),
      password: 'alllowercase1',
      name: '',
    });
    expect(simple.statusCode).toBe(400);
    expect(simple.json().error.message).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
  });

  it('refuses a wrong password and lets an unverified user sign in', async () => {
    const email = uniqueEmail('unverified');
    await signUp(testApp.app, email);
    const agent = createAgent(testApp.app);
    const wrong = await agent.post('/api/auth/sign-in/email', {
      email,
      password: 'Wrong-password1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await getSessionUser(agent)).toBeNull();

    const right = await agent.post('/api/auth/sign-in/email', { email, password: GOOD_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(await getSessionUser(agent)).toMatchObject({ email, emailVerified: false });
    expect((await agent.get('/api/me/profile')).json()).toMatchObject({ email_verified: false });
  });

  it('resends the verification e-mail and answers unknown and verified addresses the same way', async () => {
    const unverified = uniqueEmail('resend');
    await signUp(testApp.app, unverified);
    const verified = uniqueEmail('resend-verified');
    await signUpAndVerify(testApp, verified);
    const before = (await testApp.getOutbox()).length;

    const agent = createAgent(testApp.app);
    const answers = [];
    for (const email of [unverified, uniqueEmail('nobody'), verified]) {
      const response = await agent.post('/api/auth/send-verification-email', {
        email,
        callbackURL: '/auth/callback',
      });
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ status: true }) });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    const outbox = await testApp.getOutbox();
    expect(outbox.length).toBe(before + 1);
    expect(outbox[0]?.to).toBe(unverified);
    const browser = createAgent(testApp.app);
    await browser.open(await getMailLink(testApp, unverified, '/api/auth/verify-email'));
    expect(await getSessionUser(browser)).toMatchObject({ email: unverified, emailVerified: true });
  });

  it('resets a forgotten password once; unknown e-mails get the identical answer', async () => {
    const email = uniqueEmail('reset');
    await signUpAndVerify(testApp, email);
    const oldSession = await signIn(testApp.app, email);
    const agent = createAgent(testApp.app);

    const known = await agent.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/reset-password',
    });
    const unknown = await agent.post('/api/auth/request-password-reset', {
      email: uniqueEmail('unknown'),
      redirectTo: '/auth/reset-password',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);

    const message = await testApp.getLatestMail(email);
    expect(message?.subject).toBe('Reset your Sitelift password');
    const link = await getMailLink(testApp, email, '/api/auth/reset-password/');
    const landing = await agent.open(link);
    expect(landing.statusCode).toBe(302);
    const location = String(landing.headers.location);
    expect(location).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=/);
    const token = new URL(location, 'http://localhost:3000').searchParams.get('token');

    const reset = await agent.post('/api/auth/reset-password', {
      newPassword: 'BrandNew2026',
      token,
    });
    expect(reset.statusCode).toBe(200);
    // Sessions signed in with the old password end.
    expect(await getSessionUser(oldSession)).toBeNull();

    const reused = await agent.post('/api/auth/reset-password', {
      newPassword: 'Another2026x',
      token,
    });
    expect(reused.statusCode).toBe(400);
    const reopened = await agent.open(link);
    expect(String(reopened.headers.location)).toContain('error=INVALID_TOKEN');

    const oldPassword = await createAgent(testApp.app).post('/api/auth/sign-in/email', {
      email,
      password: GOOD_PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await testApp.getLatestMail(email))?.subject).toBe(
      'Your Sitelift password was changed',
    );
    // (Signing in from a new client afterwards also sends the new-device notice.)
    await signIn(testApp.app, email, 'BrandNew2026');
  });

  it('refuses an expired reset link', async () => {
    const email = uniqueEmail('expired');
    await signUp(testApp.app, email);
    const agent = createAgent(testApp.app);
    await agent.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/reset-password',
    });
    const link = await getMailLink(testApp, email, '/api/auth/reset-password/');
    const token = new URL(link).pathname.split('/').pop() ?? '';
    await testApp.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(like(verifications.identifier, `%${token}`));

    const landing = await agent.open(link);
    expect(String(landing.headers.location)).toContain('error=INVALID_TOKEN');
    const reset = await agent.post('/api/auth/reset-password', {
      newPassword: 'BrandNew2026',
      token,
    });
    expect(reset.statusCode).toBe(400);
    await signIn(testApp.app, email, GOOD_PASSWORD);
  });

  it('changes the password only with the right current one and revokes the other sessions', async () => {
    const email = uniqueEmail('change-password');
    await signUp(testApp.app, email);
    const here = await signIn(testApp.app, email);
    const elsewhere = await signIn(testApp.app, email);

    const wrong = await here.post('/api/auth/change-password', {
      currentPassword: 'Not-my-password1',
      newPassword: 'Changed2026',
      revokeOtherSessions: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await getSessionUser(elsewhere)).not.toBeNull();

    // A new password meets the registration rules (issue 15), not only sign-in's minimum of 6.
    const tooShort = await here.post('/api/auth/change-password', {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'Abc123',
      revokeOtherSessions: true,
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.message).toBe('Password must be at least 8 characters');
    const tooSimple = await here.post('/api/auth/change-password', {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'alllowercase1',
      revokeOtherSessions: true,
    });
    expect(tooSimple.statusCode).toBe(400);
    expect(tooSimple.json().error.message).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
    expect((await testApp.getLatestMail(email))?.subject).not.toBe(
      'Your Sitelift password was changed',
    );

    const changed = await here.post('/api/auth/change-password', {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'Changed2026',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(await getSessionUser(here)).toMatchObject({ email });
    expect(await getSessionUser(elsewhere)).toBeNull();
    const notice = await testApp.getLatestMail(email);
    expect(notice?.subject).toBe('Your Sitelift password was changed');
    expect(notice?.text).toContain('Forgot Password?');
    await signIn(testApp.app, email, 'Changed2026');
  });

  it('changes the e-mail only when the link sent to the new address is opened', async () => {
    const email = uniqueEmail('old-address');
    const newEmail = uniqueEmail('new-address');
    const agent = await signUpAndVerify(testApp, email);

    const requested = await agent.post('/api/auth/change-email', {
      newEmail,
      callbackURL: '/profile/edit',
    });
    expect(requested.statusCode).toBe(200);
    const message = await testApp.getLatestMail(newEmail);
    expect(message?.subject).toBe('Confirm your new email for Sitelift');
    expect(message?.text).toContain(newEmail);
    expect((await agent.get('/api/me/profile')).json()).toMatchObject({ email });
    expect((await testApp.getLatestMail(email))?.subject).not.toBe(
      'Your Sitelift email address was changed',
    );

    const confirmed = await agent.open(
      await getMailLink(testApp, newEmail, '/api/auth/verify-email'),
    );
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/profile/edit');
    expect((await agent.get('/api/me/profile')).json()).toMatchObject({
      email: newEmail,
      email_verified: true,
    });
    const rows = await testApp.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
    await signIn(testApp.app, newEmail);
    // The old address is told (it no longer reaches the account); the request alone told it nothing.
    const notice = await testApp.getLatestMail(email);
    expect(notice?.subject).toBe('Your Sitelift email address was changed');
    expect(notice?.text).toContain(newEmail);
  });

  it('signs out', async () => {
    const email = uniqueEmail('sign-out');
    await signUp(testApp.app, email);
    const agent = await signIn(testApp.app, email);
    const response = await agent.post('/api/auth/sign-out');
    expect(response.statusCode).toBe(200);
    expect(await getSessionUser(agent)).toBeNull();
    expect((await agent.get('/api/me/profile')).statusCode).toBe(401);
  });
});
