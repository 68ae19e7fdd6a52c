import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookLedgerEntry } from '../src/db/credits.repository';
import { jobs, users, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { createTokenCipher, resolveTokenKey } from '../src/github/token-crypto';
import { startWebhookDispatcher } from '../src/jobs/webhook-dispatcher';
import { buildLogger } from '../src/lib/logger';
import { createWebhookEndpoint, emitWebhookEvent } from '../src/services/webhooks.service';
import { completedProject } from './helpers/preview-fixture';
import {
  createTestApp,
  signIn,
  signUp,
  TEST_BASE_URL,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver';

// Webhooks (issue 26): Standard Webhooks signatures checked with the `standardwebhooks` package
// itself, by a real receiver on loopback that fails the first deliveries; retries, give-up, Redeliver,
// the SSRF guard on receivers.

describe.each(TEST_DATABASE_KINDS)('webhooks on %s', (kind) => {
  const authSecret = randomBytes(32).toString('hex');
  const cipher = createTokenCipher(resolveTokenKey(undefined, authSecret));
  const logger = buildLogger('silent');
  let testApp: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // Receivers on loopback are allowed here as for sites under test (ALLOW_PRIVATE_URLS, tests only).
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' }, authSecret });
  });
  afterAll(async () => {
    await testApp?.close();
    await receiver?.close();
  });

  const newUser = async (label: string): Promise<{ agent: Agent; id: string }> => {
    const email = uniqueEmail(label);
    await signUp(testApp.app, email);
    const [row] = await testApp.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    return { agent: await signIn(testApp.app, email), id: row?.id ?? '' };
  };
  const addEndpoint = async (agent: Agent, path: string, events: string[]) => {
    const response = await agent.post('/api/webhooks', { url: `${receiver.url}${path}`, events });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; secret: string };
  };
  // Tests share the receiver: each uses its own path.
  const forPath = (path: string) => receiver.received.filter((request) => request.path === path);
  const waitUntil = async (condition: () => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('shows the secret once, keeps it encrypted, scopes endpoints to their owner', async () => {
    const owner = await newUser('hooks-owner');
    const created = await addEndpoint(owner.agent, '/owner', ['project.completed', 'credits.low']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);

    const listed = (await owner.agent.get('/api/webhooks')).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: created.id,
      url: `${receiver.url}/owner`,
      events: ['project.completed', 'credits.low'],
      recent: { delivered: 0, pending: 0, failed: 0 },
    });
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    const [stored] = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(stored?.secret).not.toContain(created.secret.slice(6, 20));
    expect(cipher.decrypt(stored?.secret ?? '')).toBe(created.secret);

    const rotated = (await owner.agent.post(`/api/webhooks/${created.id}/rotate-secret`)).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.previous_secret_expires_at) - Date.now()).toBeGreaterThan(
      23 * 3600_000,
    );

    const badEvents = await owner.agent.post('/api/webhooks', {
      url: `${receiver.url}/x`,
      events: [],
    });
    expect(badEvents.statusCode).toBe(400);
    expect(badEvents.json().error.message).toContain('Choose at least one event.');
    const badScheme = await owner.agent.post('/api/webhooks', {
      url: 'ftp://example.com/hook',
      events: ['credits.low'],
    });
    expect(badScheme.statusCode).toBe(400);
    expect(badScheme.json().error.message).toContain('Enter a full http:// or https:// URL.');

    const stranger = await newUser('hooks-stranger');
    expect((await stranger.agent.get('/api/webhooks')).json().items).toEqual([]);
    for (const response of [
      await stranger.agent.patch(`/api/webhooks/${created.id}`, { events: ['credits.low'] }),
      await stranger.agent.post(`/api/webhooks/${created.id}/rotate-secret`),
      await stranger.agent.get(`/api/webhooks/${created.id}/deliveries`),
      await stranger.agent.request({ method: 'DELETE', url: `/api/webhooks/${created.id}` }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('API_WEBHOOK_NOT_FOUND');
    }
    expect((await owner.agent.get('/api/webhooks')).json().items).toHaveLength(1);
    expect((await owner.agent.get('/api/webhooks/not-a-uuid/deliveries')).statusCode).toBe(404);
  });

  it('signs every delivery, retries failed ones with backoff and logs them', async () => {
    const owner = await newUser('hooks-retry');
    const endpoint = await addEndpoint(owner.agent, '/retry', [
      'project.completed',
      'project.failed',
      'credits.low',
    ]);
    const verifier = new Webhook(endpoint.secret);
    const attemptsById = new Map<string, number>();
    const verified: string[] = [];
    receiver.answer = ({ path, headers, body }) => {
      if (path !== '/retry') return 200;
      // Verified with the package itself: a bad signature or a stale timestamp throws.
      verifier.verify(body, {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      });
      const id = String(headers['webhook-id']);
      verified.push(id);
      const attempt = (attemptsById.get(id) ?? 0) + 1;
      attemptsById.set(id, attempt);
      // The first two deliveries of every message fail.
      return attempt <= 2 ? (attempt === 1 ? 503 : 500) : 200;
    };

    // Balance 3: creating a project brings it to 2, under the threshold: credits.low.
    await bookLedgerEntry(testApp.database.db, {
      userId: owner.id,
      idempotencyKey: `grant:${owner.id}`,
      delta: 2,
      reason: 'grant',
    });
    const projectId = await completedProject(testApp, owner.agent);
    await testApp.database.db
      .update(jobs)
      .set({ status: 'COMPLETED', finishedAt: new Date() })
      .where(eq(jobs.projectId, projectId));

    const worker = await testApp.startWorker({
      webhooks: { retryDelaysMs: [300, 600], pollIntervalMs: 50 },
    });
    try {
      await worker.sweep();
      await waitUntil(() => forPath('/retry').length >= 6);
      const received = forPath('/retry');
      expect(received).toHaveLength(6);
      expect(verified).toHaveLength(6);
      const byType = new Map<string, typeof received>();
      for (const request of received) {
        const type = JSON.parse(request.body).type as string;
        byType.set(type, [...(byType.get(type) ?? []), request]);
      }
      expect([...byType.keys()].sort()).toEqual(['credits.low', 'project.completed']);
      for (const attempts of byType.values()) {
        expect(attempts.map((request) => request.status)).toEqual([503, 500, 200]);
        expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1);
        const [first, second, third] = attempts.map((request) => request.at);
        // The backoff: 300 ms, then 600 ms (the dispatcher polls every 50 ms).
        expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(280);
        expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(580);
      }
      const completed = JSON.parse(byType.get('project.completed')?.[2]?.body ?? '{}');
      expect(completed).toMatchObject({
        type: 'project.completed',
        data: {
          project_id: projectId,
          status: 'completed',
          pages: 2,
          batch_id: null,
          report_url: `${TEST_BASE_URL}/project/${projectId}/report`,
          download_url: `${TEST_BASE_URL}/api/projects/${projectId}/download`,
        },
      });
      expect(Date.parse(completed.timestamp)).not.toBeNaN();
      const low = JSON.parse(byType.get('credits.low')?.[0]?.body ?? '{}');
      expect(low.data).toEqual({ balance: 2, threshold: 3 });

      await worker.webhooks.idle();
      const log = (await owner.agent.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().items;
      expect(log).toHaveLength(2);
      for (const delivery of log) {
        expect(delivery).toMatchObject({
          status: 'delivered',
          attempts: 3,
          last_status_code: 200,
          last_error: null,
          next_attempt_at: null,
        });
      }
      expect((await owner.agent.get('/api/webhooks')).json().items[0].recent).toEqual({
        delivered: 2,
        pending: 0,
        failed: 0,
      });

      // Announced once, however often the worker asks again.
      await worker.sweep();
      await worker.webhooks.idle();
      expect(forPath('/retry')).toHaveLength(6);
    } finally {
      await worker.stop();
    }
  });

  it('gives up after the last retry (24 h on its clock), and Redeliver sends the message again', async () => {
    const owner = await newUser('hooks-giveup');
    const endpoint = await addEndpoint(owner.agent, '/giveup', ['credits.low']);
    let accept = false;
    receiver.answer = ({ path }) => (path === '/giveup' && !accept ? 500 : 200);
    await emitWebhookEvent(testApp.database.db, owner.id, 'credits.low', {
      balance: 0,
      threshold: 3,
    });
    let clock = Date.now();
    const dispatcher = startWebhookDispatcher({
      db: testApp.database.db,
      cipher,
      allowPrivateUrls: true,
      logger,
      options: {
        now: () => clock,
        retryDelaysMs: [3600_000, 23 * 3600_000],
        pollIntervalMs: 20,
      },
    });
    try {
      const seen = () => forPath('/giveup').length;
      await waitUntil(() => seen() === 1);
      await dispatcher.idle();
      let [delivery] = (await owner.agent.get(`/api/webhooks/${endpoint.id}/deliveries`)).json()
        .items;
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
      expect(Date.parse(delivery.next_attempt_at) - clock).toBe(3600_000);

      // Nothing is due before its time.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(seen()).toBe(1);
      clock += 3600_000;
      dispatcher.wake();
      await dispatcher.idle();
      expect(seen()).toBe(2);
      clock += 23 * 3600_000;
      dispatcher.wake();
      await dispatcher.idle();
      expect(seen()).toBe(3);
      [delivery] = (await owner.agent.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().items;
      expect(delivery).toMatchObject({
        status: 'failed',
        attempts: 3,
        last_error: 'The receiver answered 500.',
        next_attempt_at: null,
      });
      clock += 48 * 3600_000;
      dispatcher.wake();
      await dispatcher.idle();
      expect(seen()).toBe(3);

      accept = true;
      const redelivered = await owner.agent.post(
        `/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`,
      );
      expect(redelivered.statusCode).toBe(201);
      expect(redelivered.json().message_id).toBe(delivery.message_id);
      dispatcher.wake();
      await dispatcher.idle();
      expect(seen()).toBe(4);
      const last = forPath('/giveup').at(-1);
      expect(last?.headers['webhook-id']).toBe(delivery.message_id);
      expect(last?.status).toBe(200);
      const log = (await owner.agent.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().items;
      expect(log.map((item: { status: string }) => item.status)).toEqual(['delivered', 'failed']);

      const stranger = await newUser('hooks-giveup-stranger');
      const foreign = await stranger.agent.post(
        `/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`,
      );
      expect(foreign.statusCode).toBe(404);
    } finally {
      await dispatcher.stop();
    }
  });

  it('prunes finished deliveries after 30 days and keeps pending ones', async () => {
    const owner = await newUser('hooks-prune');
    const endpoint = await addEndpoint(owner.agent, '/prune', ['credits.low']);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);
    const rows = await testApp.database.db
      .insert(webhookDeliveries)
      .values(
        (
          [
            ['delivered', 31],
            ['failed', 31],
            ['pending', 31],
            ['delivered', 29],
          ] as const
        ).map(([status, days]) => ({
          endpointId: endpoint.id,
          userId: owner.id,
          messageId: `msg_prune_${status}_${days}`,
          eventType: 'credits.low',
          payload: { balance: 0 },
          status,
          // Far in the future: no dispatcher sends the pending one during the test.
          nextAttemptAt: daysAgo(-3650),
          createdAt: daysAgo(days),
        })),
      )
      .returning({ messageId: webhookDeliveries.messageId });
    expect(rows).toHaveLength(4);

    const worker = await testApp.startWorker();
    await worker.sweep();
    const left = await testApp.database.db
      .select({ messageId: webhookDeliveries.messageId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(left.map((row) => row.messageId).sort()).toEqual([
      'msg_prune_delivered_29',
      'msg_prune_pending_31',
    ]);
  });

  it('refuses a receiver on a private address, when added and when sent to', async () => {
    const owner = await newUser('hooks-private');
    const guarded = { db: testApp.database.db, cipher, allowPrivateUrls: false };
    for (const url of [
      `${receiver.url}/private`,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:8080/hook',
      'http://[::1]:8080/hook',
    ]) {
      await expect(
        createWebhookEndpoint(guarded, owner.id, { url, events: ['credits.low'] }),
      ).rejects.toMatchObject({ code: 'API_WEBHOOK_URL_REFUSED', status: 422 });
    }
    expect((await owner.agent.get('/api/webhooks')).json().items).toEqual([]);

    // An endpoint that got in (here: added where loopback is allowed) is refused again at delivery.
    const endpoint = await addEndpoint(owner.agent, '/private', ['credits.low']);
    await emitWebhookEvent(testApp.database.db, owner.id, 'credits.low', {
      balance: 1,
      threshold: 3,
    });
    const dispatcher = startWebhookDispatcher({
      db: testApp.database.db,
      cipher,
      allowPrivateUrls: false,
      logger,
      options: { retryDelaysMs: [], pollIntervalMs: 20 },
    });
    try {
      await dispatcher.idle();
    } finally {
      await dispatcher.stop();
    }
    const [delivery] = (await owner.agent.get(`/api/webhooks/${endpoint.id}/deliveries`)).json()
      .items;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(delivery.last_error).toContain('Refused');
    expect(forPath('/private')).toEqual([]);
  });
});
