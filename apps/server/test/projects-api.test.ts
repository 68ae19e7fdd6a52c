import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookLedgerEntry } from '../src/db/credits.repository';
import type { AppDb } from '../src/db/database';
import { creditLedger, jobLogs, jobs, projects } from '../src/db/schema';
import {
  createAgent,
  createTestApp,
  signIn,
  signUp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// The projects API without a worker: jobs stay QUEUED. Lifecycle with the engine: projects-lifecycle.test.ts.

const SITE = 'http://127.0.0.1:9/old-site/';

function createBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Old bakery site',
    description: 'The 1998 site',
    sourceUrl: SITE,
    modernizationStrategy: 'INCREMENTAL_UPDATE',
    targetFramework: 'React',
    ...overrides,
  };
}

async function grantCredits(db: AppDb, userId: string, count: number) {
  await bookLedgerEntry(db, {
    userId,
    idempotencyKey: `grant:${userId}:${Math.random()}`,
    delta: count,
    reason: 'grant',
  });
}

async function countRows(db: AppDb) {
  const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(projects);
  const [j] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs);
  const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(jobLogs);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(creditLedger);
  return { projects: p?.n, jobs: j?.n, logs: l?.n, ledger: c?.n };
}

describe.each(TEST_DATABASE_KINDS)('projects API on %s', (kind) => {
  let testApp: TestApp;
  let owner: Agent;
  let ownerId: string;
  let other: Agent;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    owner = await signUpVerified(testApp, uniqueEmail('owner'));
    ownerId = (await owner.get('/api/me/profile')).json().id;
    other = await signUpVerified(testApp, uniqueEmail('other'));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('gives every new account one credit, booked once', async () => {
    const first = await owner.get('/api/me/credits?entries=true');
    expect(first.statusCode).toBe(200);
    expect(first.json().balance).toBe(1);
    expect(first.json().entries).toEqual([
      expect.objectContaining({ delta: 1, reason: 'signup', project_id: null, job_id: null }),
    ]);
    expect((await owner.get('/api/me/credits')).json()).toEqual({ balance: 1 });
  });

  it('answers 401 to every route when signed out', async () => {
    const guest = createAgent(testApp.app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const response of [
      await guest.get('/api/projects'),
      await guest.post('/api/projects', createBody()),
      await guest.get(`/api/projects/${id}`),
      await guest.patch(`/api/projects/${id}`, { name: 'New name' }),
      await guest.request({ method: 'DELETE', url: `/api/projects/${id}` }),
      await guest.post(`/api/projects/${id}/retry`),
      await guest.get(`/api/projects/${id}/download`),
      await guest.get(`/api/jobs/${id}`),
      await guest.get(`/api/jobs/${id}/logs`),
      await guest.get('/api/me/credits'),
      await guest.get('/api/events'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('API_UNAUTHENTICATED');
    }
    const stream = await guest.get(`/logs/${id}/stream`);
    expect(stream.statusCode).toBe(401);
    expect(stream.json().error.message).toBe('Authentication error: User is not logged in.');
  });

  it('refuses an unverified account with 403 and an offer to resend', async () => {
    const email = uniqueEmail('unverified');
    await signUp(testApp.app, email);
    const agent = await signIn(testApp.app, email);
    const response = await agent.post('/api/projects', createBody());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('API_EMAIL_NOT_VERIFIED');
    expect(response.json().error.message).toMatch(/verification e-mail again/);
    expect((await agent.get('/api/me/credits')).json().balance).toBe(1);
  });

  it('validates the body with the messages of spec §5', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sourceUrl: '' }, 'Website URL is required'],
      [{ sourceUrl: 'not a url' }, 'Please enter a valid URL (e.g., https://example.com)'],
      [{ sourceUrl: 'ftp://example.com/' }, 'Please enter a valid URL (e.g., https://example.com)'],
      [{ name: '' }, 'Project name is required'],
      [{ name: 'ab' }, 'Project name must be at least 3 characters'],
      [{ targetFramework: 'Vue' }, 'targetFramework'],
      [{ modernizationStrategy: 'REWRITE' }, 'modernizationStrategy'],
      [{ includePaths: ['blog/'] }, 'Each path starts with / (for example /blog/ or /news/*)'],
      [{ unbuiltLinks: 'drop' }, 'unbuiltLinks'],
    ];
    for (const [override, message] of cases) {
      const response = await owner.post('/api/projects', createBody(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await owner.get('/api/me/credits')).json().balance).toBe(1);
  });

  it('refuses private addresses before queueing when ALLOW_PRIVATE_URLS is off', async () => {
    const strict = await createTestApp(kind);
    try {
      const agent = await signUpVerified(strict, uniqueEmail('strict'));
      for (const url of ['http://127.0.0.1:8080/', 'http://10.0.0.7/', 'http://[::1]/']) {
        const response = await agent.post('/api/projects', createBody({ sourceUrl: url }));
        expect(response.statusCode, url).toBe(422);
        expect(response.json().error.code).toBe('ENGINE_FETCH_URL_REFUSED');
      }
      expect((await agent.get('/api/me/credits')).json().balance).toBe(1);
      expect((await agent.get('/api/projects')).json().total).toBe(0);
    } finally {
      await strict.close();
    }
  });

  let projectId: string;
  let jobId: string;

  it('creates a project with a queued job for one credit', async () => {
    const response = await owner.post('/api/projects', createBody({ description: '' }));
    expect(response.statusCode).toBe(201);
    const project = response.json();
    expect(project).toMatchObject({
      user_id: ownerId,
      name: 'Old bakery site',
      description: null,
      source_url: SITE,
      modernization_strategy: 'INCREMENTAL_UPDATE',
      target_framework: 'React',
      status: 'queued',
      job_status: 'QUEUED',
      generated_code_url: null,
      github_repo_url: null,
      preview_url: null,
      report_summary: null,
      include_paths: [],
      exclude_paths: [],
      unbuilt_links: 'keep',
    });
    projectId = project.id;
    jobId = project.job_id;
    expect((await owner.get(`/api/jobs/${jobId}`)).json()).toEqual({ id: jobId, status: 'QUEUED' });
    expect((await owner.get(`/api/jobs/${jobId}/logs`)).json()).toEqual([]);
    const credits = (await owner.get('/api/me/credits?entries=true')).json();
    expect(credits.balance).toBe(0);
    expect(credits.entries[0]).toMatchObject({
      delta: -1,
      reason: 'project',
      project_id: projectId,
      job_id: jobId,
    });
  });

  it('keeps the pages to rebuild and the choice for links to the others', async () => {
    await grantCredits(testApp.database.db, ownerId, 1);
    const response = await owner.post(
      '/api/projects',
      createBody({
        includePaths: [' /blog/ ', '/docs/**'],
        excludePaths: ['/blog/drafts/*'],
        unbuiltLinks: 'remove',
      }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      include_paths: ['/blog/', '/docs/**'],
      exclude_paths: ['/blog/drafts/*'],
      unbuilt_links: 'remove',
    });
    expect((await owner.get(`/api/projects/${created.id}`)).json()).toMatchObject({
      include_paths: ['/blog/', '/docs/**'],
      unbuilt_links: 'remove',
    });
    // Deleting the queued project refunds its credit: take it back, the tests after expect none.
    const deleted = await owner.request({ method: 'DELETE', url: `/api/projects/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    await grantCredits(testApp.database.db, ownerId, -1);
  });

  it('answers 402 with the pricing link when no credit is left', async () => {
    const before = await countRows(testApp.database.db);
    const response = await owner.post('/api/projects', createBody({ name: 'Second site' }));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      error: {
        code: 'API_NO_CREDITS',
        message: expect.stringMatching(/no credits left/),
        details: { pricing_url: '/#pricing' },
      },
    });
    expect(await countRows(testApp.database.db)).toEqual(before);
  });

  it('refuses a retry while the job is still queued', async () => {
    const response = await owner.post(`/api/projects/${projectId}/retry`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('API_PROJECT_BUSY');
  });

  it('answers 404 to every route for another user and changes nothing', async () => {
    const before = await countRows(testApp.database.db);
    const snapshot = (await owner.get(`/api/projects/${projectId}`)).json();
    const responses = [
      await other.get(`/api/projects/${projectId}`),
      await other.patch(`/api/projects/${projectId}`, { name: 'Taken over' }),
      await other.request({ method: 'DELETE', url: `/api/projects/${projectId}` }),
      await other.post(`/api/projects/${projectId}/retry`),
      await other.get(`/api/projects/${projectId}/download`),
      await other.get(`/api/projects/${projectId}/report`),
      await other.get(`/api/projects/${projectId}/screenshots/before/index-desktop.png`),
      await other.get(`/api/projects/${projectId}/preview`),
      await other.get(`/preview/${projectId}/`, { accept: 'text/html' }),
      await other.get(`/api/jobs/${jobId}`),
      await other.get(`/api/jobs/${jobId}/logs`),
      await other.get(`/logs/${jobId}/stream`),
    ];
    for (const response of responses) expect(response.statusCode).toBe(404);
    expect((await other.get('/api/projects')).json()).toMatchObject({ items: [], total: 0 });
    expect(await countRows(testApp.database.db)).toEqual(before);
    expect((await owner.get(`/api/projects/${projectId}`)).json()).toEqual(snapshot);
    expect((await other.get('/api/me/credits')).json().balance).toBe(1);
  });

  it('answers 404 for ids that are not UUIDs and before completion for artifacts', async () => {
    expect((await owner.get('/api/projects/not-an-id')).statusCode).toBe(404);
    // Every :id route, the id checked by its params schema: 404 API_PROJECT_NOT_FOUND, not 400,
    // and before the body (the PATCH body here is invalid too).
    for (const response of [
      await owner.get('/api/projects/not-an-id'),
      await owner.patch('/api/projects/not-an-id', { name: '' }),
      await owner.request({ method: 'DELETE', url: '/api/projects/1234' }),
      await owner.post('/api/projects/not-an-id/retry'),
      await owner.get('/api/projects/not-an-id/download'),
      await owner.get('/api/projects/not-an-id/report'),
      await owner.get('/api/projects/not-an-id/screenshots/before/index-desktop.png'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'API_PROJECT_NOT_FOUND', message: expect.any(String) },
      });
    }
    // Signed out, a malformed id is still 401 first (the session is checked before validation).
    const guest = createAgent(testApp.app);
    for (const url of ['/api/projects/not-an-id', '/api/jobs/42', '/logs/42/stream'])
      expect((await guest.get(url)).statusCode, url).toBe(401);
    // A valid id with an invalid body stays a 400.
    const invalid = await owner.patch(`/api/projects/${projectId}`, { name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('API_VALIDATION_FAILED');
    for (const response of [
      await owner.get('/api/jobs/42'),
      await owner.get('/api/jobs/not-an-id/logs'),
      await owner.get('/logs/not-an-id/stream'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'API_JOB_NOT_FOUND', message: expect.any(String) },
      });
    }
    expect((await owner.get(`/api/projects/${projectId}/download`)).statusCode).toBe(404);
    expect((await owner.get(`/api/projects/${projectId}/report`)).statusCode).toBe(404);
  });

  it('edits name and description only', async () => {
    const saved = await owner.patch(`/api/projects/${projectId}`, {
      name: '  Bakery 2026 ',
      description: 'Fresh bread',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Bakery 2026', description: 'Fresh bread' });
    const bad = await owner.patch(`/api/projects/${projectId}`, { name: 'ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Project name must be at least 3 characters');
    const unknown = await owner.patch(`/api/projects/${projectId}`, { status: 'completed' });
    expect(unknown.statusCode).toBe(400);
    expect((await owner.get(`/api/projects/${projectId}`)).json().status).toBe('queued');
  });

  it('lists with search, filter, counts and cursor pages', async () => {
    const lister = await signUpVerified(testApp, uniqueEmail('lister'));
    const listerId = (await lister.get('/api/me/profile')).json().id;
    await grantCredits(testApp.database.db, listerId, 11);
    const names = Array.from(
      { length: 12 },
      (_, index) => `Site ${String(index).padStart(2, '0')}`,
    );
    for (const [index, name] of names.entries()) {
      const response = await lister.post(
        '/api/projects',
        createBody({
          name: index === 3 ? 'Garden CENTRE' : name,
          sourceUrl: index === 5 ? 'http://127.0.0.1:9/Centre-Shop/' : SITE,
        }),
      );
      expect(response.statusCode).toBe(201);
    }
    // Mark two completed and one failed straight in the table (the worker is not running here).
    const rows = await testApp.database.db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(sql`${projects.userId} = ${listerId}`);
    const byName = new Map(rows.map((row) => [row.name, row.id]));
    await testApp.database.db.execute(
      sql`update projects set status = 'completed' where id in (${byName.get('Site 00')}, ${byName.get('Site 01')})`,
    );
    await testApp.database.db.execute(
      sql`update projects set status = 'failed' where id = ${byName.get('Site 02')}`,
    );

    const first = (await lister.get('/api/projects?limit=5')).json();
    expect(first.items).toHaveLength(5);
    expect(first.total).toBe(12);
    expect(first.counts).toEqual({ total: 12, completed: 2, in_progress: 9 });
    expect(first.items[0].name).toBe('Site 11');
    const seen: string[] = first.items.map((item: { id: string }) => item.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await lister.get(`/api/projects?limit=5&cursor=${cursor}`)).json();
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);

    const search = (await lister.get('/api/projects?search=centre')).json();
    expect(search.items.map((item: { name: string }) => item.name).sort()).toEqual([
      'Garden CENTRE',
      'Site 05',
    ]);
    expect(search.total).toBe(2);
    expect((await lister.get('/api/projects?search=%25')).json().total).toBe(0);
    const completed = (await lister.get('/api/projects?status=completed&limit=50')).json();
    expect(completed.total).toBe(2);
    expect(completed.counts.total).toBe(12);
    const inProgress = (await lister.get('/api/projects?status=in-progress&limit=50')).json();
    expect(inProgress.total).toBe(9);
    expect((await lister.get('/api/projects?status=done')).statusCode).toBe(400);
    expect((await lister.get('/api/projects?limit=500')).statusCode).toBe(400);
    expect((await lister.get('/api/projects?cursor=bogus')).statusCode).toBe(400);
  });

  it('spends each credit once when creates run concurrently', async () => {
    const racer = await signUpVerified(testApp, uniqueEmail('racer'));
    const racerId = (await racer.get('/api/me/profile')).json().id;
    await grantCredits(testApp.database.db, racerId, 2);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        racer.post('/api/projects', createBody({ name: `Race ${index}` })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 402, 402, 402]);
    expect((await racer.get('/api/me/credits')).json().balance).toBe(0);
    expect((await racer.get('/api/projects')).json().total).toBe(3);
  });

  it('deletes a project with its jobs and logs; the queued job ends FAILED and is refunded', async () => {
    const response = await owner.request({ method: 'DELETE', url: `/api/projects/${projectId}` });
    expect(response.statusCode).toBe(204);
    expect((await owner.get(`/api/projects/${projectId}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/jobs/${jobId}`)).statusCode).toBe(404);
    const db = testApp.database.db;
    expect(
      await db
        .select()
        .from(jobs)
        .where(sql`${jobs.projectId} = ${projectId}`),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(jobLogs)
        .where(sql`${jobLogs.jobId} = ${jobId}`),
    ).toEqual([]);
    const credits = (await owner.get('/api/me/credits?entries=true')).json();
    expect(credits.balance).toBe(1);
    expect(credits.entries[0]).toMatchObject({
      delta: 1,
      reason: 'deletion_refund',
      job_id: jobId,
    });
    expect(
      (await owner.request({ method: 'DELETE', url: `/api/projects/${projectId}` })).statusCode,
    ).toBe(404);
  });
});
