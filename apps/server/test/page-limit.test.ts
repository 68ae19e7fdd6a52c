import { randomUUID } from 'node:crypto';
import { FREE_PAGES_PER_SITE } from '@sitelift/shared/billing/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureSubscriptionRow,
  insertPayment,
  updateSubscription,
} from '../src/db/billing.repository';
import { pageLimitForUser } from '../src/services/page-limit';
import { createTestApp, signUpVerified, uniqueEmail, type TestApp } from './helpers/test-app';

// Issue 24, decision record 052: the pages one run rebuilds follow the user's plan.

describe('page limit per plan', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('pglite');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function newUserId(name: string): Promise<string> {
    const agent = await signUpVerified(testApp, uniqueEmail(name));
    return (await agent.get('/api/me/profile')).json().id as string;
  }

  async function pay(userId: string, productId: string, refunded = false) {
    const key = `checkout:${randomUUID()}`;
    await insertPayment(testApp.database.db, {
      userId,
      provider: 'test',
      paymentKey: key,
      productId,
      amount: 1900,
      currency: 'usd',
      credits: 1,
      ledgerKey: key,
      refundedAt: refunded ? new Date() : null,
    });
  }

  it('gives the free limit before a first payment, and the plan limit after', async () => {
    const db = testApp.database.db;
    const userId = await newUserId('free');
    expect(await pageLimitForUser(db, userId, undefined)).toBe(FREE_PAGES_PER_SITE);
    await pay(userId, 'prod_payg_19');
    expect(await pageLimitForUser(db, userId, undefined)).toBe(200);
    // The operator's ceiling wins.
    expect(await pageLimitForUser(db, userId, 50)).toBe(50);
  });

  it('takes the largest plan held, and forgets a refunded payment', async () => {
    const db = testApp.database.db;
    const userId = await newUserId('scale');
    await pay(userId, 'prod_sub_agency_249', true);
    expect(await pageLimitForUser(db, userId, undefined)).toBe(FREE_PAGES_PER_SITE);
    const { row } = await ensureSubscriptionRow(db, {
      userId,
      provider: 'test',
      providerSubscriptionId: `sub_${randomUUID()}`,
      productId: 'prod_sub_scale_499',
      interval: 'month',
      amount: 49900,
      currency: 'usd',
      isFounderPrice: true,
    });
    expect(await pageLimitForUser(db, userId, undefined)).toBe(500);
    // Another user's plan is not theirs.
    expect(await pageLimitForUser(db, await newUserId('other'), undefined)).toBe(
      FREE_PAGES_PER_SITE,
    );
    // A subscription that ended (and paid nothing kept) no longer counts.
    await updateSubscription(db, row.id, { status: 'canceled' });
    expect(await pageLimitForUser(db, userId, undefined)).toBe(FREE_PAGES_PER_SITE);
  });
});
