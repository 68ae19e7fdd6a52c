import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookLedgerEntry } from '../../src/db/credits.repository';
import type { AppDb } from '../../src/db/database';
import { billingSubscriptions, jobs, projects, users } from '../../src/db/schema';
import Stripe from 'stripe';
import type {
  FakeStripeEvent,
  FakeStripeServer,
} from '../../src/billing/testing/fake-stripe-server';
import { createTestApp, type Agent, type TestApp } from './test-app';

/** The balance the agent sees. */
export async function getBalance(agent: Agent): Promise<number> {
  const response = await agent.get('/api/me/credits');
  expect(response.statusCode).toBe(200);
  return response.json().balance as number;
}

/** The ledger entries the agent sees (newest first). */
export async function getEntries(
  agent: Agent,
): Promise<Array<{ delta: number; reason: string; detail: string | null }>> {
  const response = await agent.get('/api/me/credits?entries=true');
  expect(response.statusCode).toBe(200);
  return response.json().entries;
}

/** The signed-in user's id. */
export async function getUserId(agent: Agent): Promise<string> {
  return (await agent.get('/api/me/profile')).json().id as string;
}

/** Spends `count` credits the way a project does (ledger entries with reason 'project'). */
export async function spendCredits(db: AppDb, userId: string, count: number): Promise<void> {
  await bookLedgerEntry(db, {
    userId,
    idempotencyKey: `test-spend:${userId}:${randomBytes(6).toString('hex')}`,
    delta: -count,
    reason: 'project',
  });
}

/** Makes `total` subscriptions exist in all (sold to a throwaway account), e.g. 250 to close the founder offer. */
export async function seedSubscriptionsSold(db: AppDb, total: number): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(billingSubscriptions);
  const missing = total - Number(row?.n ?? 0);
  if (missing <= 0) return;
  const userId = `seed-${randomBytes(6).toString('hex')}`;
  await db.insert(users).values({ id: userId, email: `${userId}@example.com` });
  await db.insert(billingSubscriptions).values(
    Array.from({ length: missing }, (_, index) => ({
      userId,
      provider: 'seed',
      providerSubscriptionId: `sub_seed_${userId}_${index}`,
      productId: 'prod_sub_freelancer_69',
      interval: 'month',
      amount: 6900,
      currency: 'usd',
      isFounderPrice: true,
      status: 'canceled',
    })),
  );
}

/** Creates a project with the agent's credit and marks it completed with a zip artifact. */
export async function createCompletedProject(testApp: TestApp, agent: Agent): Promise<string> {
  const created = await agent.post('/api/projects', {
    name: 'Rerun fixture',
    sourceUrl: 'http://127.0.0.1:9/',
    modernizationStrategy: 'INCREMENTAL_UPDATE',
    targetFramework: 'React',
  });
  expect(created.statusCode).toBe(201);
  const id: string = created.json().id;
  await testApp.database.db
    .update(projects)
    .set({
      status: 'completed',
      generatedCodeUrl: `/api/projects/${id}/download`,
      reportSummary: {
        pages: 1,
        routes: ['/'],
        text_coverage: 1,
        build_ok: true,
        not_carried: 0,
        screenshots: [],
        preview: false,
      },
    })
    .where(eq(projects.id, id));
  // The first run is over: a worker started later must not pick its job up again.
  await testApp.database.db
    .update(jobs)
    .set({ status: 'COMPLETED', finishedAt: new Date() })
    .where(eq(jobs.projectId, id));
  await testApp.artifacts.replaceProjectArtifacts(
    id,
    new Map([['project.zip', new TextEncoder().encode('PK-previous-result')]]),
  );
  return id;
}

/** A test app whose billing uses Stripe through the fake on loopback (the real SDK as client). */
export async function createStripeTestApp(
  kind: 'pglite' | 'postgres',
  fake: FakeStripeServer,
  webhookSecret: string,
  env: Record<string, string> = {},
): Promise<TestApp> {
  return createTestApp(kind, {
    env: { ...env, STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret },
    mutateConfig: (config) => ({
      ...config,
      billing: {
        ...config.billing,
        stripeApi: { host: fake.host, port: fake.port, protocol: 'http' },
      },
    }),
  });
}

const stripeSigner = new Stripe('sk_test_signer_only');

/** Posts `event` to the webhook signed with `secret`, as Stripe does (no cookies, no Origin). */
export function postStripeEvent(testApp: TestApp, event: FakeStripeEvent, secret: string) {
  const payload = JSON.stringify(event);
  const signature = stripeSigner.webhooks.generateTestHeaderString({ payload, secret });
  return testApp.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}
