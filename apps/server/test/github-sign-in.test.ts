import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema';
import {
  startFakeGithubServer,
  type FakeGithubServer,
  type FakeGithubUser,
} from '../src/github/testing/fake-github-server';
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
import { SoftAuthenticator } from './helpers/soft-authenticator';
import { secretOf, totpAt } from './helpers/totp';

// Issue 28 item 3: "Sign in with GitHub" through the GitHub App's OAuth, against the GitHub-compatible
// fake on loopback (authorize page, token exchange, GET /user and GET /user/emails in GitHub's formats).
// The fake holds several accounts, so its authorization page asks which one (or Cancel), as GitHub's
// account chooser does; the test answers that form like a browser would.

const KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const CALLBACK = `${TEST_BASE_URL}/api/auth/callback/github`;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let nextGithubId = 9000;

describe(`sign in with GitHub on ${KIND}`, () => {
  let fake: FakeGithubServer;
  let testApp: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeGithubServer({ appUrl: TEST_BASE_URL });
    testApp = await createTestApp(KIND, {
      env: {
        GITHUB_APP_SLUG: fake.appSlug,
        GITHUB_CLIENT_ID: fake.clientId,
        GITHUB_CLIENT_SECRET: fake.clientSecret,
        GITHUB_API_URL: fake.url,
        GITHUB_WEB_URL: fake.url,
      },
      logLines,
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  /** A GitHub account on the fake; `emails` as GET /user/emails lists them. */
  const githubUser = (login: string, emails: FakeGithubUser['emails'], publicEmail?: string) => {
    const user: FakeGithubUser = {
      id: nextGithubId++,
      login,
      name: null,
      email: publicEmail ?? null,
      avatar_url: `https://avatars.example.com/u/${login}`,
      emails,
    };
    fake.state.users.set(login, user);
    return user;
  };

  /** The app's answer to "Continue with GitHub": GitHub's authorize URL. */
  const startSignIn = async (agent: Agent, path = '/api/auth/sign-in/social') => {
    const response = await agent.post(path, {
      provider: 'github',
      callbackURL: '/dashboard',
      errorCallbackURL: '/login',
      ...(path.endsWith('/sign-in/social') ? { newUserCallbackURL: '/dashboard?welcome=1' } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return new URL((response.json() as { url: string }).url);
  };

  /** The account chooser's answer (the choice of `login`, or Cancel): GitHub's redirect back. */
  const answerAuthorize = async (authorize: URL, choice: { login: string } | 'deny') => {
    const form = new URLSearchParams(authorize.searchParams);
    if (choice === 'deny') form.set('deny', '1');
    else form.set('login', choice.login);
    const response = await fetch(`${fake.url}/login/oauth/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') ?? '');
  };

  /** The browser following GitHub's redirect to the app's callback; returns where the app sends it. */
  const followCallback = async (agent: Agent, back: URL, headers?: Record<string, string>) => {
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    const response = await agent.request({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(302);
    return new URL(String(response.headers.location), TEST_BASE_URL);
  };

  const signInWithGithub = async (agent: Agent, login: string, headers?: Record<string, string>) =>
    followCallback(agent, await answerAuthorize(await startSignIn(agent), { login }), headers);

  const sessionUser = async (agent: Agent) =>
    ((await agent.get('/api/auth/get-session')).json() as { user?: { email: string } } | null)
      ?.user;

  const githubAccounts = (userId: string) =>
    testApp.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'github')));

  /** An account with two-factor authentication on and GitHub (`login` on the fake) linked. */
  const twoFactorAccountWithGithub = async (label: string, login: string) => {
    const email = uniqueEmail(label);
    const userId = await signUpMarkedVerified(testApp, email);
    githubUser(login, [{ email, primary: true, verified: true, visibility: null }]);
    const owner = createAgent(testApp.app);
    expect(
      (await owner.post('/api/auth/sign-in/email', { email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
    const enabled = await owner.post('/api/auth/two-factor/enable', { password: GOOD_PASSWORD });
    const secret = secretOf((enabled.json() as { totpURI: string }).totpURI);
    expect(
      (await owner.post('/api/auth/two-factor/verify-totp', { code: totpAt(secret, Date.now()) }))
        .statusCode,
    ).toBe(200);
    const linking = await startSignIn(owner, '/api/auth/link-social');
    await followCallback(owner, await answerAuthorize(linking, { login }));
    expect(await githubAccounts(userId)).toHaveLength(1);
    return { email, userId, owner, secret };
  };

  it('offers GitHub on the sign-in screens and sends the browser to GitHub with state and PKCE', async () => {
    const methods = await createAgent(testApp.app).get('/api/sign-in-methods');
    expect(methods.json()).toEqual({ github: true });

    githubUser('chooser-a', []);
    const authorize = await startSignIn(createAgent(testApp.app));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(fake.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // With several accounts the fake's authorize page is GitHub's account chooser.
    const page = await fetch(authorize, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Continue as chooser-a');

    // Only GitHub is a provider, and only with a strict body.
    const other = await createAgent(testApp.app).post('/api/auth/sign-in/social', {
      provider: 'google',
    });
    expect(other.statusCode).toBe(400);
  });

  it('creates a new account from the verified primary address of GET /user/emails, no tokens kept', async () => {
    const primary = uniqueEmail('gh-new');
    githubUser('new-octo', [
      { email: uniqueEmail('gh-secondary'), primary: false, verified: true, visibility: null },
      { email: primary, primary: true, verified: true, visibility: 'private' },
    ]);
    const agent = createAgent(testApp.app);
    const landed = await signInWithGithub(agent, 'new-octo');
    expect(`${landed.pathname}${landed.search}`).toBe('/dashboard?welcome=1');
    expect((await sessionUser(agent))?.email).toBe(primary);

    const [row] = await testApp.database.db.select().from(users).where(eq(users.email, primary));
    expect(row?.emailVerified).toBe(true);
    expect(row?.name).toBe('new-octo');
    const linked = await githubAccounts(row!.id);
    expect(linked).toHaveLength(1);
    expect(linked[0]?.accountId).toBe(String(fake.state.users.get('new-octo')?.id));
    expect(linked[0]?.accessToken).toBeNull();
    expect(linked[0]?.refreshToken).toBeNull();
    // The exchange sent the PKCE verifier (the fake refuses a code without it).
    const exchange = fake.state.requests.filter((r) => r.path === '/login/oauth/access_token');
    expect(exchange.at(-1)?.status).toBe(200);

    // Signing in again is the same account (no second one), and no password means no "Disconnect".
    const again = createAgent(testApp.app);
    expect((await signInWithGithub(again, 'new-octo')).pathname).toBe('/dashboard');
    expect(
      await testApp.database.db.select().from(users).where(eq(users.email, primary)),
    ).toHaveLength(1);
    const listed = await again.get('/api/auth/list-accounts');
    expect((listed.json() as { providerId: string }[]).map((item) => item.providerId)).toEqual([
      'github',
    ]);
    expect(listed.body).not.toMatch(/accessToken|ghu_/);
    const unlink = await again.post('/api/auth/unlink-account', { accountId: linked[0]?.id });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json().code).toBe('FAILED_TO_UNLINK_LAST_ACCOUNT');
    expect(await githubAccounts(row!.id)).toHaveLength(1);
  });

  it('does not link an existing account silently: the owner signs in with the password first', async () => {
    const email = uniqueEmail('gh-existing');
    const userId = await signUpMarkedVerified(testApp, email);
    githubUser('existing-octo', [{ email, primary: true, verified: true, visibility: 'public' }]);

    // GitHub says the address is theirs, but the account is not linked: no session, a message.
    const stranger = createAgent(testApp.app);
    const refused = await signInWithGithub(stranger, 'existing-octo');
    expect(refused.pathname).toBe('/login');
    expect(refused.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionUser(stranger)).toBeUndefined();
    expect(await githubAccounts(userId)).toHaveLength(0);

    // The owner signs in with the password, then links GitHub (GitHub asks again, the app links).
    const owner = createAgent(testApp.app);
    const signedIn = await owner.post('/api/auth/sign-in/email', {
      email,
      password: GOOD_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    const authorize = await startSignIn(owner, '/api/auth/link-social');
    const linkedAt = await followCallback(
      owner,
      await answerAuthorize(authorize, { login: 'existing-octo' }),
    );
    expect(linkedAt.pathname).toBe('/dashboard');
    expect(await githubAccounts(userId)).toHaveLength(1);

    // Now GitHub signs the owner in; with a password the link may be disconnected.
    const viaGithub = createAgent(testApp.app);
    expect((await signInWithGithub(viaGithub, 'existing-octo')).pathname).toBe('/dashboard');
    expect((await sessionUser(viaGithub))?.email).toBe(email);
    const [link] = await githubAccounts(userId);
    const unlink = await viaGithub.post('/api/auth/unlink-account', { accountId: link?.id });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(await githubAccounts(userId)).toHaveLength(0);
  });

  it('refuses a GitHub account whose primary address is not verified, even when it is public', async () => {
    const email = uniqueEmail('gh-unverified');
    githubUser(
      'unverified-octo',
      [
        { email, primary: true, verified: false, visibility: 'public' },
        { email: uniqueEmail('gh-other'), primary: false, verified: true, visibility: null },
      ],
      email,
    );
    const agent = createAgent(testApp.app);
    const landed = await signInWithGithub(agent, 'unverified-octo');
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('error')).toBe('email_not_found');
    expect(await sessionUser(agent)).toBeUndefined();
    expect(
      await testApp.database.db.select().from(users).where(eq(users.email, email)),
    ).toHaveLength(0);
  });

  it('refuses a forged or foreign state', async () => {
    githubUser('state-octo', [
      { email: uniqueEmail('gh-state'), primary: true, verified: true, visibility: null },
    ]);
    const victim = createAgent(testApp.app);
    const back = await answerAuthorize(await startSignIn(victim), { login: 'state-octo' });

    // A state the app never issued.
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-0123456789abcdef');
    const landedForged = await followCallback(victim, forged);
    expect(landedForged.pathname).toBe('/login');
    expect(landedForged.searchParams.get('error')).toMatch(/state/);
    expect(await sessionUser(victim)).toBeUndefined();

    // A real state, but opened in another browser (the attacker's link in the victim's browser).
    const attacker = createAgent(testApp.app);
    const attackerBack = await answerAuthorize(await startSignIn(attacker), {
      login: 'state-octo',
    });
    const other = createAgent(testApp.app);
    const landedOther = await followCallback(other, attackerBack);
    expect(landedOther.searchParams.get('error')).toMatch(/state/);
    expect(await sessionUser(other)).toBeUndefined();
  });

  it('shows GitHub refusing access (access_denied) on the sign-in screen', async () => {
    const agent = createAgent(testApp.app);
    const back = await answerAuthorize(await startSignIn(agent), 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const landed = await followCallback(agent, back);
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(await sessionUser(agent)).toBeUndefined();
  });

  it('asks for the second factor after GitHub for a 2FA account, and mails a new device', async () => {
    const { email, secret } = await twoFactorAccountWithGithub('gh-2fa', 'twofactor-octo');

    // GitHub alone gives no session: the sign-in screen asks for the code.
    const newMails = async () =>
      (await testApp.getOutbox()).filter(
        (mail) => mail.to === email && mail.subject.startsWith('New sign-in'),
      ).length;
    const before = await newMails();
    const browser = createAgent(testApp.app);
    const landed = await signInWithGithub(browser, 'twofactor-octo', {
      'user-agent': FIREFOX_LINUX,
    });
    expect(`${landed.pathname}${landed.search}`).toBe('/login?second_factor=1');
    expect(await sessionUser(browser)).toBeUndefined();
    expect(await newMails()).toBe(before);
    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const accepted = await browser.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      json: { code: totpAt(secret, Date.now()) },
      headers: { 'user-agent': FIREFOX_LINUX },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await sessionUser(browser))?.email).toBe(email);
    // A device this account had not used: the new-device e-mail.
    expect(await newMails()).toBe(before + 1);
  });

  it("offers the account's passkey as the second factor after GitHub, as after a password", async () => {
    const { userId, owner } = await twoFactorAccountWithGithub('gh-2fa-passkey', 'passkey-octo');
    const authenticator = new SoftAuthenticator(TEST_BASE_URL);
    const registration = await owner.get('/api/auth/passkey/generate-register-options');
    const added = await owner.post('/api/auth/passkey/verify-registration', {
      response: authenticator.register(registration.json()),
      name: 'Laptop',
    });
    expect(added.statusCode, added.body).toBe(200);

    // The sign-in screen's second step offers the passkey beside the code, and the passkey confirms.
    const browser = createAgent(testApp.app);
    const landed = await signInWithGithub(browser, 'passkey-octo');
    expect(`${landed.pathname}${landed.search}`).toBe('/login?second_factor=passkey');
    expect(await sessionUser(browser)).toBeUndefined();
    const options = await browser.post('/api/auth/two-factor/generate-passkey-options', {});
    expect(options.statusCode, options.body).toBe(200);
    const confirmed = await browser.post('/api/auth/two-factor/verify-passkey', {
      response: authenticator.authenticate(options.json()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const session = (await browser.get('/api/auth/get-session')).json() as { user: { id: string } };
    expect(session.user.id).toBe(userId);
  });

  it('never logs or answers with GitHub codes or tokens', () => {
    const logs = logLines.join('\n');
    expect(fake.state.issuedSecrets.length).toBeGreaterThan(5);
    for (const secret of fake.state.issuedSecrets) expect(logs).not.toContain(secret);
  });
});
