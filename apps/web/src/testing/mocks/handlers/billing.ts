import {
  BILLING_ERRORS,
  CHECKOUT_RETURN_PATHS,
  attachResultSchema,
  billingPortalResultSchema,
  billingResponseSchema,
  cancelResultSchema,
  checkResultSchema,
  customerSchema,
  pricingTableSchema,
  redeemReferralResultSchema,
  referralCodeSchema,
  refundResultSchema,
  testCheckoutResultSchema,
  testCheckoutSessionSchema,
  toTestCheckoutPath,
} from '@sitelift/shared/billing/api';
import type { BillingErrorCode, CheckPreview } from '@sitelift/shared/billing/api';
import {
  BILLING_CURRENCY,
  FOUNDER_OFFER,
  PRICING_PLANS,
  findBillingProduct,
  formatUsd,
  getCurrentAmount,
  isFounderOfferOpen,
} from '@sitelift/shared/billing/plans';
import type { BillingProduct, PlanVariant } from '@sitelift/shared/billing/plans';
import { HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { addCreditEntry, getSessionUser, mockDb } from '../db';
import type { MockBillingProduct } from '../db';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A billing answer `{ data, error: null, statusCode }`, `data` checked against the server's schema. */
function ok<T extends z.ZodType>(schema: T, data: z.input<T>) {
  const body = billingResponseSchema(schema).parse({ data, error: null, statusCode: 200 });
  return HttpResponse.json(body as Parameters<typeof HttpResponse.json>[0]);
}

/** A failed billing answer with the catalogue's status and message. */
function fail(code: BillingErrorCode) {
  const { status, message } = BILLING_ERRORS[code];
  return HttpResponse.json(
    { data: null, error: { message, code }, statusCode: status },
    { status },
  );
}

function toVariant(variant: PlanVariant) {
  const amount = getCurrentAmount(variant, mockDb.billing.subscriptionsSold);
  const isFounderPrice = variant.regularAmount !== undefined && amount === variant.founderAmount;
  return {
    product_id: variant.productId,
    price: formatUsd(amount),
    regular_price:
      isFounderPrice && variant.regularAmount ? formatUsd(variant.regularAmount) : null,
    amount,
    regular_amount: variant.regularAmount ?? null,
    currency: BILLING_CURRENCY,
    price_suffix: variant.priceSuffix,
    interval: variant.interval,
    credits: variant.credits,
    description: variant.description,
    features: [...variant.features],
    is_founder_price: isFounderPrice,
  };
}

const liveSubscriptions = () =>
  mockDb.billing.products.filter(
    (product) =>
      product.status === 'active' && findBillingProduct(product.productId)?.isSubscription,
  );

function requireProduct(productId: unknown): BillingProduct | null {
  return typeof productId === 'string' ? (findBillingProduct(productId) ?? null) : null;
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

const yearlyCredits = (product: BillingProduct) =>
  product.interval === 'month' ? product.credits * 12 : product.credits;

function toCustomerProduct(product: MockBillingProduct) {
  const plan = findBillingProduct(product.productId)!;
  return {
    id: product.productId,
    name: plan.planName,
    status: product.status,
    cancel_at_period_end: product.cancelAtPeriodEnd,
    canceled_at: product.status === 'canceled' ? product.currentPeriodEnd : null,
    interval: plan.interval,
    amount: getCurrentAmount(plan, 0),
    currency: BILLING_CURRENCY,
    is_founder_price: plan.regularAmount !== undefined,
    credits_per_period: plan.credits,
    started_at: product.startedAt,
    current_period_end: product.currentPeriodEnd,
    refundable_until: product.refundableUntil,
  };
}

let sessionCounter = 0;

/**
 * The billing API of DESIGN.md §4 as the server answers it (apps/server/src/billing, issue 13), backed
 * by `mockDb.billing`: every answer is checked against the shared schemas the server answers with.
 */
export const billingHandlers = [
  http.get('*/api/billing/pricing_table', () => {
    const sold = mockDb.billing.subscriptionsSold;
    const live = getSessionUser() ? liveSubscriptions() : [];
    return ok(pricingTableSchema, {
      list: PRICING_PLANS.map((plan) => ({
        id: plan.id,
        name: plan.name,
        monthly: toVariant(plan.monthly),
        yearly: plan.yearly ? toVariant(plan.yearly) : null,
        button_text: plan.buttonText,
        button_variant: plan.buttonVariant,
        recommended: plan.recommended,
        current_product_id:
          live.find(
            (item) =>
              item.productId === plan.monthly.productId ||
              item.productId === plan.yearly?.productId,
          )?.productId ?? null,
      })),
      founder: {
        limit: FOUNDER_OFFER.subscriptions,
        sold: Math.min(sold, FOUNDER_OFFER.subscriptions),
        remaining: Math.max(0, FOUNDER_OFFER.subscriptions - sold),
        is_open: isFounderOfferOpen(sold),
        percent_off: FOUNDER_OFFER.percentOff,
      },
      test_mode: mockDb.billing.testMode,
    });
  }),

  http.post('*/api/billing/attach', async ({ request }) => {
    const user = getSessionUser();
    if (!user) return fail('unauthorized');
    const body = await readBody(request);
    mockDb.calls.push({ method: 'POST', path: '/api/billing/attach', body });
    const product = requireProduct(body.product_id);
    if (!product) return fail('product_not_found');
    if (liveSubscriptions().some((item) => item.productId === product.productId)) {
      return fail('product_already_attached');
    }
    sessionCounter += 1;
    const sessionId = `cs_test_${sessionCounter}`;
    mockDb.billing.sessions.set(sessionId, {
      id: sessionId,
      productId: product.productId,
      status: 'open',
    });
    return ok(attachResultSchema, {
      checkout_url: toTestCheckoutPath(sessionId),
      customer_id: user.id,
      product_id: product.productId,
      session_id: sessionId,
    });
  }),

  http.post('*/api/billing/check', async ({ request }) => {
    const user = getSessionUser();
    if (!user) return fail('unauthorized');
    const body = await readBody(request);
    mockDb.calls.push({ method: 'POST', path: '/api/billing/check', body });
    const product = requireProduct(body.product_id);
    if (!product) return fail('product_not_found');
    const base = { customer_id: user.id, product_id: product.productId };
    const live = liveSubscriptions();
    if (live.some((item) => item.productId === product.productId)) {
      return ok(checkResultSchema, { ...base, allowed: false, status: 'active', preview: null });
    }
    const replaced = product.isSubscription ? live[0] : undefined;
    if (!replaced) {
      return ok(checkResultSchema, { ...base, allowed: true, status: 'new', preview: null });
    }
    const current = findBillingProduct(replaced.productId)!;
    const delta = yearlyCredits(product) - yearlyCredits(current);
    const scenario: CheckPreview['scenario'] =
      delta > 0 ? 'upgrade' : delta < 0 ? 'downgrade' : 'switch';
    const amount = getCurrentAmount(product, mockDb.billing.subscriptionsSold);
    const title = `${scenario === 'upgrade' ? 'Upgrade' : scenario === 'downgrade' ? 'Downgrade' : 'Switch'} to ${product.planName}`;
    return ok(checkResultSchema, {
      ...base,
      allowed: true,
      status: 'change',
      preview:
        body.with_preview === false
          ? null
          : {
              scenario,
              title,
              message: `${product.planName} starts now at ${formatUsd(amount)}${product.priceSuffix}. Your ${current.planName} plan is not renewed.`,
              product_id: product.productId,
              product_name: product.planName,
              current_product_id: current.productId,
              current_product_name: current.planName,
              price: formatUsd(amount),
              amount,
              currency: BILLING_CURRENCY,
              interval: product.interval,
              credits: product.credits,
              current_period_end: replaced.currentPeriodEnd,
            },
    });
  }),

  http.post('*/api/billing/customers', () => {
    const user = getSessionUser();
    if (!user) return fail('unauthorized');
    return ok(customerSchema, {
      id: user.id,
      email: user.email,
      name: user.fullName,
      created_at: user.createdAt,
      products: mockDb.billing.products.map(toCustomerProduct),
      features: { credits: { balance: mockDb.credits } },
      referral_code: mockDb.billing.referralCode,
      has_redeemed_referral: mockDb.billing.hasRedeemedReferral,
      test_mode: mockDb.billing.testMode,
    });
  }),

  http.post('*/api/billing/cancel', async ({ request }) => {
    const user = getSessionUser();
    if (!user) return fail('unauthorized');
    const body = await readBody(request);
    mockDb.calls.push({ method: 'POST', path: '/api/billing/cancel', body });
    const subscription = liveSubscriptions().find((item) => item.productId === body.product_id);
    if (!subscription) return fail('no_active_subscription');
    subscription.cancelAtPeriodEnd = true;
    return ok(cancelResultSchema, {
      customer_id: user.id,
      product_id: subscription.productId,
      cancel_at_period_end: true,
      current_period_end: subscription.currentPeriodEnd,
    });
  }),

  http.post('*/api/billing/billing_portal', async ({ request }) => {
    if (!getSessionUser()) return fail('unauthorized');
    const body = await readBody(request);
    mockDb.calls.push({ method: 'POST', path: '/api/billing/billing_portal', body });
    // Stripe's hosted portal; in test mode the server answers the return URL (the billing page).
    return ok(billingPortalResultSchema, {
      url: mockDb.billing.testMode
        ? `${window.location.origin}/billing`
        : 'https://billing.stripe.com/p/session/test_YWNjdF8x',
    });
  }),

  http.post('*/api/billing/refund', async ({ request }) => {
    if (!getSessionUser()) return fail('unauthorized');
    const body = await readBody(request);
    mockDb.calls.push({ method: 'POST', path: '/api/billing/refund', body });
    const subscription = liveSubscriptions().find((item) => item.productId === body.product_id);
    if (!subscription) return fail('no_active_subscription');
    const until = subscription.refundableUntil ? new Date(subscription.refundableUntil) : null;
    if (!until || until.getTime() < Date.now()) return fail('refund_window_closed');
    const plan = findBillingProduct(subscription.productId)!;
    const removed = Math.min(plan.credits, mockDb.credits);
    subscription.status = 'refunded';
    subscription.refundableUntil = null;
    addCreditEntry(-removed, 'payment_refund', plan.productId);
    return ok(refundResultSchema, {
      product_id: plan.productId,
      refunded_amount: getCurrentAmount(plan, 0),
      currency: BILLING_CURRENCY,
      credits_removed: removed,
      balance: mockDb.credits,
    });
  }),

  http.post('*/api/billing/referrals/code', () => {
    if (!getSessionUser()) return fail('unauthorized');
    mockDb.billing.referralCode ??= 'SITE-7Q4K2M';
    return ok(referralCodeSchema, {
      code: mockDb.billing.referralCode,
      created_at: new Date().toISOString(),
      redemptions: 0,
    });
  }),

  http.post('*/api/billing/referrals/redeem', async ({ request }) => {
    if (!getSessionUser()) return fail('unauthorized');
    const body = await readBody(request);
    mockDb.calls.push({ method: 'POST', path: '/api/billing/referrals/redeem', body });
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (code === mockDb.billing.referralCode) return fail('referral_code_own');
    if (mockDb.billing.hasRedeemedReferral) return fail('referral_already_redeemed');
    if (!mockDb.billing.redeemableCodes.has(code)) return fail('referral_code_not_found');
    mockDb.billing.hasRedeemedReferral = true;
    addCreditEntry(1, 'referral', code);
    return ok(redeemReferralResultSchema, { code, credits_granted: 1, balance: mockDb.credits });
  }),

  http.get('*/api/billing/test_checkout/:sessionId', ({ params }) => {
    if (!getSessionUser()) return fail('unauthorized');
    const session = mockDb.billing.sessions.get(String(params.sessionId));
    if (!session) return fail('checkout_session_not_found');
    const product = findBillingProduct(session.productId)!;
    return ok(testCheckoutSessionSchema, {
      session_id: session.id,
      product_id: product.productId,
      product_name: `${product.planName}${product.isSubscription ? ` (${product.period})` : ''}`,
      credits: product.credits,
      amount: getCurrentAmount(product, mockDb.billing.subscriptionsSold),
      currency: BILLING_CURRENCY,
      interval: product.interval,
      status: session.status,
      test_mode: true,
    });
  }),

  http.post('*/api/billing/test_checkout/:sessionId/complete', ({ params }) => {
    if (!getSessionUser()) return fail('unauthorized');
    const session = mockDb.billing.sessions.get(String(params.sessionId));
    if (!session) return fail('checkout_session_not_found');
    if (session.status !== 'open') return fail('checkout_session_closed');
    mockDb.calls.push({
      method: 'POST',
      path: `/api/billing/test_checkout/${session.id}/complete`,
      body: null,
    });
    session.status = 'complete';
    const product = findBillingProduct(session.productId)!;
    const now = Date.now();
    if (product.isSubscription) {
      for (const live of liveSubscriptions()) live.cancelAtPeriodEnd = true;
      mockDb.billing.subscriptionsSold += 1;
      mockDb.billing.products.push({
        productId: product.productId,
        status: 'active',
        cancelAtPeriodEnd: false,
        startedAt: new Date(now).toISOString(),
        currentPeriodEnd: new Date(
          now + (product.interval === 'year' ? 365 : 30) * DAY_MS,
        ).toISOString(),
        refundableUntil: new Date(now + 14 * DAY_MS).toISOString(),
      });
      addCreditEntry(product.credits, 'subscription', product.productId);
    } else {
      mockDb.billing.products.push({
        productId: product.productId,
        status: 'active',
        cancelAtPeriodEnd: false,
        startedAt: new Date(now).toISOString(),
        currentPeriodEnd: null,
        refundableUntil: null,
      });
      addCreditEntry(product.credits, 'purchase', product.productId);
    }
    return ok(testCheckoutResultSchema, { redirect_url: CHECKOUT_RETURN_PATHS.success });
  }),

  http.post('*/api/billing/test_checkout/:sessionId/cancel', ({ params }) => {
    if (!getSessionUser()) return fail('unauthorized');
    const session = mockDb.billing.sessions.get(String(params.sessionId));
    if (!session) return fail('checkout_session_not_found');
    if (session.status !== 'open') return fail('checkout_session_closed');
    session.status = 'canceled';
    return ok(testCheckoutResultSchema, { redirect_url: CHECKOUT_RETURN_PATHS.canceled });
  }),
];
