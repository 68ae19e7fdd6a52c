import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, billingSubscriptions, creditLedger, jobs, projects } from '../src/db/schema';
import { callV1, createKey, grantCredits, subscribeToScale } from './helpers/api-key-test-helpers';
import {
  createCompletedProject,
  getBalance,
  getUserId,
  spendCredits,
} from './helpers/billing-test-helpers';
import {
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// The public API /api/v1 and its API keys (issue 26), without a worker: jobs stay QUEUED.

const SITE = 'http://127.0.0.1:9/old-site/';

function createBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Client microsite',
    sourceUrl: SITE,
    modernizationStrategy: 'STYLE_MODERNIZATION',
    ...overrides,
  };
}

async function countProjects(testApp: TestApp, userId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.userId, userId));
  return row?.n ?? 0;
}

async function countCharges(testApp: TestApp, userId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(creditLedger)
    .where(sql`${creditLedger.userId} = ${userId} and ${creditLedger.delta} < 0`);
  return row?.n ?? 0;
}

describe.each(TEST_DATABASE_KINDS)('public API v1 on %s', (kind) => {
  let testApp: TestApp;
  let owner: Agent;
  let ownerId: string;
  let key: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    owner = await signUpVerified(testApp, uniqueEmail('api-owner'));
    ownerId = await getUserId(owner);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses keys to accounts whose plan has no API access, with a clear 403', async () => {
    const list = await owner.get('/api/me/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [], api_access: false });
    const created = await owner.post('/api/me/api-keys', { name: 'CI', scopes: ['read'] });
    expect(created.statusCode).toBe(403);
    expect(created.json().error).toEqual({
      code: 'API_PLAN_REQUIRED',
      message: expect.stringContaining('Scale plan'),
    });
  });

  it('creates a key on Scale, shows it once and stores only its hash', async () => {
    await subscribeToScale(testApp.database.db, ownerId);
    const created = await owner.post('/api/me/api-keys', {
      name: ' Agency pipeline ',
      scopes: ['read', 'projects', 'billing-read', 'read'],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.key).toMatch(/^sl_[A-Za-z0-9_-]{32}$/);
    expect(body).toMatchObject({
      name: 'Agency pipeline',
      prefix: body.key.slice(0, 11),
      scopes: ['read', 'projects', 'billing-read'],
      last_used_at: null,
    });
    key = body.key;
    const list = (await owner.get('/api/me/api-keys')).json();
    expect(list.api_access).toBe(true);
    expect(list.items).toEqual([
      {
        id: body.id,
        name: 'Agency pipeline',
        prefix: body.prefix,
        scopes: ['read', 'projects', 'billing-read'],
        created_at: body.created_at,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(key);
    const [row] = await testApp.database.db.select().from(apiKeys).where(eq(apiKeys.id, body.id));
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('validates the key form with its messages', async () => {
    for (const [payload, message] of [
      [{ name: '', scopes: ['read'] }, 'Name is required'],
      [{ name: 'x'.repeat(61), scopes: ['read'] }, 'at most 60'],
      [{ name: 'CI', scopes: [] }, 'Choose at least one scope'],
      [{ name: 'CI', scopes: ['admin'] }, 'scopes'],
    ] as const) {
      const response = await owner.post('/api/me/api-keys', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it('answers 401 without a key or with an unknown one, and stamps the last use', async () => {
    const missing = await callV1(testApp, undefined, { url: '/api/v1/projects' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.json().error.code).toBe('API_KEY_INVALID');
    const wrong = await callV1(testApp, `sl_${'A'.repeat(32)}`, { url: '/api/v1/projects' });
    expect(wrong.statusCode).toBe(401);
    // A session cookie is not a key: the public API never reads cookies.
    const cookieOnly = await owner.get('/api/v1/projects');
    expect(cookieOnly.statusCode).toBe(401);

    const ok = await callV1(testApp, key, { url: '/api/v1/projects' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ items: [], total: 0, nextCursor: null });
    const listed = (await owner.get('/api/me/api-keys')).json().items[0];
    expect(Date.parse(listed.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('creates a project through the same rules as the app: credit, SSRF guard, validation', async () => {
    const invalid = await callV1(testApp, key, {
      method: 'POST',
      url: '/api/v1/projects',
      json: createBody({ sourceUrl: 'not a url' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ code: 'API_VALIDATION_FAILED' });

    const created = await callV1(testApp, key, {
      method: 'POST',
      url: '/api/v1/projects',
      json: createBody({ includePaths: ['/blog/'], aiAdditions: false }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      user_id: ownerId,
      status: 'queued',
      job_status: 'QUEUED',
      include_paths: ['/blog/'],
      ai_additions: false,
    });
    expect(await getBalance(owner)).toBe(0);
    const broke = await callV1(testApp, key, {
      method: 'POST',
      url: '/api/v1/projects',
      json: createBody(),
    });
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error.code).toBe('API_NO_CREDITS');

    const strict = await createTestApp(kind);
    try {
      const agent = await signUpVerified(strict, uniqueEmail('api-strict'));
      await subscribeToScale(strict.database.db, await getUserId(agent));
      const strictKey = await createKey(agent);
      const refused = await callV1(strict, strictKey.key, {
        method: 'POST',
        url: '/api/v1/projects',
        json: createBody({ sourceUrl: 'http://10.0.0.7/' }),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('ENGINE_FETCH_URL_REFUSED');
      expect(await getBalance(agent)).toBe(1);
    } finally {
      await strict.close();
    }
  });

  it('holds each key to its scopes', async () => {
    await grantCredits(testApp.database.db, ownerId, 1);
    const readKey = await createKey(owner, ['read'], 'Dashboard');
    const refused = await callV1(testApp, readKey.key, {
      method: 'POST',
      url: '/api/v1/projects',
      json: createBody(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'API_KEY_SCOPE_MISSING',
      message: expect.stringContaining('"projects" scope'),
    });
    expect(await countProjects(testApp, ownerId)).toBe(1);
    expect((await callV1(testApp, readKey.key, { url: '/api/v1/projects' })).statusCode).toBe(200);
    expect((await callV1(testApp, readKey.key, { url: '/api/v1/credits' })).statusCode).toBe(403);

    const billingKey = await createKey(owner, ['billing-read'], 'Finance');
    expect((await callV1(testApp, billingKey.key, { url: '/api/v1/projects' })).statusCode).toBe(
      403,
    );
    const credits = await callV1(testApp, billingKey.key, { url: '/api/v1/credits' });
    expect(credits.statusCode).toBe(200);
    expect(credits.json()).toEqual({ balance: 1 });
  });

  it('stops a revoked key at once, and only its owner can revoke it', async () => {
    const doomed = await createKey(owner, ['read'], 'Old laptop');
    expect((await callV1(testApp, doomed.key, { url: '/api/v1/projects' })).statusCode).toBe(200);
    const stranger = await signUpVerified(testApp, uniqueEmail('api-stranger'));
    const notTheirs = await stranger.request({
      method: 'DELETE',
      url: `/api/me/api-keys/${doomed.id}`,
    });
    expect(notTheirs.statusCode).toBe(404);
    const revoked = await owner.request({ method: 'DELETE', url: `/api/me/api-keys/${doomed.id}` });
    expect(revoked.statusCode).toBe(204);
    const after = await callV1(testApp, doomed.key, { url: '/api/v1/projects' });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('API_KEY_INVALID');
    const list = (await owner.get('/api/me/api-keys')).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(doomed.id);
    const again = await owner.request({ method: 'DELETE', url: `/api/me/api-keys/${doomed.id}` });
    expect(again.statusCode).toBe(404);
  });

  it("keeps owners apart: another account's key sees none of these projects", async () => {
    const other = await signUpVerified(testApp, uniqueEmail('api-other'));
    await subscribeToScale(testApp.database.db, await getUserId(other));
    const otherKey = await createKey(other);
    const mine = (await callV1(testApp, key, { url: '/api/v1/projects' })).json().items[0];
    for (const url of [
      `/api/v1/projects/${mine.id}`,
      `/api/v1/projects/${mine.id}/logs`,
      `/api/v1/projects/${mine.id}/download`,
    ]) {
      const response = await callV1(testApp, otherKey.key, { url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('API_PROJECT_NOT_FOUND');
    }
    for (const [method, url] of [
      ['POST', `/api/v1/projects/${mine.id}/cancel`],
      ['DELETE', `/api/v1/projects/${mine.id}`],
    ] as const) {
      expect((await callV1(testApp, otherKey.key, { method, url })).statusCode).toBe(404);
    }
    expect((await callV1(testApp, otherKey.key, { url: '/api/v1/projects' })).json().total).toBe(0);
    expect((await callV1(testApp, key, { url: `/api/v1/projects/${mine.id}` })).statusCode).toBe(
      200,
    );
  });

  it('answers a repeated Idempotency-Key with the first answer: one project, one credit', async () => {
    await grantCredits(testApp.database.db, ownerId, 2);
    const before = {
      projects: await countProjects(testApp, ownerId),
      balance: await getBalance(owner),
    };
    const send = (body: Record<string, unknown>, idempotencyKey: string) =>
      callV1(testApp, key, {
        method: 'POST',
        url: '/api/v1/projects',
        json: body,
        headers: { 'idempotency-key': idempotencyKey },
      });
    const first = await send(createBody({ name: 'Twice sent' }), 'order-7781');
    const second = await send(createBody({ name: 'Twice sent' }), 'order-7781');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json()).toEqual(first.json());
    expect(await countProjects(testApp, ownerId)).toBe(before.projects + 1);
    expect(await getBalance(owner)).toBe(before.balance - 1);

    const reused = await send(createBody({ name: 'Another site' }), 'order-7781');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toEqual({
      code: 'API_IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('different request'),
    });
    const invalid = await send(createBody(), 'has spaces in it');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('API_IDEMPOTENCY_KEY_INVALID');
    expect(await countProjects(testApp, ownerId)).toBe(before.projects + 1);
  });

  it('runs concurrent requests with one Idempotency-Key once', async () => {
    const before = {
      projects: await countProjects(testApp, ownerId),
      charges: await countCharges(testApp, ownerId),
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        callV1(testApp, key, {
          method: 'POST',
          url: '/api/v1/projects',
          json: createBody({ name: 'Sent at once' }),
          headers: { 'idempotency-key': 'burst-1' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await countProjects(testApp, ownerId)).toBe(before.projects + 1);
    expect(await countCharges(testApp, ownerId)).toBe(before.charges + 1);
  });

  it('frees the key of a request that failed, so it can be sent again', async () => {
    await spendCredits(testApp.database.db, ownerId, await getBalance(owner));
    expect(await getBalance(owner)).toBe(0);
    const send = () =>
      callV1(testApp, key, {
        method: 'POST',
        url: '/api/v1/projects',
        json: createBody({ name: 'After top-up' }),
        headers: { 'idempotency-key': 'retry-after-402' },
      });
    expect((await send()).statusCode).toBe(402);
    await grantCredits(testApp.database.db, ownerId, 1);
    const retried = await send();
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('pages through projects with a cursor, newest first', async () => {
    const total = await countProjects(testApp, ownerId);
    expect(total).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await callV1(testApp, key, { url: `/api/v1/projects?limit=2${query}` });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.items.length).toBeLessThanOrEqual(2);
      expect(body.total).toBe(total);
      seen.push(...body.items.map((item: { id: string }) => item.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const bad = await callV1(testApp, key, { url: '/api/v1/projects?cursor=nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('cursor');
  });

  it('cancels a queued job with its credit back, once', async () => {
    await grantCredits(testApp.database.db, ownerId, 1);
    const created = await callV1(testApp, key, {
      method: 'POST',
      url: '/api/v1/projects',
      json: createBody({ name: 'To be cancelled' }),
    });
    const project = created.json();
    const balance = await getBalance(owner);
    const cancelled = await callV1(testApp, key, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/cancel`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id: project.id,
      status: 'failed',
      job_status: 'FAILED',
    });
    expect(await getBalance(owner)).toBe(balance + 1);
    const [job] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, project.job_id));
    expect(job?.errorCode).toBe('ENGINE_PIPELINE_CANCELLED');
    const logs = await callV1(testApp, key, { url: `/api/v1/projects/${project.id}/logs` });
    expect(logs.json()).toMatchObject({
      job_id: project.job_id,
      items: [
        expect.objectContaining({
          level: 'WARNING',
          message: expect.stringContaining('Cancelled'),
        }),
      ],
    });
    const again = await callV1(testApp, key, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/cancel`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('API_JOB_NOT_CANCELLABLE');
    expect(await getBalance(owner)).toBe(balance + 1);
  });

  it('serves report and download of a completed project, re-runs it and deletes it', async () => {
    await grantCredits(testApp.database.db, ownerId, 2);
    const id = await createCompletedProject(testApp, owner);
    const download = await callV1(testApp, key, { url: `/api/v1/projects/${id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.body).toBe('PK-previous-result');
    const report = await callV1(testApp, key, { url: `/api/v1/projects/${id}/report` });
    expect(report.statusCode).toBe(404);
    expect(report.json().error.code).toBe('API_PROJECT_NOT_COMPLETED');

    const balance = await getBalance(owner);
    const rerun = await callV1(testApp, key, {
      method: 'POST',
      url: `/api/v1/projects/${id}/rerun`,
      json: { modernizationStrategy: 'FULL_REBUILD' },
      headers: { 'idempotency-key': `rerun-${id}` },
    });
    expect(rerun.statusCode).toBe(200);
    expect(rerun.json()).toMatchObject({
      status: 'queued',
      modernization_strategy: 'FULL_REBUILD',
    });
    expect(await getBalance(owner)).toBe(balance - 1);

    const deleted = await callV1(testApp, key, { method: 'DELETE', url: `/api/v1/projects/${id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await callV1(testApp, key, { url: `/api/v1/projects/${id}` })).statusCode).toBe(404);
  });

  it('refuses keys whose owner left the Scale plan', async () => {
    const lapsed = await signUpVerified(testApp, uniqueEmail('api-lapsed'));
    const lapsedId = await getUserId(lapsed);
    await subscribeToScale(testApp.database.db, lapsedId);
    const lapsedKey = await createKey(lapsed);
    expect((await callV1(testApp, lapsedKey.key, { url: '/api/v1/projects' })).statusCode).toBe(
      200,
    );
    await testApp.database.db
      .update(billingSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(billingSubscriptions.userId, lapsedId));
    const refused = await callV1(testApp, lapsedKey.key, { url: '/api/v1/projects' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('API_PLAN_REQUIRED');
  });

  it('serves an OpenAPI 3.1 document of /api/v1 and its reference page without a key', async () => {
    const response = await callV1(testApp, undefined, { url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    // Every path is the public API's (other features add theirs, e.g. batches).
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/credits',
        '/api/v1/projects',
        '/api/v1/projects/{id}',
        '/api/v1/projects/{id}/cancel',
        '/api/v1/projects/{id}/download',
        '/api/v1/projects/{id}/logs',
        '/api/v1/projects/{id}/report',
        '/api/v1/projects/{id}/rerun',
      ]),
    );
    const create = document.paths['/api/v1/projects'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'sourceUrl']),
    );
    expect(create.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]),
    );
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '401', '402', '403', '429']),
    );
    const page = await callV1(testApp, undefined, { url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/v1/docs/init.js');
    const init = await callV1(testApp, undefined, { url: '/api/v1/docs/init.js' });
    expect(init.body).toContain('/api/v1/openapi.json');
  });
});

describe.each(TEST_DATABASE_KINDS)('API key rate limits on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      env: { API_RATE_LIMIT_MAX: '3', API_RATE_LIMIT_WINDOW_SECONDS: '2' },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('counts requests per key with RateLimit headers and answers 429 past the limit', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('api-rate'));
    await subscribeToScale(testApp.database.db, await getUserId(agent));
    const first = await createKey(agent, ['read'], 'Busy');
    const second = await createKey(agent, ['read'], 'Quiet');
    const remaining: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await callV1(testApp, first.key, { url: '/api/v1/projects' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(Number(response.headers['ratelimit-reset'])).toBeLessThanOrEqual(2);
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await callV1(testApp, first.key, { url: '/api/v1/projects' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('API_KEY_RATE_LIMITED');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another key of the same account has its own window.
    const other = await callV1(testApp, second.key, { url: '/api/v1/projects' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
    // The window starts again.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const later = await callV1(testApp, first.key, { url: '/api/v1/projects' });
    expect(later.statusCode).toBe(200);
    expect(later.headers['ratelimit-remaining']).toBe('2');
  });
});
