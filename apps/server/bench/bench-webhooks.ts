import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../src/db/database';
import { users, webhookDeliveries } from '../src/db/schema';
import { insertDeliveries, insertEndpoint } from '../src/db/webhooks.repository';
import { createTokenCipher } from '../src/github/token-crypto';
import { startWebhookDispatcher } from '../src/jobs/webhook-dispatcher';
import { buildLogger } from '../src/lib/logger';
import { startWebhookReceiver } from '../test/helpers/webhook-receiver';

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * `npm run bench:api` part (issue 26): `count` webhook deliveries queued at once to a slow receiver
 * on loopback (`delayMs` per answer) that refuses the first attempt of every tenth message, drained by
 * one dispatcher with its default concurrency and a 1 s first retry. Prints the time to drain, the
 * delivery latency, how late the retries ran against their schedule, and this process's memory peak.
 */
export async function benchWebhookDeliveries(
  db: AppDb,
  options: { count: number; delayMs: number },
): Promise<string> {
  const retryMs = 1000;
  const receiver = await startWebhookReceiver({ delayMs: options.delayMs });
  const attempts = new Map<string, number>();
  receiver.answer = ({ headers }) => {
    const id = String(headers['webhook-id']);
    const attempt = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, attempt);
    return attempt === 1 && Number.parseInt(id.slice(-2), 16) % 10 === 0 ? 503 : 200;
  };
  const userId = `bench-hooks-${randomBytes(4).toString('hex')}`;
  await db
    .insert(users)
    .values({ id: userId, email: `${userId}@bench.local`, emailVerified: true });
  const cipher = createTokenCipher(randomBytes(32));
  const endpointId = randomUUID();
  await insertEndpoint(db, {
    id: endpointId,
    userId,
    url: `${receiver.url}/hooks`,
    description: null,
    events: ['project.completed'],
    secret: cipher.encrypt(`whsec_${randomBytes(32).toString('base64')}`),
  });
  const queuedAt = new Date();
  for (let offset = 0; offset < options.count; offset += 250) {
    await insertDeliveries(
      db,
      Array.from({ length: Math.min(250, options.count - offset) }, (_, index) => ({
        endpointId,
        userId,
        messageId: `msg_${randomUUID().replaceAll('-', '')}`,
        eventType: 'project.completed',
        payload: {
          type: 'project.completed',
          timestamp: queuedAt.toISOString(),
          data: { project_id: randomUUID(), index: offset + index },
        },
        nextAttemptAt: queuedAt,
      })),
    );
  }
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const startRss = peakRss;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 100);
  const started = performance.now();
  const dispatcher = startWebhookDispatcher({
    db,
    cipher,
    allowPrivateUrls: true,
    logger: buildLogger('silent'),
    options: { retryDelaysMs: [retryMs, retryMs], pollIntervalMs: 200 },
  });
  try {
    for (;;) {
      const rows = await db
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId));
      if (rows.every((row) => row.status !== 'pending')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await dispatcher.stop();
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  const delivered = rows.filter((row) => row.status === 'delivered');
  const latencies = delivered.map(
    (row) => (row.deliveredAt?.getTime() ?? 0) - row.createdAt.getTime(),
  );
  // Retries: the gap between a message's first (refused) and second request, against the 1 s delay.
  const byId = new Map<string, number[]>();
  for (const request of receiver.received) {
    const id = String(request.headers['webhook-id']);
    byId.set(id, [...(byId.get(id) ?? []), request.at]);
  }
  const lateness = [...byId.values()]
    .filter((times) => times.length > 1)
    .map((times) => (times[1] ?? 0) - (times[0] ?? 0) - options.delayMs - retryMs);
  await receiver.close();
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  return (
    `${options.count} deliveries to a receiver answering in ${options.delayMs} ms: ${delivered.length} delivered, ` +
    `${rows.length - delivered.length} failed in ${seconds.toFixed(1)} s (${(delivered.length / seconds).toFixed(0)}/s, ` +
    `${dispatcher.attemptsMade} attempts); latency from queue to delivered p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
    `p99 ${percentile(latencies, 99).toFixed(0)} ms; ${lateness.length} retries after 1 s, late by p50 ` +
    `${percentile(lateness, 50).toFixed(0)} ms, max ${Math.max(0, ...lateness).toFixed(0)} ms; memory peak RSS ` +
    `${mb(peakRss)} MB (start ${mb(startRss)} MB), heap ${mb(peakHeap)} MB`
  );
}
