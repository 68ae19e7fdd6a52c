import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { bookLedgerEntry } from '../../src/db/credits.repository';
import type { AppDb } from '../../src/db/database';
import { billingSubscriptions } from '../../src/db/schema';
import type { Agent, TestApp } from './test-app';

/** Gives `userId` a live Scale subscription (the plan with API access), as a paid checkout would. */
export async function subscribeToScale(db: AppDb, userId: string): Promise<void> {
  await db.insert(billingSubscriptions).values({
    userId,
    provider: 'test',
    providerSubscriptionId: `sub_test_${randomBytes(6).toString('hex')}`,
    productId: 'prod_sub_scale_499',
    interval: 'month',
    amount: 49900,
    currency: 'usd',
    isFounderPrice: true,
    status: 'active',
  });
}

/** Books `count` credits for `userId`. */
export async function grantCredits(db: AppDb, userId: string, count: number): Promise<void> {
  await bookLedgerEntry(db, {
    userId,
    idempotencyKey: `test-grant:${userId}:${randomBytes(6).toString('hex')}`,
    delta: count,
    reason: 'grant',
  });
}

/** Creates an API key through the profile route; returns the key (shown once) and its id. */
export async function createKey(
  agent: Agent,
  scopes: string[] = ['read', 'projects', 'billing-read'],
  name = 'CI pipeline',
): Promise<{ key: string; id: string }> {
  const response = await agent.post('/api/me/api-keys', { name, scopes });
  if (response.statusCode !== 201) throw new Error(`key not created: ${response.body}`);
  const body = response.json<{ key: string; id: string }>();
  return { key: body.key, id: body.id };
}

/** One request to the public API with an API key, like a script would send it (no cookie, no Origin). */
export function callV1(
  testApp: TestApp,
  key: string | undefined,
  options: { method?: string; url: string; json?: unknown; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: (options.method ?? 'GET') as 'GET',
    url: options.url,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.json !== undefined ? { payload: JSON.stringify(options.json) } : {}),
  });
}
