import { AppError } from '@sitelift/shared/error-codes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renewTestSubscription, type BillingDeps } from '../src/billing/billing.service';
import { createTestModeProvider } from '../src/billing/test-mode-provider';
import { parseConfig } from '../src/config';
import { listLiveSubscriptionsForUser } from '../src/db/billing.repository';
import { buildLogger } from '../src/lib/logger';
import { failJobAndRefund } from '../src/services/job-outcomes';
import type { AppDb } from '../src/db/database';
import {
  createCompletedProject,
  getBalance,
  getEntries,
  getUserId,
  seedSubscriptionsSold,
  spendCredits,
} from './helpers/billing-test-helpers';
import {
  createAgent,
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Billing in the local test mode (no STRIPE_SECRET_KEY, the embedded default): the checkout is the
// app's own page and completing it runs the same signed-webhook processing as Stripe.

describe.each(TEST_DATABASE_KINDS)('billing in test mode on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function startCheckout(agent: Agent, productId: string): Promise<string> {
    const attach = await agent.post('/api/billing/attach', { product_id: productId });
    expect(attach.statusCode).toBe(200);
    const url: string = attach.json().data.checkout_url;
    const match = /^\/billing\/test-checkout\/(cs_test_[0-9a-f]+)$/.exec(url);
    expect(match).not.toBeNull();
    return match?.[1] ?? '';
  }

  async function buy(agent: Agent, productId: string): Promise<string> {
    const sessionId = await startCheckout(agent, productId);
    const completed = await agent.post(`/api/billing/test_checkout/${sessionId}/complete`);
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toEqual({
      data: { redirect_url: '/dashboard?checkout=success' },
      error: null,
      statusCode: 200,
    });
    return sessionId;
  }

  function depsFor(): BillingDeps {
    // Another test-mode provider (own signing secret): its events still go through the same processing.
    return {
      db: testApp.database.db,
      provider: createTestModeProvider(),
      baseUrl: testApp.config.baseUrl,
      purchasesEnabled: true,
      logger: buildLogger('silent'),
    };
  }

  it('says test mode in the pricing table and the customer', async () => {
    const guest = createAgent(testApp.app);
    const table = await guest.get('/api/billing/pricing_table');
    expect(table.statusCode).toBe(200);
    expect(table.json()).toMatchObject({ error: null, statusCode: 200 });
    expect(table.json().data).toMatchObject({ test_mode: true, founder: { is_open: true } });
    expect(table.json().data.list.map((plan: { name: string }) => plan.name)).toEqual([
      'Single Refresh',
      'Freelancer',
      'Agency',
      'Scale',
    ]);
    const user = await signUpVerified(testApp, uniqueEmail('tm-customer'));
    const notFound = await user.post('/api/billing/customers', { error_on_not_found: true });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.code).toBe('customer_not_found');
    const customer = await user.post('/api/billing/customers', { error_on_not_found: false });
    expect(customer.json().data).toMatchObject({
      products: [],
      features: { credits: { balance: 1 } },
      test_mode: true,
    });
  });

  it('describes the billing routes in OpenAPI and refuses cross-site purchases', async () => {
    const docs = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/billing/pricing_table',
        '/api/billing/attach',
        '/api/billing/webhook',
        '/api/billing/test_checkout/{session_id}/complete',
        '/api/projects/{id}/rerun',
      ]),
    );
    const user = await signUpVerified(testApp, uniqueEmail('tm-csrf'));
    const crossSite = await user.post(
      '/api/billing/attach',
      { product_id: 'prod_payg_19' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ data: null, error: { code: 'api_csrf_rejected' } });
  });

  it('buys a subscription on the local checkout page: credits at once, once', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('tm-sub'));
    const sessionId = await startCheckout(buyer, 'prod_sub_freelancer_690');
    const session = await buyer.get(`/api/billing/test_checkout/${sessionId}`);
    expect(session.json().data).toEqual({
      session_id: sessionId,
      product_id: 'prod_sub_freelancer_690',
      product_name: 'Freelancer',
      credits: 180,
      amount: 69000,
      currency: 'usd',
      interval: 'year',
      status: 'open',
      test_mode: true,
    });
    // Only the session's owner may see or act on it.
    const other = await signUpVerified(testApp, uniqueEmail('tm-other'));
    expect((await other.get(`/api/billing/test_checkout/${sessionId}`)).statusCode).toBe(404);
    expect((await other.post(`/api/billing/test_checkout/${sessionId}/complete`)).statusCode).toBe(
      404,
    );
    expect(await getBalance(other)).toBe(1);

    // A double click: both requests at once still pay once.
    const clicks = await Promise.all([
      buyer.post(`/api/billing/test_checkout/${sessionId}/complete`),
      buyer.post(`/api/billing/test_checkout/${sessionId}/complete`),
    ]);
    expect(clicks.some((click) => click.statusCode === 200)).toBe(true);
    expect(await getBalance(buyer)).toBe(181);
    expect((await buyer.post('/api/billing/customers', {})).json().data.products).toHaveLength(1);
    expect((await buyer.get(`/api/billing/test_checkout/${sessionId}`)).json().data.status).toBe(
      'complete',
    );
    const again = await buyer.post(`/api/billing/test_checkout/${sessionId}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('checkout_session_closed');
    expect(await getBalance(buyer)).toBe(181);
    expect((await getEntries(buyer))[0]).toMatchObject({
      delta: 180,
      reason: 'subscription',
      detail: 'prod_sub_freelancer_690',
    });
  });

  it('changes plans: the preview, then the new plan at checkout and the old one ending at its period end', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('tm-change'));
    await buy(buyer, 'prod_sub_scale_499');
    const check = await buyer.post('/api/billing/check', {
      product_id: 'prod_sub_freelancer_69',
      with_preview: true,
    });
    expect(check.json().data).toMatchObject({
      allowed: true,
      status: 'change',
      preview: { scenario: 'downgrade', current_product_name: 'Scale', product_name: 'Freelancer' },
    });
    expect(check.json().data.preview.current_period_end).not.toBeNull();
    const single = await buyer.post('/api/billing/check', { product_id: 'prod_payg_19' });
    expect(single.json().data).toMatchObject({ status: 'new', preview: null });
    await buy(buyer, 'prod_sub_freelancer_69');
    const products = (await buyer.post('/api/billing/customers', {})).json().data.products;
    expect(
      products.map((product: { id: string; status: string; cancel_at_period_end: boolean }) => [
        product.id,
        product.status,
        product.cancel_at_period_end,
      ]),
    ).toEqual([
      ['prod_sub_freelancer_69', 'active', false],
      ['prod_sub_scale_499', 'active', true],
    ]);
    expect(await getBalance(buyer)).toBe(1 + 200 + 15);
  });

  it('cancels a checkout: no credits, the session is closed', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('tm-cancel'));
    const sessionId = await startCheckout(buyer, 'prod_payg_19');
    const canceled = await buyer.post(`/api/billing/test_checkout/${sessionId}/cancel`);
    expect(canceled.json().data).toEqual({ redirect_url: '/dashboard?checkout=canceled' });
    expect((await buyer.get(`/api/billing/test_checkout/${sessionId}`)).json().data.status).toBe(
      'canceled',
    );
    expect((await buyer.post(`/api/billing/test_checkout/${sessionId}/complete`)).statusCode).toBe(
      409,
    );
    expect(await getBalance(buyer)).toBe(1);
    await buy(buyer, 'prod_payg_19');
    expect(await getBalance(buyer)).toBe(2);
  });

  it('renews with rollover, cancels, refunds within 14 days and opens the billing page as portal', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('tm-renew'));
    await buy(buyer, 'prod_sub_agency_249');
    expect(await getBalance(buyer)).toBe(66);
    const userId = await getUserId(buyer);
    await spendCredits(testApp.database.db, userId, 6);
    const customer = (await buyer.post('/api/billing/customers', {})).json().data;
    const subscription = customer.products[0];
    expect(subscription).toMatchObject({
      id: 'prod_sub_agency_249',
      status: 'active',
      amount: 24900,
      is_founder_price: true,
    });

    const [row] = await listLiveSubscriptionsForUser(testApp.database.db, userId);
    const user = {
      id: userId,
      email: 'x@example.com',
      name: null,
      createdAt: new Date(),
      emailVerified: true,
    };
    await renewTestSubscription(depsFor(), user, row?.id ?? '');
    expect(await getBalance(buyer)).toBe(60 + 65);

    const portal = await buyer.post('/api/billing/billing_portal', {
      return_url: 'https://evil.example/steal',
    });
    expect(portal.json().data).toEqual({ url: 'http://localhost:3000/billing' });

    const cancel = await buyer.post('/api/billing/cancel', { product_id: 'prod_sub_agency_249' });
    expect(cancel.statusCode).toBe(200);
    expect(await getBalance(buyer)).toBe(125);
    const refund = await buyer.post('/api/billing/refund', { product_id: 'prod_sub_agency_249' });
    expect(refund.statusCode).toBe(200);
    // The renewal's payment is refunded: its 65 credits were not spent.
    expect(refund.json().data).toMatchObject({ refunded_amount: 24900, credits_removed: 65 });
    expect(await getBalance(buyer)).toBe(60);
  });

  it('keeps entities per customer and answers entity_fetch_failed for unknown ones', async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('tm-entity'));
    const other = await signUpVerified(testApp, uniqueEmail('tm-entity-b'));
    const created = await owner.post('/api/billing/entities', { id: 'site-1', name: 'Bakery' });
    expect(created.json().data).toMatchObject({ id: 'site-1', name: 'Bakery' });
    expect((await owner.post('/api/billing/entities', { id: 'site-1' })).statusCode).toBe(409);
    expect((await owner.get('/api/billing/entities/site-1')).json().data.name).toBe('Bakery');
    const foreign = await other.get('/api/billing/entities/site-1');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({
      message: 'Failed to fetch entity',
      code: 'entity_fetch_failed',
    });
    expect(
      (await other.request({ method: 'DELETE', url: '/api/billing/entities/site-1' })).statusCode,
    ).toBe(404);
    const deleted = await owner.request({ method: 'DELETE', url: '/api/billing/entities/site-1' });
    expect(deleted.json().data).toEqual({ id: 'site-1', deleted: true });
    expect((await owner.get('/api/billing/entities/site-1')).statusCode).toBe(404);
  });

  it('answers invalid requests, unknown products and client-side debits in the envelope', async () => {
    const user = await signUpVerified(testApp, uniqueEmail('tm-invalid'));
    const missing = await user.post('/api/billing/attach', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      data: null,
      error: { code: 'invalid_request' },
      statusCode: 400,
    });
    const unknown = await user.post('/api/billing/attach', { product_id: 'prod_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('product_not_found');
    const debit = await user.post('/api/billing/track', { feature_id: 'credits', value: 1 });
    expect(debit.statusCode).toBe(400);
    expect(debit.json().error.code).toBe('feature_not_tracked');
    const read = await user.post('/api/billing/track', { feature_id: 'credits' });
    expect(read.json().data).toMatchObject({ feature_id: 'credits', balance: 1 });
    const noSubscription = await user.post('/api/billing/refund', {});
    expect(noSubscription.statusCode).toBe(404);
    expect(noSubscription.json().error.code).toBe('no_active_subscription');
  });

  it('re-runs a completed project for one credit; a failed re-run gives it back', async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('tm-rerun'));
    const projectId = await createCompletedProject(testApp, owner);
    await buy(owner, 'prod_payg_19');
    const rerun = await owner.post(`/api/projects/${projectId}/rerun`);
    expect(rerun.statusCode).toBe(200);
    expect(rerun.json().modernization_strategy).toBe('INCREMENTAL_UPDATE');
    expect(await getBalance(owner)).toBe(0);
    await testApp.database.db.transaction((tx) =>
      failJobAndRefund(
        tx as unknown as AppDb,
        rerun.json().job_id,
        { code: 'ENGINE_PIPELINE_CANCELLED', message: 'failed in the test' },
        null,
      ),
    );
    expect(await getBalance(owner)).toBe(1);
    const invalid = await owner.post(`/api/projects/${projectId}/rerun`, {
      modernizationStrategy: 'NOT_A_STRATEGY',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('runs a re-run in the worker with the new strategy; when it fails the credit comes back and the old zip stays', async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('tm-rerun-worker'));
    const projectId = await createCompletedProject(testApp, owner);
    await buy(owner, 'prod_payg_19');
    const strategies: string[] = [];
    await testApp.startWorker({
      runPipeline: async (input) => {
        strategies.push(String(input.strategy));
        throw new AppError('ENGINE_FETCH_URL_REFUSED');
      },
    });
    const rerun = await owner.post(`/api/projects/${projectId}/rerun`, {
      modernizationStrategy: 'STYLE_MODERNIZATION',
    });
    expect(rerun.statusCode).toBe(200);
    expect(await getBalance(owner)).toBe(0);
    await vi.waitFor(
      async () => {
        expect((await owner.get(`/api/projects/${projectId}`)).json().status).toBe('failed');
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(strategies).toEqual(['STYLE_MODERNIZATION']);
    expect(await getBalance(owner)).toBe(1);
    expect((await getEntries(owner)).slice(0, 2).map((entry) => entry.reason)).toEqual([
      'refund',
      'rerun',
    ]);
    const download = await owner.get(`/api/projects/${projectId}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('PK-previous-result');
  });

  // Last: it closes the founder offer for the rest of this app.
  it('charges the 251st subscription the regular price', async () => {
    await seedSubscriptionsSold(testApp.database.db, 250);
    const buyer = await signUpVerified(testApp, uniqueEmail('tm-251'));
    const sessionId = await startCheckout(buyer, 'prod_sub_scale_4900');
    const session = (await buyer.get(`/api/billing/test_checkout/${sessionId}`)).json().data;
    expect(session.amount).toBe(699000);
  });
});

describe('billing in production without Stripe', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('pglite', {
      mutateConfig: (config) => ({ ...config, isProduction: true }),
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses purchases instead of handing out test-mode credits', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('prod'));
    const attach = await buyer.post('/api/billing/attach', { product_id: 'prod_payg_19' });
    expect(attach.statusCode).toBe(503);
    expect(attach.json().error.code).toBe('billing_not_configured');
    expect((await buyer.get('/api/billing/pricing_table')).statusCode).toBe(200);
  });
});

describe('billing configuration', () => {
  const repoRoot = '/tmp/sitelift-config-test';

  it('uses test mode without STRIPE_SECRET_KEY and needs the webhook secret with it', () => {
    expect(parseConfig({}, { repoRoot }).billing).toEqual({
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
    });
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }, { repoRoot })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/,
    );
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' }, { repoRoot })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
    const config = parseConfig(
      { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      { repoRoot },
    );
    expect(config.billing).toEqual({
      stripeSecretKey: 'sk_live_abc',
      stripeWebhookSecret: 'whsec_abc',
    });
  });
});
