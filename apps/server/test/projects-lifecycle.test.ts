import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runPipeline } from '@sitelift/engine';
import { bookLedgerEntry, getCreditBalance } from '../src/db/credits.repository';
import type { AppDb } from '../src/db/database';
import { creditLedger, jobLogs, jobs } from '../src/db/schema';
import type { RunPipeline } from '../src/jobs/modernize-site.job';
import type { Worker } from '../src/jobs/worker';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import { openSseClient, type SseMessage } from './helpers/sse-client';
import {
  cookieHeader,
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { unzipProject } from './helpers/unzip-project';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// The whole lifecycle with the real engine on a small site served on loopback: create → events → logs
// → completed → download/report/preview; retry; failing sites; a worker killed mid-job; two workers.

const ENGINE_OPTIONS = { loopbackOnly: true, fetchOptions: { respectRobots: false } };
const LOG_DATA = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z - (DEBUG|INFO|WARNING|ERROR) - .+/s;

function waitForJob(agent: Agent, jobId: string, statuses: string[], timeoutMs = 150_000) {
  return vi.waitFor(
    async () => {
      const job = (await agent.get(`/api/jobs/${jobId}`)).json();
      if (!statuses.includes(job.status)) throw new Error(`job ${jobId} still ${job.status}`);
      return job;
    },
    { timeout: timeoutMs, interval: 200 },
  );
}

async function userIdOf(agent: Agent): Promise<string> {
  return (await agent.get('/api/me/profile')).json().id;
}

async function ledgerOf(db: AppDb, userId: string) {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
}

function createBody(sourceUrl: string, name = 'Van Dijk Fietsen') {
  return { name, sourceUrl, modernizationStrategy: 'INCREMENTAL_UPDATE', targetFramework: 'React' };
}

describe.each(TEST_DATABASE_KINDS)('project lifecycle on %s', (kind) => {
  let testApp: TestApp;
  let site: FixtureSite;
  let baseUrl: string;
  let owner: Agent;
  let ownerId: string;

  beforeAll(async () => {
    site = await startFixtureSite();
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    baseUrl = await testApp.listen();
    owner = await signUpVerified(testApp, uniqueEmail('life'));
    ownerId = await userIdOf(owner);
  });
  afterAll(async () => {
    await testApp?.close();
    await site?.close();
  });

  let projectId: string;
  let jobId: string;
  let mainWorker: Worker;

  it('runs create → live events → logs → completed, and serves the results', async () => {
    mainWorker = await testApp.startWorker({ engineOptions: ENGINE_OPTIONS });
    const events = await openSseClient(`${baseUrl}/api/events`, { cookie: cookieHeader(owner) });
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toContain('text/event-stream');
    await events.waitFor((message) => message.event === 'ready');

    const created = await owner.post('/api/projects', createBody(`${site.url}/shop/`));
    expect(created.statusCode).toBe(201);
    projectId = created.json().id;
    jobId = created.json().job_id;

    const stream = await openSseClient(`${baseUrl}/logs/${jobId}/stream`, {
      cookie: cookieHeader(owner),
    });
    expect(stream.status).toBe(200);
    await stream.ended;
    expect(stream.raw().startsWith('retry: 1000\n\n')).toBe(true);
    const lines = stream.messages.filter((message) => message.event === 'message');
    const end = stream.messages.at(-1);
    expect(end).toEqual({ event: 'end', data: 'COMPLETED' });
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line.data).toMatch(LOG_DATA);
    expect(lines.map((line) => line.data).join('\n')).toContain('INFO - Stage fetch started');
    expect(lines.at(-1)?.data).toContain('Modernization completed');

    // The same lines, in the same order, from the REST endpoint.
    const logs = (await owner.get(`/api/jobs/${jobId}/logs`)).json();
    expect(logs.map((log: { id: number }) => String(log.id))).toEqual(lines.map((l) => l.id));
    expect(logs[0]).toEqual({
      id: expect.any(Number),
      job_id: jobId,
      level: 'INFO',
      message: expect.stringContaining('Job started (attempt 1 of 3)'),
      created_at: expect.any(String),
    });
    expect(lines.map((line) => line.data)).toEqual(
      logs.map(
        (log: { created_at: string; level: string; message: string }) =>
          `${log.created_at} - ${log.level} - ${log.message}`,
      ),
    );

    // Events: the insert, the job going RUNNING then COMPLETED, and the status flow of spec §4.
    await events.waitFor(
      (message) => message.event === 'project' && message.data.includes('"status":"completed"'),
    );
    events.close();
    const projectEvents = events.messages
      .filter((message: SseMessage) => message.event === 'project')
      .map((message) => JSON.parse(message.data));
    expect(projectEvents[0]).toMatchObject({ type: 'INSERT', project: { id: projectId } });
    const statuses = projectEvents.map((event) => event.project.status);
    const flow = statuses.filter((status, index) => status !== statuses[index - 1]);
    expect(flow).toEqual(['queued', 'processing', 'generating', 'completed']);
    const jobStatuses = events.messages
      .filter((message) => message.event === 'job')
      .map((message) => JSON.parse(message.data).status);
    expect(jobStatuses).toEqual(['QUEUED', 'RUNNING', 'COMPLETED']);

    const project = (await owner.get(`/api/projects/${projectId}`)).json();
    expect(project).toMatchObject({
      status: 'completed',
      job_id: jobId,
      job_status: 'COMPLETED',
      generated_code_url: `/api/projects/${projectId}/download`,
      report_url: `/api/projects/${projectId}/report`,
      preview_url: `/api/projects/${projectId}/preview`,
      report_summary: { pages: 2, pages_found: 2, build_ok: true },
    });
    expect(project.thumbnails.before).toBe(
      `/api/projects/${projectId}/screenshots/before/index-desktop.webp`,
    );
    expect(project.thumbnails.after).toBe(
      `/api/projects/${projectId}/screenshots/after/index-desktop.webp`,
    );

    const download = await owner.get(project.generated_code_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('filename="Van Dijk Fietsen.zip"');
    // One folder named by the project's slug (issue 15 item 7, issue 22: no spaces).
    const entries = unzipProject(new Uint8Array(download.rawPayload), 'van-dijk-fietsen');
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining(['package.json', 'index.html', 'sitelift-report.json']),
    );
    expect(Object.keys(entries).some((name) => name.startsWith('src/'))).toBe(true);
    const packageJson = JSON.parse(new TextDecoder().decode(entries['package.json']));
    expect(packageJson.scripts.build).toBeTruthy();

    const report = await owner.get(project.report_url);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({
      version: 1,
      source_url: `${site.url}/shop/`,
      verification: { build: { ok: true } },
    });
    const thumbnail = await owner.get(project.thumbnails.before);
    expect(thumbnail.statusCode).toBe(200);
    // Compressed WebP (engine decision record 039), not the PNG Chromium took.
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const credits = await owner.get('/api/me/credits');
    expect(credits.json().balance).toBe(0);
    expect(existsSync(path.join(testApp.dataDir, 'work', jobId))).toBe(false);
  });

  it('resumes the log stream after Last-Event-ID without gaps or duplicates', async () => {
    const all = (await owner.get(`/api/jobs/${jobId}/logs`)).json() as Array<{ id: number }>;
    const from = all[2]?.id ?? 0;
    const stream = await openSseClient(`${baseUrl}/logs/${jobId}/stream`, {
      cookie: cookieHeader(owner),
      'last-event-id': String(from),
    });
    await stream.ended;
    const ids = stream.messages.filter((m) => m.event === 'message').map((m) => Number(m.id));
    expect(ids).toEqual(all.slice(3).map((line) => line.id));
    expect(stream.messages.at(-1)).toEqual({ event: 'end', data: 'COMPLETED' });
  });

  it('serves the preview sandboxed, owner-only', async () => {
    const entry = await owner.get(`/api/projects/${projectId}/preview`);
    expect(entry.statusCode).toBe(302);
    const location = entry.headers.location as string;
    expect(location).toMatch(new RegExp(`^/preview/${projectId}/\\?preview_token=`));
    const page = await owner.get(`/preview/${projectId}/`, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const script = /src="(\/preview\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await owner.get(script ?? '');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['access-control-allow-origin']).toBe('*');
    expect(asset.headers['content-type']).toContain('javascript');
    const deep = await owner.get(`/preview/${projectId}/about`, { accept: 'text/html' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect((await owner.get(`/preview/${projectId}/nope.js`)).statusCode).toBe(404);
    expect((await owner.get(`/preview/${projectId}/../../etc/passwd`)).statusCode).toBe(404);
  });

  it('retries a completed project for another credit (402 without one)', async () => {
    const refused = await owner.post(`/api/projects/${projectId}/retry`);
    expect(refused.statusCode).toBe(402);
    await bookLedgerEntry(testApp.database.db, {
      userId: ownerId,
      idempotencyKey: `grant:${ownerId}:retry`,
      delta: 1,
      reason: 'grant',
    });
    const retried = await owner.post(`/api/projects/${projectId}/retry`);
    expect(retried.statusCode).toBe(200);
    const retry = retried.json();
    expect(retry).toMatchObject({
      status: 'queued',
      job_status: 'QUEUED',
      generated_code_url: null,
    });
    expect(retry.job_id).not.toBe(jobId);
    await waitForJob(owner, retry.job_id, ['COMPLETED', 'FAILED']);
    expect((await owner.get(`/api/projects/${projectId}`)).json()).toMatchObject({
      status: 'completed',
      job_status: 'COMPLETED',
    });
    expect((await owner.get(`/api/jobs/${jobId}/logs`)).json().length).toBeGreaterThan(0);
    expect(await getCreditBalance(testApp.database.db, ownerId)).toBe(0);
  });

  it('ends a site whose start page is 404 FAILED, keeps its logs and refunds once', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('missing'));
    const userId = await userIdOf(agent);
    const created = (await agent.post('/api/projects', createBody(`${site.url}/missing/`))).json();
    const job = await waitForJob(agent, created.job_id, ['COMPLETED', 'FAILED']);
    expect(job.status).toBe('FAILED');
    const logs = (await agent.get(`/api/jobs/${created.job_id}/logs`)).json();
    expect(logs.at(-1)).toMatchObject({ level: 'ERROR' });
    expect(logs.at(-1).message).toMatch(/^Modernization failed: .*refunded/);
    const project = (await agent.get(`/api/projects/${created.id}`)).json();
    expect(project).toMatchObject({
      status: 'failed',
      job_status: 'FAILED',
      generated_code_url: null,
    });
    // The card says the catalogue's plain message; the detail (status, address) is in the log only.
    expect(project.error_message).toBe('The site answered with an error status.');
    expect(logs.at(-1).message).toContain('404');
    expect(logs.at(-1).message).toContain('ENGINE_FETCH_HTTP_STATUS');
    expect((await agent.get(`/api/projects/${created.id}/download`)).statusCode).toBe(404);
    const ledger = await ledgerOf(testApp.database.db, userId);
    expect(ledger.map((entry) => [entry.reason, entry.delta]).sort()).toEqual([
      ['project', -1],
      ['refund', 1],
      ['signup', 1],
    ]);
    expect((await agent.get('/api/me/credits')).json().balance).toBe(1);
  });

  it('never delivers an empty rebuild: a page without any text fails with its own code, refunded', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('canvas'));
    const created = (await agent.post('/api/projects', createBody(`${site.url}/canvas/`))).json();
    const job = await waitForJob(agent, created.job_id, ['COMPLETED', 'FAILED']);
    expect(job.status).toBe('FAILED');
    const project = (await agent.get(`/api/projects/${created.id}`)).json();
    expect(project).toMatchObject({ status: 'failed', generated_code_url: null });
    expect(project.error_message).toMatch(/^We could not read any content on this page\./);
    const logs = (await agent.get(`/api/jobs/${created.job_id}/logs`)).json();
    expect(logs.map((log: { message: string }) => log.message).join('\n')).toContain(
      'ENGINE_EXTRACT_NO_VISIBLE_TEXT',
    );
    expect((await agent.get('/api/me/credits')).json().balance).toBe(1);
  });

  it('ends a refused address FAILED in a worker without ALLOW_PRIVATE_URLS, refunded', async () => {
    // The API allows private addresses here; a strict worker (production settings) refuses them.
    const strict = await signUpVerified(testApp, uniqueEmail('refused'));
    await mainWorker?.stop();
    const worker = await testApp.startWorker({ allowPrivateUrls: false });
    const created = (await strict.post('/api/projects', createBody(`${site.url}/shop/`))).json();
    const job = await waitForJob(strict, created.job_id, ['COMPLETED', 'FAILED']);
    expect(job.status).toBe('FAILED');
    await worker.stop();
    const logs = (await strict.get(`/api/jobs/${created.job_id}/logs`)).json();
    expect(logs.map((log: { message: string }) => log.message).join('\n')).toContain(
      'ENGINE_FETCH_URL_REFUSED',
    );
    expect((await strict.get('/api/me/credits')).json().balance).toBe(1);
  });
});

describe.each(TEST_DATABASE_KINDS)('workers on %s', (kind) => {
  let testApp: TestApp;
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite();
    testApp = await createTestApp(kind, {
      env: { ALLOW_PRIVATE_URLS: 'true' },
      jobs: { leaseMs: 1500 },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await site?.close();
  });

  it('retries a job whose worker died mid-job; the ledger stays balanced', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('killed'));
    const userId = await userIdOf(agent);
    const first = await testApp.startWorker({ engineOptions: ENGINE_OPTIONS });
    const created = (await agent.post('/api/projects', createBody(`${site.url}/stall/`))).json();
    // The first worker holds the job while the site keeps the start page hanging...
    await waitForJob(agent, created.job_id, ['RUNNING']);
    await vi.waitFor(() => expect(site.hits.get('/stall/') ?? 0).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 100,
    });
    // ...and dies: no more heartbeats, nothing more written.
    await first.kill();
    const second = await testApp.startWorker({ engineOptions: ENGINE_OPTIONS });
    await new Promise((resolve) => setTimeout(resolve, 1700)); // the 1.5 s lease runs out
    await second.sweep();
    const job = await waitForJob(agent, created.job_id, ['COMPLETED', 'FAILED']);
    site.release();
    expect(job.status).toBe('COMPLETED');
    const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, created.job_id));
    expect(row?.attempts).toBe(2);
    const messages = (await agent.get(`/api/jobs/${created.job_id}/logs`))
      .json()
      .map((log: { message: string }) => log.message);
    expect(messages).toContain(
      'The worker running this job stopped responding. Retrying (attempt 2 of 3).',
    );
    expect(messages.filter((m: string) => m.startsWith('Job started'))).toEqual([
      expect.stringContaining('attempt 1 of 3'),
      expect.stringContaining('attempt 2 of 3'),
    ]);
    const ledger = await ledgerOf(testApp.database.db, userId);
    expect(ledger.map((entry) => [entry.reason, entry.delta]).sort()).toEqual([
      ['project', -1],
      ['signup', 1],
    ]);
    await second.stop();
  });

  it('fails and refunds a job whose worker died on its last attempt', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('lastattempt'));
    const userId = await userIdOf(agent);
    // A job allowed a single attempt, held by a worker that dies.
    const stalled = await startFixtureSite();
    const worker = await testApp.startWorker({ engineOptions: ENGINE_OPTIONS });
    const created = (await agent.post('/api/projects', createBody(`${stalled.url}/stall/`))).json();
    await testApp.database.db
      .update(jobs)
      .set({ maxAttempts: 1 })
      .where(eq(jobs.id, created.job_id));
    await waitForJob(agent, created.job_id, ['RUNNING']);
    await worker.kill();
    const sweeper = await testApp.startWorker({ engineOptions: ENGINE_OPTIONS });
    await new Promise((resolve) => setTimeout(resolve, 1700));
    await sweeper.sweep();
    const job = await waitForJob(agent, created.job_id, ['COMPLETED', 'FAILED']);
    await stalled.close();
    expect(job.status).toBe('FAILED');
    const logs = (await agent.get(`/api/jobs/${created.job_id}/logs`)).json();
    expect(logs.at(-1).message).toMatch(/stopped responding\. No attempts left .*refunded/);
    await sweeper.sweep();
    const ledger = await ledgerOf(testApp.database.db, userId);
    expect(ledger.filter((entry) => entry.reason === 'refund')).toHaveLength(1);
    expect(await getCreditBalance(testApp.database.db, userId)).toBe(1);
    await sweeper.stop();
  });

  it('never runs one job on two workers at once, even with duplicate deliveries', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('two'));
    const userId = await userIdOf(agent);
    await bookLedgerEntry(testApp.database.db, {
      userId,
      idempotencyKey: `grant:${userId}`,
      delta: 2,
      reason: 'grant',
    });
    const active = new Map<string, number>();
    const runs = new Map<string, number>();
    let overlaps = 0;
    // The real engine, counted: how many runs of each site are in progress at once.
    const counted: RunPipeline = async (input, ports) => {
      active.set(input.url, (active.get(input.url) ?? 0) + 1);
      runs.set(input.url, (runs.get(input.url) ?? 0) + 1);
      if ((active.get(input.url) ?? 0) > 1) overlaps += 1;
      try {
        return await runPipeline(input, ports);
      } finally {
        active.set(input.url, (active.get(input.url) ?? 1) - 1);
      }
    };
    const workerOptions = {
      engineOptions: ENGINE_OPTIONS,
      runPipeline: counted,
      jobs: { concurrency: 2 },
    };
    const workerA = await testApp.startWorker(workerOptions);
    const workerB = await testApp.startWorker(workerOptions);
    const created = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await agent.post(
        '/api/projects',
        createBody(`${site.url}/shop/?copy=${index}`, `Copy ${index}`),
      );
      expect(response.statusCode).toBe(201);
      created.push(response.json());
    }
    // Every message delivered twice more (at-least-once delivery taken to the extreme).
    for (const project of created) {
      for (let copy = 0; copy < 2; copy += 1) {
        await testApp.queue.enqueue({ jobId: project.job_id, projectId: project.id });
      }
    }
    for (const project of created) {
      expect((await waitForJob(agent, project.job_id, ['COMPLETED', 'FAILED'])).status).toBe(
        'COMPLETED',
      );
    }
    // Let the duplicate deliveries drain: each finds its job COMPLETED and does nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(overlaps).toBe(0);
    expect([...runs.values()]).toEqual([1, 1, 1]);
    const rows = await testApp.database.db
      .select({ attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.userId, userId));
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1]);
    expect(await getCreditBalance(testApp.database.db, userId)).toBe(0);
    await workerA.stop();
    await workerB.stop();
  });

  it('deletes a running project: the job is cancelled, rows and artifacts removed', async () => {
    const agent = await signUpVerified(testApp, uniqueEmail('delete'));
    const stalled = await startFixtureSite();
    const worker = await testApp.startWorker({ engineOptions: ENGINE_OPTIONS });
    const created = (await agent.post('/api/projects', createBody(`${stalled.url}/stall/`))).json();
    await waitForJob(agent, created.job_id, ['RUNNING']);
    const response = await agent.request({ method: 'DELETE', url: `/api/projects/${created.id}` });
    expect(response.statusCode).toBe(204);
    stalled.release();
    await worker.stop();
    const db = testApp.database.db;
    expect(await db.select().from(jobs).where(eq(jobs.id, created.job_id))).toEqual([]);
    expect(await db.select().from(jobLogs).where(eq(jobLogs.jobId, created.job_id))).toEqual([]);
    expect(existsSync(path.join(testApp.dataDir, 'artifacts', created.id))).toBe(false);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.projectId, created.id));
    expect(count?.n).toBe(0);
    await stalled.close();
  });
});
