import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { bookLedgerEntry, getCreditBalance } from '../src/db/credits.repository';
import type { AppDb } from '../src/db/database';
import { billingSubscriptions, creditLedger, projects } from '../src/db/schema';

// The public API under concurrency (issue 26): 100 API clients create projects at once, each sending
// its POST twice at the same moment with one Idempotency-Key (a client retrying after a time-out)
// and once more after the answer, against fewer credits than clients. Nothing may be created twice
// and the balance may never go below zero.

/** What the scenario measured. */
export interface ApiClientsResult {
  clients: number;
  requests: number;
  created: number;
  refused: number;
  duplicates: number;
  overdraw: number;
  mismatched: number;
  p50: number;
  p95: number;
  summary: string;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/**
 * Runs the scenario for the signed-in user of `cookie` (`userId`): gives them a Scale subscription,
 * `credits` credits and 20 API keys (the most an account holds), then lets `clients` clients post.
 * The projects it made are cancelled through the API afterwards (their credits come back), so later
 * scenarios find the worker idle.
 */
export async function runApiClientsScenario(options: {
  baseUrl: string;
  db: AppDb;
  cookie: string;
  userId: string;
  sourceUrl: string;
  clients?: number;
  credits?: number;
}): Promise<ApiClientsResult> {
  const { baseUrl, db, cookie, userId } = options;
  const clients = options.clients ?? 100;
  const credits = options.credits ?? 60;
  const origin = new URL(baseUrl).origin;
  await db.insert(billingSubscriptions).values({
    userId,
    provider: 'bench',
    providerSubscriptionId: `sub_bench_${randomUUID()}`,
    productId: 'prod_sub_scale_499',
    interval: 'month',
    amount: 49900,
    currency: 'usd',
    isFounderPrice: true,
    status: 'active',
  });
  // The sign-up credit is booked on first read; spend it so the balance is exactly `credits`.
  const start = await getCreditBalance(db, userId);
  await bookLedgerEntry(db, {
    userId,
    idempotencyKey: `grant:bench-api-clients:${userId}`,
    delta: credits - start,
    reason: 'grant',
  });
  const balanceBefore = await getCreditBalance(db, userId);
  const keys: string[] = [];
  for (let index = 0; index < 20; index += 1) {
    const response = await fetch(`${baseUrl}/api/me/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify({ name: `Bench client ${index}`, scopes: ['projects'] }),
    });
    if (response.status !== 201)
      throw new Error(`key ${response.status}: ${await response.text()}`);
    keys.push(((await response.json()) as { key: string }).key);
  }

  const latencies: number[] = [];
  const post = async (key: string, idempotencyKey: string, index: number) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/projects`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({
        name: `API client ${index}`,
        sourceUrl: `${options.sourceUrl}?client=${index}`,
        modernizationStrategy: 'STYLE_MODERNIZATION',
      }),
    });
    const body = (await response.json()) as { id?: string; error?: { code: string } };
    latencies.push(performance.now() - started);
    return { status: response.status, id: body.id, code: body.error?.code };
  };

  const started = Date.now();
  const outcomes = await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const key = keys[index % keys.length] ?? '';
      const idempotencyKey = `bench-${index}-${randomUUID()}`;
      const first = await Promise.all([
        post(key, idempotencyKey, index),
        post(key, idempotencyKey, index),
      ]);
      const again = await post(key, idempotencyKey, index);
      return [...first, again];
    }),
  );
  const seconds = (Date.now() - started) / 1000;

  const createdIds = new Set<string>();
  let mismatched = 0;
  let refused = 0;
  for (const answers of outcomes) {
    const ids = new Set(answers.map((answer) => answer.id));
    const statuses = new Set(answers.map((answer) => answer.status));
    const created = answers.find((answer) => answer.status === 201);
    if (created?.id) {
      createdIds.add(created.id);
      // Every answer of one client must be that same project.
      if (ids.size !== 1 || statuses.size !== 1) mismatched += 1;
    } else {
      refused += 1;
    }
  }
  const [rows] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.userId, userId));
  const projectCount = rows?.n ?? 0;
  const debits = (
    await db.select().from(creditLedger).where(eq(creditLedger.userId, userId))
  ).filter((entry) => entry.delta < 0 && entry.reason === 'project').length;
  const balanceAfter = await getCreditBalance(db, userId);
  const duplicates = projectCount - createdIds.size;
  const overdraw = Math.max(0, debits - balanceBefore, -balanceAfter);

  // Cancel what was made (the credits come back): later scenarios find an idle worker.
  for (const id of createdIds) {
    await fetch(`${baseUrl}/api/v1/projects/${id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys[0] ?? ''}` },
    });
  }
  const balanceRestored = await getCreditBalance(db, userId);

  const p50 = Math.round(percentile(latencies, 50));
  const p95 = Math.round(percentile(latencies, 95));
  const summary = `${clients} clients × 3 POSTs with one Idempotency-Key each (2 at once + 1 after), ${credits} credits, 20 keys, ${seconds.toFixed(1)} s: ${createdIds.size} created, ${refused} refused (402), duplicates ${duplicates}, overdraw ${overdraw}, clients with differing answers ${mismatched}; latency p50 ${p50} ms, p95 ${p95} ms; balance ${balanceBefore} → ${balanceAfter}, ${balanceRestored} after cancelling them`;
  return {
    clients,
    requests: latencies.length,
    created: createdIds.size,
    refused,
    duplicates,
    overdraw,
    mismatched,
    p50,
    p95,
    summary,
  };
}
