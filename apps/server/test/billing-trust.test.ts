import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeStripeServer,
  type FakeStripeEvent,
  type FakeStripeServer,
} from '../src/billing/testing/fake-stripe-server';
import { REFERRER_CREDIT_CAP } from '@sitelift/shared/billing/plans';
import {
  billingCheckoutSessions,
  billingPayments,
  billingSubscriptions,
  referralRedemptions,
  users,
} from '../src/db/schema';
import {
  createStripeTestApp,
  getBalance,
  getEntries,
  getUserId,
  postStripeEvent,
  seedSubscriptionsSold,
  spendCredits,
} from './helpers/billing-test-helpers';
import {
  createTestApp,
  signIn,
  signUp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Issue 22 §7 items 2 and 3, and receipts: what a payment grants and takes back with Stripe. The real
// `stripe` SDK talks to the Stripe-compatible fake on loopback; webhooks are signed with the SDK.

const WEBHOOK_SECRET = 'whsec_sitelift_billing_trust_secret';

describe.each(TEST_DATABASE_KINDS)('billing trust with Stripe on %s', (kind) => {
  let fake: FakeStripeServer;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeStripeServer();
    testApp = await createStripeTestApp(kind, fake, WEBHOOK_SECRET);
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  async function postEvent(event: FakeStripeEvent) {
    const response = await postStripeEvent(testApp, event, WEBHOOK_SECRET);
    expect(response.statusCode).toBe(200);
    return response;
  }

  async function postAll(events: FakeStripeEvent[]) {
    for (const event of events) await postEvent(event);
  }

  async function startCheckout(agent: Agent, productId: string): Promise<string> {
    const attach = await agent.post('/api/billing/attach', { product_id: productId });
    expect(attach.statusCode).toBe(200);
    return String(attach.json().data.checkout_url).split('/').pop() ?? '';
  }

  async function buy(agent: Agent, productId: string): Promise<FakeStripeEvent[]> {
    const events = fake.completeCheckout(await startCheckout(agent, productId));
    await postAll(events);
    return events;
  }

  async function paymentIntentOf(userId: string): Promise<string> {
    const [payment] = await testApp.database.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.userId, userId));
    expect(payment?.providerPaymentIntentId).toMatch(/^pi_/);
    return payment?.providerPaymentIntentId ?? '';
  }

  it('grants nothing for a checkout completed unpaid; grants when the bank debit succeeds, never when it fails', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('async-ok'));
    const sessionId = await startCheckout(buyer, 'prod_payg_19');
    await postAll(fake.completeCheckout(sessionId, { asyncPayment: true }));
    expect(await getBalance(buyer)).toBe(1);
    await postAll(fake.settleAsyncPayment(sessionId, true));
    expect(await getBalance(buyer)).toBe(2);

    const subscriber = await signUpVerified(testApp, uniqueEmail('async-sub'));
    const subscriptionSession = await startCheckout(subscriber, 'prod_sub_freelancer_69');
    await postAll(fake.completeCheckout(subscriptionSession, { asyncPayment: true }));
    expect(await getBalance(subscriber)).toBe(1);
    expect((await subscriber.post('/api/billing/customers', {})).json().data.products).toEqual([]);
    await postAll(fake.settleAsyncPayment(subscriptionSession, true));
    expect(await getBalance(subscriber)).toBe(16);

    const failing = await signUpVerified(testApp, uniqueEmail('async-fail'));
    const failedSession = await startCheckout(failing, 'prod_sub_agency_249');
    await postAll(fake.completeCheckout(failedSession, { asyncPayment: true }));
    await postAll(fake.settleAsyncPayment(failedSession, false));
    expect(await getBalance(failing)).toBe(1);
    expect((await failing.post('/api/billing/customers', {})).json().data.products).toEqual([]);
    const sessions = await testApp.database.db
      .select({ status: billingCheckoutSessions.status })
      .from(billingCheckoutSessions)
      .where(eq(billingCheckoutSessions.userId, await getUserId(failing)));
    expect(sessions).toEqual([{ status: 'canceled' }]);
  });

  it('takes the credits back when a payment is refunded in Stripe or disputed; a won dispute returns them', async () => {
    const refunded = await signUpVerified(testApp, uniqueEmail('dash-refund'));
    await buy(refunded, 'prod_sub_freelancer_69');
    expect(await getBalance(refunded)).toBe(16);
    const refundedIntent = await paymentIntentOf(await getUserId(refunded));
    // A partial refund of a third takes a third of the credits (rounded up), then the rest.
    await postEvent(fake.refundInDashboard(refundedIntent, 2300));
    expect(await getBalance(refunded)).toBe(11);
    await postEvent(fake.refundInDashboard(refundedIntent));
    expect(await getBalance(refunded)).toBe(1);
    expect((await getEntries(refunded))[0]).toMatchObject({
      delta: -10,
      reason: 'payment_reversal',
      detail: 'prod_sub_freelancer_69',
    });

    const disputer = await signUpVerified(testApp, uniqueEmail('dispute'));
    await buy(disputer, 'prod_payg_19');
    await buy(disputer, 'prod_sub_agency_249');
    expect(await getBalance(disputer)).toBe(67);
    await spendCredits(testApp.database.db, await getUserId(disputer), 60);
    const payments = await testApp.database.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.userId, await getUserId(disputer)));
    const agencyIntent =
      payments.find((payment) => payment.productId === 'prod_sub_agency_249')
        ?.providerPaymentIntentId ?? '';
    const opened = fake.openDispute(agencyIntent);
    await postEvent(opened);
    // 65 credits were bought, 60 spent: the 7 left are held back (never below zero).
    expect(await getBalance(disputer)).toBe(0);
    await postEvent(opened);
    expect(await getBalance(disputer)).toBe(0);
    await postEvent(fake.closeDispute(String(opened.data.object.id), 'won'));
    expect(await getBalance(disputer)).toBe(7);
  });

  it('gives the 14-day guarantee once per customer: no refund of a later subscription, however it is asked', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('refund-once'));
    await buy(buyer, 'prod_sub_freelancer_69');
    await spendCredits(testApp.database.db, await getUserId(buyer), 15);
    const first = await buyer.post('/api/billing/refund', {});
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ refunded_amount: 6900, credits_removed: 0 });
    // Stripe then reports the refund the app asked for: nothing more is taken.
    const intent = await paymentIntentOf(await getUserId(buyer));
    const balanceBefore = await getBalance(buyer);
    await postEvent(fake.refundInDashboard(intent));
    expect(await getBalance(buyer)).toBe(balanceBefore);

    await buy(buyer, 'prod_sub_freelancer_69');
    const customer = (await buyer.post('/api/billing/customers', {})).json().data;
    const active = customer.products.find(
      (product: { status: string }) => product.status === 'active',
    );
    expect(active).toMatchObject({ id: 'prod_sub_freelancer_69', refundable_until: null });
    const refundsBefore = fake.refunds.length;
    const second = await buyer.post('/api/billing/refund', {});
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'refund_already_used',
      message:
        'The 14-day refund guarantee applies once per customer, and this account has already used it.',
    });
    expect(fake.refunds.length).toBe(refundsBefore);

    // Two refund requests at once refund one payment once.
    const twin = await signUpVerified(testApp, uniqueEmail('refund-twin'));
    await buy(twin, 'prod_sub_agency_249');
    const answers = await Promise.all([
      twin.post('/api/billing/refund', {}),
      twin.post('/api/billing/refund', {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await getBalance(twin)).toBe(1);
  });

  it('sends a receipt after every payment: purchase, subscription and renewal', async () => {
    const email = uniqueEmail('receipt');
    const buyer = await signUpVerified(testApp, email);
    await buy(buyer, 'prod_payg_19');
    const events = await buy(buyer, 'prod_sub_scale_499');
    await postEvent(fake.renewSubscription(String(events[0]?.data.object.subscription)));
    const receipts = (await testApp.getOutbox()).filter(
      (message) => message.to === email && message.subject.startsWith('Your Sitelift receipt'),
    );
    expect(receipts.map((message) => message.subject).sort()).toEqual([
      'Your Sitelift receipt: Scale (monthly), $499',
      'Your Sitelift receipt: Scale (monthly), $499',
      'Your Sitelift receipt: Single Refresh, $19',
    ]);
    const single = receipts.find((message) => message.subject.includes('Single Refresh'));
    expect(single?.text).toContain('1 credit was added to your balance.');
    expect(single?.text).not.toContain('test mode');
    expect(single?.links).toContain('http://localhost:3000/billing');
  });
});

// Issue 22 §7 item 10: checkouts started at the same moment, on real concurrent transactions
// (PostgreSQL runs them at once; PGlite one after the other).
describe.each(TEST_DATABASE_KINDS)('billing races in test mode on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function attach(agent: Agent, productId: string): Promise<string> {
    const response = await agent.post('/api/billing/attach', { product_id: productId });
    expect(response.statusCode).toBe(200);
    return String(response.json().data.session_id);
  }

  async function complete(agent: Agent, sessionId: string) {
    return agent.post(`/api/billing/test_checkout/${sessionId}/complete`);
  }

  it('makes five checkouts of one plan started together one purchase: one active subscription', async () => {
    const buyer = await signUpVerified(testApp, uniqueEmail('five-tabs'));
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => attach(buyer, 'prod_sub_freelancer_69')),
    );
    for (const sessionId of new Set(sessions)) await complete(buyer, sessionId);
    expect(new Set(sessions).size).toBe(1);
    const products = (await buyer.post('/api/billing/customers', {})).json().data.products;
    expect(
      products.filter((product: { status: string }) => product.status === 'active'),
    ).toHaveLength(1);
    expect(await getBalance(buyer)).toBe(16);
  });

  it('sends a receipt marked test mode', async () => {
    const email = uniqueEmail('tm-receipt');
    const buyer = await signUpVerified(testApp, email);
    await complete(buyer, await attach(buyer, 'prod_payg_19'));
    const receipt = (await testApp.getOutbox()).find(
      (message) => message.to === email && message.subject.startsWith('Your Sitelift receipt'),
    );
    expect(receipt?.subject).toBe('Your Sitelift receipt: Single Refresh, $19');
    expect(receipt?.text).toContain('This purchase was made in test mode: no money moved.');
  });

  it('counts a referral only for a verified account that pays, once per inbox, up to the cap', async () => {
    const referrer = await signUpVerified(testApp, uniqueEmail('referrer'));
    const code: string = (await referrer.post('/api/billing/referrals/code', {})).json().data.code;
    const unverifiedEmail = uniqueEmail('unverified');
    await signUp(testApp.app, unverifiedEmail);
    const unverified = await signIn(testApp.app, unverifiedEmail);
    const refused = await unverified.post('/api/billing/referrals/redeem', { code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('referral_email_not_verified');

    const friendEmail = uniqueEmail('friend');
    const friend = await signUpVerified(testApp, friendEmail);
    const redeemed = await friend.post('/api/billing/referrals/redeem', { code });
    expect(redeemed.json().data).toMatchObject({ credits_granted: 1, balance: 2 });
    // The referrer's credit waits for the friend's first payment.
    expect(await getBalance(referrer)).toBe(1);
    await complete(friend, await attach(friend, 'prod_payg_19'));
    expect(await getBalance(referrer)).toBe(2);
    await complete(friend, await attach(friend, 'prod_payg_19'));
    expect(await getBalance(referrer)).toBe(2);

    // Another account of the same inbox (a +tag) is the same person.
    const [local, domain] = friendEmail.split('@');
    const alias = await signUpVerified(testApp, `${local}+again@${domain}`);
    const twice = await alias.post('/api/billing/referrals/redeem', { code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('referral_already_redeemed');
    expect(await getBalance(alias)).toBe(1);

    // At the cap, referees still get their credit; the referrer gets no more.
    const referrerId = await getUserId(referrer);
    const seeded = Array.from({ length: REFERRER_CREDIT_CAP }, (_, index) => ({
      id: `ref-seed-${referrerId}-${index}`,
      email: `ref-seed-${index}-${referrerId}@example.com`,
    }));
    await testApp.database.db.insert(users).values(seeded);
    await testApp.database.db.insert(referralRedemptions).values(
      seeded.map((user) => ({
        code,
        referrerUserId: referrerId,
        redeemerUserId: user.id,
        redeemerMailbox: user.email,
        referrerCredited: true,
        qualifiedAt: new Date(),
      })),
    );
    const late = await signUpVerified(testApp, uniqueEmail('late-friend'));
    await late.post('/api/billing/referrals/redeem', { code });
    await complete(late, await attach(late, 'prod_payg_19'));
    expect(await getBalance(late)).toBe(3);
    expect(await getBalance(referrer)).toBe(2);
  });

  it('names the project of each credit movement, books a deleted running project as a refund for deletion, and pages', async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('history'));
    const created = await owner.post('/api/projects', {
      name: 'Bakery site',
      sourceUrl: 'http://127.0.0.1:9/',
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      targetFramework: 'React',
    });
    expect(created.statusCode).toBe(201);
    const projectId: string = created.json().id;
    const deleted = await owner.request({ method: 'DELETE', url: `/api/projects/${projectId}` });
    expect(deleted.statusCode).toBe(204);
    const page = (await owner.get('/api/me/credits?entries=true&limit=2')).json();
    expect(page.balance).toBe(1);
    expect(
      page.entries.map((entry: { delta: number; reason: string; project_name: string | null }) => [
        entry.delta,
        entry.reason,
        entry.project_name,
      ]),
    ).toEqual([
      [1, 'deletion_refund', 'Bakery site'],
      [-1, 'project', 'Bakery site'],
    ]);
    expect(page.next_cursor).toBe(page.entries[1].id);
    const older = (
      await owner.get(`/api/me/credits?entries=true&limit=2&before=${page.next_cursor}`)
    ).json();
    expect(older.entries.map((entry: { reason: string }) => entry.reason)).toEqual(['signup']);
    expect(older.next_cursor).toBeNull();
  });

  // Last: it closes the founder offer for the rest of this app.
  it('gives the last founder price to exactly one of 12 buyers starting at subscriber 249', async () => {
    await seedSubscriptionsSold(testApp.database.db, 249);
    const buyers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        signUpVerified(testApp, uniqueEmail(`founder-race-${index}`)),
      ),
    );
    const sessions = await Promise.all(
      buyers.map((buyer) => attach(buyer, 'prod_sub_freelancer_69')),
    );
    await Promise.all(buyers.map((buyer, index) => complete(buyer, sessions[index] ?? '')));
    const rows = await testApp.database.db
      .select({ isFounderPrice: billingSubscriptions.isFounderPrice })
      .from(billingSubscriptions)
      .where(
        inArray(
          billingSubscriptions.userId,
          await Promise.all(buyers.map((buyer) => getUserId(buyer))),
        ),
      );
    expect(rows).toHaveLength(12);
    expect(rows.filter((row) => row.isFounderPrice)).toHaveLength(1);
    const table = (await buyers[0]?.get('/api/billing/pricing_table'))?.json().data;
    expect(table.founder).toMatchObject({ sold: 250, remaining: 0, is_open: false });
  });
});
