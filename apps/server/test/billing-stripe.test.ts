import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeStripeServer,
  type FakeStripeEvent,
  type FakeStripeServer,
} from '../src/billing/testing/fake-stripe-server';
import {
  billingCheckoutSessions,
  billingCustomers,
  billingPayments,
  billingSubscriptions,
} from '../src/db/schema';
import { REDEEM_ATTEMPTS_PER_MINUTE } from '../src/http/routes/billing.routes';
import { failJobAndRefund } from '../src/services/job-outcomes';
import type { AppDb } from '../src/db/database';
import {
  createCompletedProject,
  createStripeTestApp,
  postStripeEvent,
  getBalance,
  getEntries,
  getUserId,
  seedSubscriptionsSold,
  spendCredits,
} from './helpers/billing-test-helpers';
import {
  createAgent,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Billing against Stripe: the real `stripe` SDK talks to a Stripe-compatible server on loopback
// (src/billing/testing/fake-stripe-server.ts); webhooks are signed with the SDK's test-header helper.

const WEBHOOK_SECRET = 'whsec_sitelift_billing_test_secret';
const signer = new Stripe('sk_test_signer_only');

describe.each(TEST_DATABASE_KINDS)('billing with Stripe on %s', (kind) => {
  let fake: FakeStripeServer;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeStripeServer();
    testApp = await createStripeTestApp(kind, fake, WEBHOOK_SECRET, { ALLOW_PRIVATE_URLS: 'true' });
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  async function postEvent(event: FakeStripeEvent, secret = WEBHOOK_SECRET) {
    return postStripeEvent(testApp, event, secret);
  }

  /** attach → the fake's checkout is paid → its events reach the webhook. Returns the events. */
  async function buy(agent: Agent, productId: string) {
    const attach = await agent.post('/api/billing/attach', { product_id: productId });
    expect(attach.statusCode).toBe(200);
    const url: string = attach.json().data.checkout_url;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const stripeSessionId = url.split('/').pop() ?? '';
    const events = fake.completeCheckout(stripeSessionId);
    for (const event of events) {
      const response = await postEvent(event);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ received: true, duplicate: false });
    }
    return { events, stripeSessionId };
  }

  function lastCheckoutRequest() {
    const request = fake.requests.filter((item) => item.path === '/v1/checkout/sessions').at(-1);
    if (!request) throw new Error('no checkout session was created');
    return request.body as {
      mode: string;
      line_items: Array<{ price_data: { unit_amount: string; recurring?: { interval: string } } }>;
      metadata: Record<string, string>;
    };
  }

  it('answers 401 with the spec message when signed out', async () => {
    const guest = createAgent(testApp.app);
    const response = await guest.post('/api/billing/attach', { product_id: 'prod_payg_19' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      data: null,
      error: { message: 'Please sign in to make a purchase.', code: 'unauthorized' },
      statusCode: 401,
    });
  });

  it('sells Single Refresh: one credit, granted once; a replayed event grants nothing', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('payg'));
    expect(await getBalance(buyer)).toBe(1);
    const { events } = await buy(buyer, 'prod_payg_19');
    const checkout = lastCheckoutRequest();
    expect(checkout.mode).toBe('payment');
    expect(checkout.line_items[0]?.price_data.unit_amount).toBe('1900');
    expect(await getBalance(buyer)).toBe(2);

    const replay = await postEvent(events[0] as FakeStripeEvent);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ received: true, duplicate: true });
    expect(await getBalance(buyer)).toBe(2);
    expect((await getEntries(buyer))[0]).toMatchObject({
      delta: 1,
      reason: 'purchase',
      detail: 'prod_payg_19',
    });
  });

  it('refuses a webhook with a bad signature (400) and changes nothing', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('badsig'));
    const attach = await buyer.post('/api/billing/attach', { product_id: 'prod_payg_19' });
    const stripeSessionId = String(attach.json().data.checkout_url).split('/').pop() ?? '';
    const [event] = fake.completeCheckout(stripeSessionId);
    const forged = await postEvent(event as FakeStripeEvent, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('webhook_signature_invalid');
    const unsigned = await testApp.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // The exact bytes are signed: the same JSON re-serialised with other spacing is refused.
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const altered = await testApp.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify(event, null, 2),
    });
    expect(altered.statusCode).toBe(400);
    expect(await getBalance(buyer)).toBe(1);
  });

  it('subscribes at the founder price, grants 15 once, renews with rollover, previews a change, cancels and opens the portal', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('sub'));
    const table = await buyer.get('/api/billing/pricing_table');
    expect(table.statusCode).toBe(200);
    const freelancer = table
      .json()
      .data.list.find((plan: { id: string }) => plan.id === 'freelancer');
    expect(freelancer.monthly).toMatchObject({
      product_id: 'prod_sub_freelancer_69',
      price: '$69',
      regular_price: '$99',
      is_founder_price: true,
    });

    const { events } = await buy(buyer, 'prod_sub_freelancer_69');
    const checkout = lastCheckoutRequest();
    expect(checkout.mode).toBe('subscription');
    expect(checkout.line_items[0]?.price_data).toMatchObject({
      unit_amount: '6900',
      recurring: { interval: 'month' },
    });
    // checkout.session.completed and invoice.paid report one payment: 15 credits, once.
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'invoice.paid',
    ]);
    expect(await getBalance(buyer)).toBe(16);
    for (const event of events) await postEvent(event);
    expect(await getBalance(buyer)).toBe(16);

    await spendCredits(testApp.database.db, await getUserId(buyer), 4);
    const subscriptionId = String(events[0]?.data.object.subscription);
    const renewal = await postEvent(fake.renewSubscription(subscriptionId));
    expect(renewal.statusCode).toBe(200);
    expect(await getBalance(buyer)).toBe(12 + 15);

    const customer = (await buyer.post('/api/billing/customers', {})).json().data;
    expect(customer.products).toEqual([
      expect.objectContaining({
        id: 'prod_sub_freelancer_69',
        status: 'active',
        amount: 6900,
        is_founder_price: true,
        cancel_at_period_end: false,
      }),
    ]);
    expect(customer.products[0].current_period_end).not.toBeNull();
    expect(customer.features.credits.balance).toBe(27);

    const check = await buyer.post('/api/billing/check', {
      product_id: 'prod_sub_agency_249',
      with_preview: true,
    });
    expect(check.json().data).toMatchObject({
      status: 'change',
      preview: {
        scenario: 'upgrade',
        product_id: 'prod_sub_agency_249',
        current_product_id: 'prod_sub_freelancer_69',
        price: '$249',
      },
    });
    const same = await buyer.post('/api/billing/check', { product_id: 'prod_sub_freelancer_69' });
    expect(same.json().data).toMatchObject({ status: 'active', allowed: false, preview: null });
    const again = await buyer.post('/api/billing/attach', { product_id: 'prod_sub_freelancer_69' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('product_already_attached');

    const portal = await buyer.post('/api/billing/billing_portal', {
      return_url: 'http://localhost:3000/billing',
    });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().data.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const portalRequest = fake.requests
      .filter((r) => r.path === '/v1/billing_portal/sessions')
      .at(-1);
    expect(portalRequest?.body.return_url).toBe('http://localhost:3000/billing');

    const cancel = await buyer.post('/api/billing/cancel', {
      product_id: 'prod_sub_freelancer_69',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ cancel_at_period_end: true });
    expect(fake.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    const after = (await buyer.post('/api/billing/customers', {})).json().data;
    expect(after.products[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });
    // Cancelling stops future grants only.
    expect(await getBalance(buyer)).toBe(27);
    // Stripe ends the subscription at period end.
    const ended = await postEvent({
      id: `evt_end_${subscriptionId}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { ...fake.subscriptions.get(subscriptionId), status: 'canceled' } },
    });
    expect(ended.statusCode).toBe(200);
    expect((await buyer.post('/api/billing/customers', {})).json().data.products[0].status).toBe(
      'canceled',
    );
    expect(await getBalance(buyer)).toBe(27);
  });

  it('grants once when invoice.paid arrives before checkout.session.completed, and ignores foreign sessions', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('order'));
    const attach = await buyer.post('/api/billing/attach', { product_id: 'prod_sub_agency_2490' });
    const stripeSessionId = String(attach.json().data.checkout_url).split('/').pop() ?? '';
    const [completed, invoicePaid] = fake.completeCheckout(stripeSessionId);
    expect((await postEvent(invoicePaid as FakeStripeEvent)).statusCode).toBe(200);
    expect(await getBalance(buyer)).toBe(781);
    expect((await postEvent(completed as FakeStripeEvent)).statusCode).toBe(200);
    expect(await getBalance(buyer)).toBe(781);

    const foreign = await postEvent({
      ...(completed as FakeStripeEvent),
      id: 'evt_foreign_session',
      data: { object: { id: 'cs_test_other_app', object: 'checkout.session', mode: 'payment' } },
    });
    expect(foreign.statusCode).toBe(200);
    expect(await getBalance(buyer)).toBe(781);
  });

  it('refunds within 14 days through Stripe, cancels and removes the unused credits', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('refund'));
    const { events } = await buy(buyer, 'prod_sub_freelancer_69');
    expect(await getBalance(buyer)).toBe(16);
    await spendCredits(testApp.database.db, await getUserId(buyer), 3);
    const customer = (await buyer.post('/api/billing/customers', {})).json().data;
    expect(customer.products[0].refundable_until).not.toBeNull();

    const refund = await buyer.post('/api/billing/refund', {
      product_id: 'prod_sub_freelancer_69',
    });
    expect(refund.statusCode).toBe(200);
    // 15 granted, 3 spent since: 12 removed; the sign-up credit stays.
    expect(refund.json().data).toEqual({
      product_id: 'prod_sub_freelancer_69',
      refunded_amount: 6900,
      currency: 'usd',
      credits_removed: 12,
      balance: 1,
    });
    const subscriptionId = String(events[0]?.data.object.subscription);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    const invoiceId = String(events[0]?.data.object.invoice);
    const stripeRefund = fake.refunds.at(-1);
    expect(stripeRefund).toMatchObject({ amount: 6900, status: 'succeeded' });
    const listed = fake.requests.find(
      (request) => request.path === '/v1/invoice_payments' && request.body.invoice === invoiceId,
    );
    expect(listed).toBeDefined();
    expect((await getEntries(buyer))[0]).toMatchObject({ delta: -12, reason: 'payment_refund' });
    const after = (await buyer.post('/api/billing/customers', {})).json().data;
    expect(after.products[0]).toMatchObject({ status: 'refunded', refundable_until: null });
    // Asked again: the guarantee is used (not "no subscription": the answer names the reason).
    const twice = await buyer.post('/api/billing/refund', {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('refund_already_used');
  });

  it('answers 502 provider_error when Stripe refuses, and leaves no open session', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('stripe-err'));
    const userId = await getUserId(buyer);
    await buyer.post('/api/billing/billing_portal', {});
    await testApp.database.db
      .update(billingCustomers)
      .set({ providerCustomerId: 'cus_deleted_in_stripe' })
      .where(eq(billingCustomers.userId, userId));
    const attach = await buyer.post('/api/billing/attach', { product_id: 'prod_payg_19' });
    expect(attach.statusCode).toBe(502);
    expect(attach.json()).toMatchObject({ data: null, error: { code: 'provider_error' } });
    const sessions = await testApp.database.db
      .select()
      .from(billingCheckoutSessions)
      .where(eq(billingCheckoutSessions.userId, userId));
    expect(sessions.map((session) => session.status)).toEqual(['canceled']);
  });

  it('refuses the refund after 14 days', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('late'));
    await buy(buyer, 'prod_sub_scale_499');
    const userId = await getUserId(buyer);
    await testApp.database.db
      .update(billingPayments)
      .set({ paidAt: new Date(Date.now() - 15 * 24 * 60 * 60 * 1000) })
      .where(eq(billingPayments.userId, userId));
    const refund = await buyer.post('/api/billing/refund', {});
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.code).toBe('refund_window_closed');
    expect(await getBalance(buyer)).toBe(201);
  });

  it('redeems a referral code once per account, never your own', async () => {
    const referrer = await signUpVerified(testApp, uniqueEmail('ref-a'));
    const friend = await signUpVerified(testApp, uniqueEmail('ref-b'));
    const code: string = (await referrer.post('/api/billing/referrals/code', {})).json().data.code;
    expect((await referrer.post('/api/billing/referrals/code', {})).json().data.code).toBe(code);
    const own = await referrer.post('/api/billing/referrals/redeem', { code });
    expect(own.statusCode).toBe(422);
    expect(own.json().error.code).toBe('referral_code_own');
    const redeemed = await friend.post('/api/billing/referrals/redeem', {
      code: code.toLowerCase(),
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().data).toEqual({ code, credits_granted: 1, balance: 2 });
    // The referrer's credit waits until the friend pays or completes a project (decision 036).
    expect(await getBalance(referrer)).toBe(1);
    await buy(friend, 'prod_payg_19');
    expect(await getBalance(referrer)).toBe(2);
    const again = await friend.post('/api/billing/referrals/redeem', { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('referral_already_redeemed');
    const unknown = await friend.post('/api/billing/referrals/redeem', { code: 'NOPE2345' });
    expect(unknown.json().error.code).toBe('referral_code_not_found');
    expect(await getBalance(friend)).toBe(3);
    expect((await getEntries(friend))[1]).toMatchObject({ reason: 'referral', detail: code });

    // Guessing codes is rate limited per client address.
    const guesser = await signUpVerified(testApp, uniqueEmail('ref-guess'));
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= REDEEM_ATTEMPTS_PER_MINUTE; attempt += 1) {
      statuses.push(
        (await guesser.post('/api/billing/referrals/redeem', { code: `GUESS${attempt}` }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, REDEEM_ATTEMPTS_PER_MINUTE).every((status) => status === 404)).toBe(
      true,
    );
    const limited = await guesser.post('/api/billing/referrals/redeem', { code });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ data: null, error: { code: 'api_rate_limited' } });
    expect(await getBalance(guesser)).toBe(1);
  });

  it('re-runs a completed project for one credit and refunds it when the run fails', async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('rerun'));
    const projectId = await createCompletedProject(testApp, owner);
    expect(await getBalance(owner)).toBe(0);
    const refused = await owner.post(`/api/projects/${projectId}/rerun`, {});
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('API_NO_CREDITS');

    await buy(owner, 'prod_payg_19');
    const rerun = await owner.post(`/api/projects/${projectId}/rerun`, {
      modernizationStrategy: 'FULL_REBUILD',
    });
    expect(rerun.statusCode).toBe(200);
    expect(rerun.json()).toMatchObject({
      status: 'queued',
      modernization_strategy: 'FULL_REBUILD',
    });
    expect(await getBalance(owner)).toBe(0);
    // The previous result stays downloadable until the new run completes.
    const download = await owner.get(`/api/projects/${projectId}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('PK-previous-result');
    const busy = await owner.post(`/api/projects/${projectId}/rerun`, {});
    expect(busy.statusCode).toBe(409);

    const jobId: string = rerun.json().job_id;
    await testApp.database.db.transaction((tx) =>
      failJobAndRefund(
        tx as unknown as AppDb,
        jobId,
        { code: 'ENGINE_PIPELINE_CANCELLED', message: 'failed in the test' },
        null,
      ),
    );
    expect(await getBalance(owner)).toBe(1);
    const reasons = (await getEntries(owner)).map((entry) => entry.reason);
    expect(reasons.slice(0, 2)).toEqual(['refund', 'rerun']);
    expect((await owner.get(`/api/projects/${projectId}/download`)).statusCode).toBe(200);

    const stranger = await signUpVerified(testApp, uniqueEmail('stranger'));
    expect((await stranger.post(`/api/projects/${projectId}/rerun`, {})).statusCode).toBe(404);
  });

  // Last: it closes the founder offer for the rest of this app.
  it('charges the 251st subscription the regular price, and the first 250 keep theirs', async () => {
    const founder = await signUpVerified(testApp, uniqueEmail('founder'));
    await buy(founder, 'prod_sub_agency_2490');
    expect(lastCheckoutRequest().line_items[0]?.price_data.unit_amount).toBe('249000');

    await seedSubscriptionsSold(testApp.database.db, 250);
    const table = (await founder.get('/api/billing/pricing_table')).json().data;
    expect(table.founder).toMatchObject({ limit: 250, sold: 250, remaining: 0, is_open: false });
    const freelancer = table.list.find((plan: { id: string }) => plan.id === 'freelancer');
    expect(freelancer.monthly).toMatchObject({
      price: '$99',
      regular_price: null,
      amount: 9900,
      is_founder_price: false,
    });

    const late = await signUpVerified(testApp, uniqueEmail('late-sub'));
    await buy(late, 'prod_sub_freelancer_69');
    expect(lastCheckoutRequest().line_items[0]?.price_data.unit_amount).toBe('9900');
    const lateRow = await testApp.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, await getUserId(late)));
    expect(lateRow[0]).toMatchObject({ amount: 9900, isFounderPrice: false });
    expect(await getBalance(late)).toBe(16);

    const founderProducts = (await founder.post('/api/billing/customers', {})).json().data.products;
    expect(founderProducts[0]).toMatchObject({ amount: 249000, is_founder_price: true });
  });
});
