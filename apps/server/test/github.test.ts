import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEPLOY_MESSAGES } from '@sitelift/shared/messages';
import { bookLedgerEntry } from '../src/db/credits.repository';
import { openDatabase } from '../src/db/database';
import { githubTokens, projects } from '../src/db/schema';
import {
  startFakeGithubServer,
  type FakeGithubServer,
} from '../src/github/testing/fake-github-server';
import { createTokenCipher } from '../src/github/token-crypto';
import { getAccessToken, type GithubDeps } from '../src/github/github.service';
import { buildLogger } from '../src/lib/logger';
import { createCompletedProject, getUserId } from './helpers/billing-test-helpers';
import {
  createAgent,
  createTestApp,
  signUpVerified,
  TEST_BASE_URL,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// GitHub delivery (issue 14) against a GitHub-compatible server on loopback: the real Octokit (retry and
// throttling plugins) and @octokit/oauth-methods talk to src/github/testing/fake-github-server.ts.

const TOKEN_KEY = randomBytes(32);
const cipher = createTokenCipher(TOKEN_KEY);

// A real 1x1 PNG followed by bytes that are not UTF-8: the picture must arrive byte for byte.
const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.from([0xff, 0xfe, 0x00, 0x80]),
]);
const SITE_FILES: Record<string, Uint8Array> = {
  'index.html': new TextEncoder().encode('<!doctype html><title>Rerun — fixture ✓</title>\n'),
  'src/main.tsx': new TextEncoder().encode("import './styles.css';\nconsole.log('hi');\n"),
  'src/styles.css': new TextEncoder().encode('body { color: #123456; }\n'),
  'public/images/logo.png': PNG,
  'public/fonts/site.woff2': new Uint8Array([0x77, 0x4f, 0x46, 0x32, 0x00, 0x01, 0x02, 0xc3]),
  'README.md': new TextEncoder().encode('# Rerun fixture\n\nRebuilt by Sitelift.\n'),
};

function projectZip(folder: string): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Object.entries(SITE_FILES).map(([name, bytes]) => [`${folder}/${name}`, bytes]),
    ),
  );
}

describe.each(TEST_DATABASE_KINDS)('GitHub connection and deploy on %s', (kind) => {
  let fake: FakeGithubServer;
  let testApp: TestApp;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    fake = await startFakeGithubServer({ appUrl: TEST_BASE_URL });
    testApp = await createTestApp(kind, {
      env: {
        ALLOW_PRIVATE_URLS: 'true',
        GITHUB_APP_SLUG: fake.appSlug,
        GITHUB_CLIENT_ID: fake.clientId,
        GITHUB_CLIENT_SECRET: fake.clientSecret,
        GITHUB_API_URL: fake.url,
        GITHUB_WEB_URL: fake.url,
        GITHUB_TOKEN_KEY: TOKEN_KEY.toString('base64'),
      },
      mutateConfig: (config) => ({
        ...config,
        github: config.github && { ...config.github, writeIntervalMs: 0 },
      }),
      logLines,
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  /** Every answer body is kept so the last test can look for leaked tokens. */
  async function call(agent: Agent, method: 'GET' | 'POST', url: string, json?: unknown) {
    const response = method === 'GET' ? await agent.get(url) : await agent.post(url, json ?? {});
    answers.push(response.body);
    return response;
  }

  /** The browser's part: state → authorize URL → GitHub redirects back with code and state. */
  async function authorize(agent: Agent) {
    const state = randomBytes(32).toString('hex');
    const stateResponse = await call(agent, 'POST', '/api/github/state', { state });
    expect(stateResponse.statusCode).toBe(200);
    const authorizeUrl = new URL(stateResponse.json().authorize_url);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(
      `${fake.url}/login/oauth/authorize`,
    );
    expect(authorizeUrl.searchParams.get('client_id')).toBe(fake.clientId);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${TEST_BASE_URL}/auth/github/callback`,
    );
    expect(authorizeUrl.searchParams.get('state')).toBe(state);
    const redirect = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${TEST_BASE_URL}/auth/github/callback`);
    return {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      redirect_uri: `${TEST_BASE_URL}/auth/github/callback`,
    };
  }

  async function connect(agent: Agent) {
    const response = await call(agent, 'POST', '/api/github/callback', await authorize(agent));
    expect(response.statusCode).toBe(200);
    return response;
  }

  async function completedProject(agent: Agent, description?: string) {
    // Every account starts with one credit; a second project needs another.
    await bookLedgerEntry(testApp.database.db, {
      userId: await getUserId(agent),
      idempotencyKey: `github-test:${randomBytes(6).toString('hex')}`,
      delta: 1,
      reason: 'purchase',
    });
    const id = await createCompletedProject(testApp, agent);
    if (description !== undefined) {
      await testApp.database.db.update(projects).set({ description }).where(eq(projects.id, id));
    }
    await testApp.artifacts.replaceProjectArtifacts(
      id,
      new Map([['project.zip', projectZip('Rerun fixture')]]),
    );
    return id;
  }

  async function tokenRow(agent: Agent) {
    const userId = await getUserId(agent);
    const [row] = await testApp.database.db
      .select()
      .from(githubTokens)
      .where(eq(githubTokens.userId, userId));
    return row;
  }

  function githubDeps(): GithubDeps {
    return {
      db: testApp.database.db,
      config: testApp.config.github,
      baseUrl: TEST_BASE_URL,
      cipher,
      logger: buildLogger('silent'),
      artifacts: testApp.artifacts,
      writeIntervalMs: 0,
    };
  }

  function repoOf(url: string) {
    const fullName = url.slice(fake.url.length + 1);
    const repo = fake.state.repos.get(fullName.toLowerCase());
    if (!repo) throw new Error(`no repository ${fullName}`);
    return repo;
  }

  it('answers 401 signed out and shows the install link while not connected', async () => {
    const guest = createAgent(testApp.app);
    const signedOut = await guest.get('/api/github/connection');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe('Authentication required');
    expect(
      (await guest.post('/api/projects/00000000-0000-4000-8000-000000000000/deploy', {}))
        .statusCode,
    ).toBe(401);

    const agent = await signUpVerified(testApp, uniqueEmail('gh-none'));
    const response = await call(agent, 'GET', '/api/github/connection');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      configured: true,
      connected: false,
      github_user: null,
      install_url: `${fake.url}/apps/${fake.appSlug}/installations/new`,
    });
  });

  it('refuses a malformed state, a missing code, a state never issued, another user’s and a used one', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-state'));
    const other = await signUpVerified(testApp, uniqueEmail('gh-other'));

    const malformed = await call(agent, 'POST', '/api/github/state', { state: 'ABC' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('API_VALIDATION_FAILED');

    const missing = await call(agent, 'POST', '/api/github/callback', { state: 'a'.repeat(64) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({
      code: 'API_GITHUB_CALLBACK_INCOMPLETE',
      message: 'Missing authorization code or state parameter',
    });
    const missingState = await call(agent, 'POST', '/api/github/callback', { code: 'abc' });
    expect(missingState.json().error.message).toBe('Missing authorization code or state parameter');

    const neverIssued = await call(agent, 'POST', '/api/github/callback', {
      code: fake.issueCode(),
      state: randomBytes(32).toString('hex'),
    });
    expect(neverIssued.statusCode).toBe(400);
    expect(neverIssued.json().error).toEqual({
      code: 'API_GITHUB_STATE_INVALID',
      message: 'Invalid state parameter. Please try connecting again.',
    });

    // A state issued to another user (a forged callback link) is refused, and stays usable by its owner.
    const othersCallback = await authorize(other);
    const stolen = await call(agent, 'POST', '/api/github/callback', othersCallback);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(
      'Invalid state parameter. Please try connecting again.',
    );
    const exchangesBefore = fake.state.exchangeCount;
    expect((await call(other, 'POST', '/api/github/callback', othersCallback)).statusCode).toBe(
      200,
    );
    expect(fake.state.exchangeCount).toBe(exchangesBefore + 1);

    // Single use: the same state again is refused without another exchange.
    const again = await call(other, 'POST', '/api/github/callback', {
      ...othersCallback,
      code: fake.issueCode(),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('API_GITHUB_STATE_INVALID');
    expect(fake.state.exchangeCount).toBe(exchangesBefore + 1);
  });

  it('answers 502 with the spec message when GitHub refuses the exchange, and stays disconnected', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-refused'));
    const callback = await authorize(agent);
    fake.refuseNextExchange();
    const refused = await call(agent, 'POST', '/api/github/callback', callback);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toEqual({
      code: 'API_GITHUB_EXCHANGE_FAILED',
      message: 'Failed to exchange code for token or missing user data.',
    });
    expect((await call(agent, 'GET', '/api/github/connection')).json().connected).toBe(false);
    expect(await tokenRow(agent)).toBeUndefined();
  });

  it('connects: the panel shows the account and the tokens are stored encrypted', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-connect'));
    const response = await connect(agent);
    const user = {
      login: 'octo-sitelift',
      name: 'Octo Sitelift',
      email: 'octo@example.com',
      avatar_url: 'https://avatars.example.com/u/4242',
    };
    expect(response.json()).toEqual({ success: true, github_user: user });
    const connection = await call(agent, 'GET', '/api/github/connection');
    expect(connection.json()).toMatchObject({
      configured: true,
      connected: true,
      github_user: user,
    });

    const row = await tokenRow(agent);
    expect(row).toMatchObject({
      githubUserId: '4242',
      githubUsername: 'octo-sitelift',
      githubEmail: 'octo@example.com',
      githubAvatarUrl: 'https://avatars.example.com/u/4242',
      isActive: true,
    });
    expect(row?.accessToken).toMatch(/^v1:/);
    expect(row?.refreshToken).toMatch(/^v1:/);
    const accessToken = cipher.decrypt(row?.accessToken ?? '');
    expect(accessToken).toMatch(/^ghu_/);
    expect(fake.state.issuedSecrets).toContain(accessToken);
    const rowText = JSON.stringify(row);
    for (const secret of fake.state.issuedSecrets) expect(rowText).not.toContain(secret);
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 7 * 3600_000);
  });

  it('deploys a completed project: the repository, one commit on main and every file byte for byte', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-deploy'));
    await connect(agent);
    const id = await completedProject(agent, `  A rebuilt site.  ${'x'.repeat(400)}`);
    const requestsBefore = fake.state.requests.length;

    const response = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.github_repo_url).toMatch(
      new RegExp(`^${fake.url}/octo-sitelift/rerun-fixture-modernized-\\d{6}$`),
    );
    expect(body.project).toMatchObject({ id, github_repo_url: body.github_repo_url });
    const stored = await call(agent, 'GET', `/api/projects/${id}`);
    expect(stored.json().github_repo_url).toBe(body.github_repo_url);

    const repo = repoOf(body.github_repo_url);
    expect(repo.private).toBe(true);
    expect(repo.description).toBe(`A rebuilt site.  ${'x'.repeat(400)}`.slice(0, 350));
    const head = repo.refs.get('heads/main') ?? '';
    const commit = repo.commits.get(head);
    expect(commit?.message).toBe('Initial modernization commit');
    // The parent is the commit auto_init made; the tree is built on its tree (its README is replaced).
    const [parent] = commit?.parents ?? [];
    expect(commit?.parents).toHaveLength(1);
    expect(repo.commits.get(parent ?? '')?.message).toBe('Initial commit');
    expect(
      [...repo.commits.values()].filter((c) => c.message === 'Initial modernization commit'),
    ).toHaveLength(1);
    const files = fake.readFiles(repo.full_name);
    expect([...files.keys()].sort()).toEqual(Object.keys(SITE_FILES).sort());
    for (const [name, bytes] of Object.entries(SITE_FILES)) {
      expect({ name, same: files.get(name)?.equals(Buffer.from(bytes)) }).toEqual({
        name,
        same: true,
      });
    }
    for (const entry of repo.trees.get(commit?.tree ?? '')?.values() ?? []) {
      expect(entry).toMatchObject({ mode: '100644', type: 'blob' });
    }

    const calls = fake.state.requests.slice(requestsBefore);
    const blobCalls = calls.filter((item) => item.path.endsWith('/git/blobs'));
    expect(blobCalls).toHaveLength(Object.keys(SITE_FILES).length);
    const encodings = blobCalls.map((item) => item.body?.encoding).sort();
    expect(encodings).toEqual(['base64', 'base64', 'utf-8', 'utf-8', 'utf-8', 'utf-8']);
    expect(calls.find((item) => item.path === '/user/repos')?.body).toMatchObject({
      private: true,
      auto_init: true,
    });
    expect(
      calls.map((item) => `${item.method} ${item.path.replace(/\/git\/.*/, '/git/…')}`),
    ).toContain(`PATCH /repos/${repo.full_name}/git/…`);

    // A double click: two deploys of one project at once make one repository and one commit.
    const twice = await completedProject(agent);
    const reposBefore = fake.state.repos.size;
    const [one, two] = await Promise.all([
      call(agent, 'POST', `/api/projects/${twice}/deploy`, {}),
      call(agent, 'POST', `/api/projects/${twice}/deploy`, {}),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(two.json().github_repo_url).toBe(one.json().github_repo_url);
    expect(fake.state.repos.size).toBe(reposBefore + 1);
    expect(
      [...repoOf(one.json().github_repo_url).commits.values()].map((c) => c.message).sort(),
    ).toEqual(['Initial commit', 'Initial modernization commit']);

    // Public on request.
    const second = await completedProject(agent);
    const open = await call(agent, 'POST', `/api/projects/${second}/deploy`, { public: true });
    expect(open.statusCode).toBe(200);
    expect(repoOf(open.json().github_repo_url).private).toBe(false);
  });

  it('waits out a 409 empty repository and a 403 secondary rate limit (retry-after) and deploys', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-retry'));
    await connect(agent);
    const id = await completedProject(agent);
    fake.emptyRefCalls(2);
    fake.injectSecondaryRateLimit('/user/repos', 1, 'POST');
    const requestsBefore = fake.state.requests.length;
    const startedAt = Date.now();
    try {
      const response = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
      expect(response.statusCode).toBe(200);
      const repo = repoOf(response.json().github_repo_url);
      expect(repo.commits.get(repo.refs.get('heads/main') ?? '')?.message).toBe(
        'Initial modernization commit',
      );
    } finally {
      fake.emptyRefCalls(0);
    }
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
    const calls = fake.state.requests.slice(requestsBefore);
    expect(calls.filter((item) => item.path === '/user/repos').map((item) => item.status)).toEqual([
      403, 201,
    ]);
    expect(
      calls.filter((item) => item.path.endsWith('/git/ref/heads/main')).map((item) => item.status),
    ).toEqual([409, 409, 200]);
  });

  it('refuses another user’s project (404), an unfinished one (409) and a user without GitHub (400)', async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('gh-owner'));
    const intruder = await signUpVerified(testApp, uniqueEmail('gh-intruder'));
    await connect(intruder);
    const id = await completedProject(owner);
    const foreign = await call(intruder, 'POST', `/api/projects/${id}/deploy`, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('API_PROJECT_NOT_FOUND');
    expect((await call(intruder, 'POST', '/api/projects/not-a-uuid/deploy', {})).statusCode).toBe(
      404,
    );

    await testApp.database.db
      .update(projects)
      .set({ status: 'processing' })
      .where(eq(projects.id, id));
    await connect(owner);
    const unfinished = await call(owner, 'POST', `/api/projects/${id}/deploy`, {});
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().error.code).toBe('API_GITHUB_PROJECT_NOT_READY');

    const stranger = await signUpVerified(testApp, uniqueEmail('gh-stranger'));
    const strangersProject = await completedProject(stranger);
    const notConnected = await call(
      stranger,
      'POST',
      `/api/projects/${strangersProject}/deploy`,
      {},
    );
    expect(notConnected.statusCode).toBe(400);
    expect(notConnected.json().error).toEqual({
      code: 'API_GITHUB_NOT_AUTHENTICATED',
      message: 'User not authenticated with GitHub.',
    });
    // A failure whose body is not JSON is named by its status text.
    await connect(stranger);
    fake.injectFault({
      method: 'POST',
      path: '/user/repos',
      count: 1,
      status: 400,
      body: '<html><body>Bad request</body></html>',
    });
    const htmlFailure = await call(
      stranger,
      'POST',
      `/api/projects/${strangersProject}/deploy`,
      {},
    );
    expect(htmlFailure.statusCode).toBe(502);
    expect(htmlFailure.json().error.message).toBe('GitHub API Error: Bad Request');
    await call(stranger, 'POST', '/api/github/disconnect', {});
    const notConnectedRefresh = await call(stranger, 'POST', '/api/github/refresh', {});
    expect(notConnectedRefresh.json().error.message).toBe('User not authenticated with GitHub.');
  });

  it('retries a half-failed deploy into the same repository, a link-less one only saves the link, a finished one gets a new repository', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-halfway'));
    await connect(agent);
    const id = await completedProject(agent);
    const refuseNextTree = () =>
      fake.injectFault({
        method: 'POST',
        path: /\/git\/trees$/,
        count: 1,
        status: 422,
        body: { message: 'Invalid tree info', status: '422' },
      });
    refuseNextTree();
    const reposBefore = fake.state.repos.size;
    const deletedBefore = fake.state.deletedRepos.length;
    // The repository it made is deleted again: the failure leaves nothing on the account.
    const cleaned = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(cleaned.statusCode).toBe(502);
    expect(cleaned.json().error).toEqual({
      code: 'API_GITHUB_API_ERROR',
      message: `GitHub API Error: Invalid tree info. ${DEPLOY_MESSAGES.emptyRepositoryDeleted}`,
    });
    expect(fake.state.repos.size).toBe(reposBefore);
    expect(fake.state.deletedRepos.length).toBe(deletedBefore + 1);

    // GitHub refuses to delete it (no admin right): the next deploy fills that repository.
    refuseNextTree();
    fake.injectFault({
      method: 'DELETE',
      path: /^\/repos\/[^/]+\/[^/]+$/,
      count: 1,
      status: 403,
      body: { message: 'Must have admin rights to Repository.', status: '403' },
    });
    const failed = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: 'API_GITHUB_API_ERROR',
      message: 'GitHub API Error: Invalid tree info',
    });
    expect(fake.state.repos.size).toBe(reposBefore + 1);
    expect((await call(agent, 'GET', `/api/projects/${id}`)).json().github_repo_url).toBeNull();

    const retried = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(retried.statusCode).toBe(200);
    expect(fake.state.repos.size).toBe(reposBefore + 1);
    const repo = repoOf(retried.json().github_repo_url);
    expect(fake.readFiles(repo.full_name).get('public/images/logo.png')?.equals(PNG)).toBe(true);

    // Saving the link failed last time, say: deploying again commits nothing new.
    await testApp.database.db
      .update(projects)
      .set({ githubRepoUrl: null })
      .where(eq(projects.id, id));
    const commitsBefore = repo.commits.size;
    const again = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().github_repo_url).toBe(retried.json().github_repo_url);
    expect(repo.commits.size).toBe(commitsBefore);
    expect(fake.state.repos.size).toBe(reposBefore + 1);

    // With its link saved, the deploy is finished: 'Deploy again' publishes into a new repository.
    const redeployed = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(redeployed.statusCode).toBe(200);
    expect(fake.state.repos.size).toBe(reposBefore + 2);
    expect(redeployed.json().github_repo_url).not.toBe(again.json().github_repo_url);
    const second = repoOf(redeployed.json().github_repo_url);
    expect(second.commits.size).toBe(2);
    expect(fake.readFiles(second.full_name).get('public/images/logo.png')?.equals(PNG)).toBe(true);
  });

  it('never answers a deploy of another user’s project with the owner’s deploy in flight', async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('gh-race-owner'));
    const intruder = await signUpVerified(testApp, uniqueEmail('gh-race-intruder'));
    await connect(owner);
    const id = await completedProject(owner);
    // The owner's deploy waits out a rate limit (retry-after: 1 s) while the intruder asks.
    fake.injectSecondaryRateLimit('/user/repos', 1, 'POST');
    const ownerDeploy = call(owner, 'POST', `/api/projects/${id}/deploy`, {});
    await vi.waitFor(
      () => expect(fake.state.requests.some((r) => r.path === '/user/repos')).toBe(true),
      { timeout: 5000, interval: 20 },
    );
    const foreign = await call(intruder, 'POST', `/api/projects/${id}/deploy`, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('API_PROJECT_NOT_FOUND');
    expect(foreign.body).not.toContain('github_repo_url');
    const finished = await ownerDeploy;
    expect(finished.statusCode).toBe(200);
    expect(finished.json().project.id).toBe(id);
  });

  it('says what GitHub answered, with its reasons', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-reasons'));
    await connect(agent);
    const id = await completedProject(agent);
    fake.injectFault({
      method: 'POST',
      path: '/user/repos',
      count: 1,
      status: 422,
      body: {
        message: 'Repository creation failed.',
        errors: [
          {
            resource: 'Repository',
            code: 'custom',
            field: 'name',
            message: 'name already exists on this account',
          },
        ],
        status: '422',
      },
    });
    const refused = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toBe(
      'GitHub API Error: Repository creation failed. (name already exists on this account)',
    );
  });

  it('refreshes an expiring token once for two concurrent calls (refresh tokens are single use)', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-refresh'));
    await connect(agent);
    const userId = await getUserId(agent);
    const before = await tokenRow(agent);
    await testApp.database.db
      .update(githubTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(githubTokens.userId, userId));
    const refreshes = fake.state.refreshCount;
    // Two calls that need the token at the same time: one refresh, both get the new token.
    const deps = githubDeps();
    const [first, second] = await Promise.all([
      getAccessToken(deps, userId),
      getAccessToken(deps, userId),
    ]);
    expect(fake.state.refreshCount).toBe(refreshes + 1);
    expect(second.token).toBe(first.token);
    const after = await tokenRow(agent);
    expect(cipher.decrypt(after?.accessToken ?? '')).toBe(first.token);
    expect(first.token).not.toBe(cipher.decrypt(before?.accessToken ?? ''));
    expect(first.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 7 * 3600_000);

    // POST /api/github/refresh refreshes on request and answers the new expiry, never a token.
    const refreshed = await call(agent, 'POST', '/api/github/refresh', {});
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ success: true, expires_at: expect.any(String) });
    expect(new Date(refreshed.json().expires_at).getTime()).toBeGreaterThan(
      Date.now() + 7 * 3600_000,
    );
    expect(fake.state.refreshCount).toBe(refreshes + 2);

    // A deploy with an access token about to expire refreshes it first.
    await testApp.database.db
      .update(githubTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(githubTokens.userId, userId));
    const id = await completedProject(agent);
    expect((await call(agent, 'POST', `/api/projects/${id}/deploy`, {})).statusCode).toBe(200);
    expect(fake.state.refreshCount).toBe(refreshes + 3);

    // GitHub refusing the refresh token ends the connection.
    await testApp.database.db
      .update(githubTokens)
      .set({ refreshToken: cipher.encrypt('ghr_not_issued') })
      .where(eq(githubTokens.userId, userId));
    const refused = await call(agent, 'POST', '/api/github/refresh', {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('User not authenticated with GitHub.');
    expect((await call(agent, 'GET', '/api/github/connection')).json().connected).toBe(false);
  });

  // PostgreSQL only (PGlite is one process): defined, not skipped, elsewhere (decision 017).
  if (kind === 'postgres')
    it('refreshes once when two processes need the token at the same time (row lock)', async () => {
      const agent = await signUpVerified(testApp, uniqueEmail('gh-processes'));
      await connect(agent);
      const userId = await getUserId(agent);
      await testApp.database.db
        .update(githubTokens)
        .set({ expiresAt: new Date(Date.now() + 60_000) })
        .where(eq(githubTokens.userId, userId));
      // A second copy of the service module (its own in-process queue) over its own connection pool
      // stands for another process: only the SELECT ... FOR UPDATE keeps the two apart.
      vi.resetModules();
      const otherProcess = await import('../src/github/github.service');
      const otherDatabase = await openDatabase({
        databaseUrl: testApp.config.databaseUrl,
        pgliteDir: path.join(testApp.dataDir, 'unused'),
      });
      try {
        const refreshes = fake.state.refreshCount;
        const [mine, theirs] = await Promise.all([
          getAccessToken(githubDeps(), userId),
          otherProcess.getAccessToken({ ...githubDeps(), db: otherDatabase.db }, userId),
        ]);
        expect(fake.state.refreshCount).toBe(refreshes + 1);
        expect(theirs.token).toBe(mine.token);
        expect((await call(agent, 'GET', '/api/github/connection')).json().connected).toBe(true);
      } finally {
        await otherDatabase.close();
      }
    });

  it('answers a clear error when GitHub says 401 (token revoked there) and ends the connection', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-revoked'));
    await connect(agent);
    const id = await completedProject(agent);
    fake.revokeAllTokens();
    const response = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: 'API_GITHUB_API_ERROR',
      message: 'GitHub API Error: Bad credentials',
    });
    expect((await call(agent, 'GET', '/api/github/connection')).json().connected).toBe(false);
    const again = await call(agent, 'POST', `/api/projects/${id}/deploy`, {});
    expect(again.json().error.message).toBe('User not authenticated with GitHub.');
  });

  it('disconnects: inactive, tokens wiped, the token revoked on GitHub', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-disconnect'));
    await connect(agent);
    const revoked = fake.state.revokedCount;
    const response = await call(agent, 'POST', '/api/github/disconnect', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(fake.state.revokedCount).toBe(revoked + 1);
    expect(await tokenRow(agent)).toMatchObject({
      isActive: false,
      accessToken: null,
      refreshToken: null,
    });
    expect((await call(agent, 'GET', '/api/github/connection')).json()).toMatchObject({
      connected: false,
      github_user: null,
    });
  });

  it('sends Bearer and X-GitHub-Api-Version 2022-11-28 on every call (spec §7)', () => {
    const calls = fake.state.requests.filter(
      (request) => !request.path.startsWith('/login/') && !request.path.startsWith('/apps/'),
    );
    expect(calls.length).toBeGreaterThan(20);
    for (const request of calls) {
      expect({ path: request.path, version: request.apiVersion }).toEqual({
        path: request.path,
        version: '2022-11-28',
      });
      // Revoking a token is the app's own call: GitHub wants its client id and secret (Basic) there.
      const scheme = request.path.startsWith('/applications/') ? 'basic' : 'bearer';
      expect({ path: request.path, scheme: request.authScheme?.toLowerCase() }).toEqual({
        path: request.path,
        scheme,
      });
    }
  });

  it('never puts a token, code or the client secret in an answer or a log line', () => {
    expect(fake.state.issuedSecrets.length).toBeGreaterThan(10);
    const answersText = answers.join('\n');
    const logText = logLines.join('\n');
    expect(logText).toContain('GitHub');
    for (const secret of [...fake.state.issuedSecrets, fake.clientSecret]) {
      expect(answersText.includes(secret)).toBe(false);
      expect(logText.includes(secret)).toBe(false);
    }
  });
});

describe('GitHub not configured', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('pglite', { env: { ALLOW_PRIVATE_URLS: 'true' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('says so: configured false, no install link, and the other routes answer 503', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('gh-off'));
    expect((await agent.get('/api/github/connection')).json()).toEqual({
      configured: false,
      connected: false,
      github_user: null,
      install_url: null,
    });
    const state = await agent.post('/api/github/state', { state: 'a'.repeat(64) });
    expect(state.statusCode).toBe(503);
    expect(state.json().error).toEqual({
      code: 'API_GITHUB_NOT_CONFIGURED',
      message: 'GitHub integration is not configured on this server.',
    });
    const id = await createCompletedProject(testApp, agent);
    expect((await agent.post(`/api/projects/${id}/deploy`, {})).statusCode).toBe(503);
  });

  it('describes the GitHub routes in the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/github/connection',
        '/api/github/state',
        '/api/github/callback',
        '/api/github/disconnect',
        '/api/github/refresh',
        '/api/projects/{id}/deploy',
      ]),
    );
  });
});
