import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runPipeline, type PipelineResult } from '@sitelift/engine';
import { AppError } from '@sitelift/shared/error-codes';
import { and, eq, like } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookLedgerEntry, getCreditBalance } from '../src/db/credits.repository';
import { batches, creditLedger, projects } from '../src/db/schema';
import type { RunPipeline } from '../src/jobs/modernize-site.job';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import {
  createTestApp,
  signUpVerified,
  TEST_BASE_URL,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver';
import { callV1, createKey, grantCredits, subscribeToScale } from './helpers/api-key-test-helpers';

// Batches (issue 26): 30 URLs, 3 of them unreachable, a balance of 25 credits — the pre-check, the
// refusal that charges nothing, exact reservations, refunds of the sites that fail, one e-mail and
// one webhook when the batch ends, and the combined download with its CSV summary. Real PostgreSQL
// (PGlite when TEST_DATABASE_URL is not set); the sites are served on loopback.

const KIND = TEST_DATABASE_KINDS.includes('postgres') ? 'postgres' : 'pglite';
const SITES = 27;
/** Sites whose run fails (after the pre-check accepted them): their credits come back. */
const FAILING = new Set([4, 9]);

/** 27 small sites on one loopback server (`/site-N/`), and two that answer errors. */
async function startSites(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const match = /^\/site-(\d+)\/$/.exec(path);
    if (match) {
      const html = `<!doctype html><html><head><title>Microsite ${match[1]}</title></head><body><h1>Microsite ${match[1]}</h1><p>${'Local news and opening hours. '.repeat(20)}</p></body></html>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    if (path === '/robots.txt' || path.endsWith('.xml')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(path === '/broken/' ? 500 : 404, { 'content-type': 'text/html' }).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`batches on ${KIND}`, () => {
  let testApp: TestApp;
  let sites: { url: string; close(): Promise<void> };
  let fixture: FixtureSite;
  let receiver: WebhookReceiver;
  let agent: Agent;
  let userId: string;
  let email: string;
  let urls: string[];
  let unreachableLines: number[];

  beforeAll(async () => {
    sites = await startSites();
    fixture = await startFixtureSite();
    receiver = await startWebhookReceiver();
    testApp = await createTestApp(KIND, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    email = uniqueEmail('batch');
    agent = await signUpVerified(testApp, email);
    userId = (await agent.get('/api/me/profile')).json().id;
    // Sign-up gives 1 credit: 24 more make the balance 25.
    await bookLedgerEntry(testApp.database.db, {
      userId,
      idempotencyKey: `grant:${userId}`,
      delta: 24,
      reason: 'grant',
    });
    // 30 lines: 27 sites, an error page, a server error and a closed port (lines 6, 15 and 24).
    urls = [];
    unreachableLines = [6, 15, 24];
    let site = 0;
    for (let line = 1; line <= 30; line += 1) {
      if (line === 6) urls.push(`${sites.url}/gone/`);
      else if (line === 15) urls.push(`${sites.url}/broken/`);
      else if (line === 24) urls.push('http://127.0.0.1:1/');
      else {
        site += 1;
        urls.push(`${sites.url}/site-${site}/`);
      }
    }
  });
  afterAll(async () => {
    await testApp?.close();
    await receiver?.close();
    await fixture?.close();
    await sites?.close();
  });

  const balance = () => getCreditBalance(testApp.database.db, userId);

  it('pre-checks every line without charging anything', async () => {
    const response = await agent.post('/api/batches/check', { urls });
    expect(response.statusCode, response.body).toBe(200);
    const check = response.json();
    expect(check.accepted).toBe(SITES);
    expect(check.balance).toBe(25);
    expect(check.lines).toHaveLength(30);
    const refused = check.lines.filter((line: { ok: boolean }) => !line.ok);
    expect(refused.map((line: { line: number }) => line.line)).toEqual(unreachableLines);
    for (const line of refused) expect(line.reason).toEqual(expect.any(String));
    expect(check.lines[0]).toMatchObject({ line: 1, ok: true, title: 'Microsite 1' });
    expect(await balance()).toBe(25);

    const tooMany = await agent.post('/api/batches/check', {
      urls: Array.from({ length: 501 }, (_, index) => `${sites.url}/site-${index}/`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('A batch holds at most 500 URLs.');
  });

  it('refuses a batch the balance does not cover, with the numbers, charging nothing', async () => {
    const response = await agent.post('/api/batches', { urls });
    expect(response.statusCode).toBe(402);
    const { error } = response.json();
    expect(error.code).toBe('API_BATCH_CREDITS_SHORT');
    expect(error.message).toContain('needs 27 credits');
    expect(error.message).toContain('your balance is 25');
    expect(error.message).toContain('Nothing was charged');
    expect(error.details).toMatchObject({ needed: 27, balance: 25 });
    expect(await balance()).toBe(25);
    expect(
      await testApp.database.db.select().from(batches).where(eq(batches.userId, userId)),
    ).toEqual([]);
    expect(
      await testApp.database.db.select().from(projects).where(eq(projects.userId, userId)),
    ).toEqual([]);
  });

  it('reserves exactly one credit per started site, refunds failures, mails and calls back once', async () => {
    const endpoint = await agent.post('/api/webhooks', {
      url: `${receiver.url}/batch`,
      events: ['batch.completed'],
    });
    expect(endpoint.statusCode).toBe(201);

    const created = await agent.post('/api/batches', {
      urls,
      name: 'Client microsites',
      modernization_strategy: 'STYLE_MODERNIZATION',
      allow_partial: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json();
    // The first 25 accepted lines are started; the 26th and 27th are not covered by the balance.
    expect(batch.credits_reserved).toBe(25);
    expect(batch.sites).toHaveLength(25);
    expect(batch.counts).toMatchObject({ total: 25, rejected: 5 });
    expect(batch.rejected.map((line: { line: number }) => line.line)).toEqual([
      ...unreachableLines,
      29,
      30,
    ]);
    expect(batch.rejected.at(-1).reason).toBe('Not started: your balance did not cover it.');
    expect(batch.sites[0]).toMatchObject({
      name: 'Microsite 1',
      source_url: `${sites.url}/site-1/`,
      status: 'queued',
    });
    expect(await balance()).toBe(0);
    const charges = await testApp.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), like(creditLedger.idempotencyKey, 'job:%')));
    expect(charges).toHaveLength(25);
    expect(charges.every((entry) => entry.delta === -1)).toBe(true);

    // The engine runs once for real on the fixture site; every site reuses its output, and two fail.
    let real: Promise<PipelineResult> | undefined;
    const pipeline: RunPipeline = async (input, ports) => {
      const number = Number(/\/site-(\d+)\//.exec(input.url)?.[1]);
      if (FAILING.has(number)) throw new AppError('ENGINE_FETCH_HTTP_STATUS');
      real ??= runPipeline({ ...input, url: `${fixture.url}/shop/` }, ports);
      const result = await real;
      return { ...result, report: { ...result.report, source_url: input.url } };
    };
    const worker = await testApp.startWorker({
      engineOptions: { loopbackOnly: true, fetchOptions: { respectRobots: false } },
      runPipeline: pipeline,
      jobs: { concurrency: 2 },
      webhooks: { pollIntervalMs: 50 },
    });
    try {
      await vi.waitFor(
        async () => {
          const state = (await agent.get(`/api/batches/${batch.id}`)).json();
          if (state.status !== 'completed')
            throw new Error(`batch ${JSON.stringify(state.counts)}`);
        },
        { timeout: 240_000, interval: 500 },
      );
      await worker.sweep();
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
    } finally {
      await worker.stop();
    }

    const done = (await agent.get(`/api/batches/${batch.id}`)).json();
    expect(done.counts).toEqual({
      total: 25,
      queued: 0,
      running: 0,
      completed: 23,
      failed: 2,
      rejected: 5,
    });
    expect(done.finished_at).toEqual(expect.any(String));
    const failed = done.sites.filter((site: { status: string }) => site.status === 'failed');
    expect(failed.map((site: { name: string }) => site.name)).toEqual([
      'Microsite 4',
      'Microsite 9',
    ]);
    expect(failed[0].error_message).toBe('The site answered with an error status.');
    // Each failed site's credit came back, once.
    expect(await balance()).toBe(2);

    // One batch.completed webhook and one e-mail, no e-mail per project.
    const [hook] = receiver.received;
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
      type: 'batch.completed',
      data: {
        batch_id: batch.id,
        name: 'Client microsites',
        sites: 25,
        completed: 23,
        failed: 2,
        rejected: 5,
        batch_url: `${TEST_BASE_URL}/batches/${batch.id}`,
      },
    });
    const mails = (await testApp.getOutbox()).filter((message) => message.to === email);
    const subjects = mails.map((message) => message.subject);
    expect(subjects.filter((subject) => subject.startsWith('Your project'))).toEqual([]);
    expect(subjects.filter((subject) => subject.startsWith('Your batch'))).toEqual([
      'Your batch "Client microsites" is done: 23 of 25 sites ready',
    ]);

    // The combined download: a zip per completed site and the CSV summary of all 30 lines.
    const download = await agent.get(`/api/batches/${batch.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('Client microsites.zip');
    const entries = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(entries).sort();
    expect(names.filter((name) => name.startsWith('sites/'))).toHaveLength(23);
    expect(names).toContain('sites/Microsite 1.zip');
    const inner = unzipSync(entries['sites/Microsite 1.zip'] ?? new Uint8Array());
    expect(Object.keys(inner).some((name) => name.endsWith('sitelift-report.json'))).toBe(true);
    const csv = new TextDecoder().decode(entries['summary.csv']).trim().split('\r\n');
    expect(csv[0]).toBe(
      'line,source_url,name,status,pages,pages_found,text_coverage,fidelity_visual,fidelity_text,' +
        'lighthouse_performance,lighthouse_accessibility,lighthouse_best_practices,lighthouse_seo,zip,reason',
    );
    expect(csv).toHaveLength(31);
    const rows = csv.slice(1).map((row) => row.split(','));
    expect(rows.map((row) => Number(row[0]))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const statusOf = (line: number) => rows[line - 1]?.[3];
    expect(rows.filter((row) => row[3] === 'completed')).toHaveLength(23);
    expect(rows.filter((row) => row[3] === 'failed')).toHaveLength(2);
    expect(rows.filter((row) => row[3] === 'rejected')).toHaveLength(5);
    expect(statusOf(6)).toBe('rejected');
    expect(statusOf(30)).toBe('rejected');
    const first = rows[0] ?? [];
    expect(first[2]).toBe('Microsite 1');
    expect(Number(first[4])).toBeGreaterThan(0);
    expect(Number(first[6])).toBeGreaterThan(0.5);
    expect(first[13]).toBe('sites/Microsite 1.zip');
    expect(csv.find((row) => row.startsWith('4,'))).toContain('The site answered with an error');
  }, 300_000);

  it('keeps batches to their owner', async () => {
    const [mine] = (await agent.get('/api/batches')).json().items;
    expect(mine).toMatchObject({ name: 'Client microsites', status: 'completed' });
    const stranger = await signUpVerified(testApp, uniqueEmail('batch-stranger'));
    expect((await stranger.get('/api/batches')).json().items).toEqual([]);
    for (const path of [`/api/batches/${mine.id}`, `/api/batches/${mine.id}/download`]) {
      const response = await stranger.get(path);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('API_BATCH_NOT_FOUND');
    }
    expect((await agent.get('/api/batches/nope')).statusCode).toBe(404);
  });

  it('starts a batch from the public API once per Idempotency-Key', async () => {
    await subscribeToScale(testApp.database.db, userId);
    await grantCredits(testApp.database.db, userId, 2);
    const before = await balance();
    const { key } = await createKey(agent, ['read', 'projects']);
    const body = {
      urls: [`${sites.url}/site-1/`, `${sites.url}/gone/`, `${sites.url}/site-2/`],
      name: 'From the pipeline',
    };
    const send = () =>
      callV1(testApp, key, {
        method: 'POST',
        url: '/api/v1/batches',
        json: body,
        headers: { 'idempotency-key': 'batch-run-1' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({ credits_reserved: 2, counts: { total: 2, rejected: 1 } });
    expect(await balance()).toBe(before - 2);

    const read = await callV1(testApp, key, { url: `/api/v1/batches/${first.json().id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().sites.map((site: { name: string }) => site.name)).toEqual([
      'Microsite 1',
      'Microsite 2',
    ]);
    const { key: readOnly } = await createKey(agent, ['read'], 'Dashboard');
    const refused = await callV1(testApp, readOnly, {
      method: 'POST',
      url: '/api/v1/batches',
      json: body,
    });
    expect(refused.statusCode).toBe(403);
    expect(await balance()).toBe(before - 2);
  });
});
