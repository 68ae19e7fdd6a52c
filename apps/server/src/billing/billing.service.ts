import { randomBytes } from 'node:crypto';
import {
  CHECKOUT_RETURN_PATHS,
  type AttachBody,
  type AttachResult,
  type CheckBody,
  type CheckPreview,
  type CheckResult,
  type Customer,
  type CustomerProduct,
  type Entity,
  type PricingTable,
  type ReferralCode,
  type RefundResult,
  type TestCheckoutSession,
} from '@sitelift/shared/billing/api';
import {
  BILLING_CURRENCY,
  FOUNDER_OFFER,
  GUARANTEE_DAYS,
  PRICING_PLANS,
  findBillingProduct,
  formatUsd,
  getCurrentAmount,
  isFounderOfferOpen,
  type BillingProduct,
  type PlanVariant,
} from '@sitelift/shared/billing/plans';
import type { Logger } from 'pino';
import {
  CHECKOUT_HOLD_MS,
  countRedemptionsOfReferrer,
  findOpenCheckoutSession,
  lockFounderSeats,
  countSubscriptionsSold,
  deleteEntity,
  findCheckoutSessionForUser,
  findCustomer,
  findEntity,
  findReferralCode,
  findReferralCodeForUser,
  claimPaymentRefund,
  hasRedeemedReferral,
  hasRefundedPayment,
  insertCheckoutSession,
  insertEntity,
  insertRedemption,
  insertReferralCode,
  listLiveSubscriptionsForUser,
  listPaymentsForSubscription,
  listSubscriptionsForUser,
  markWebhookEventProcessed,
  sumCreditsSpentSince,
  updateCheckoutSession,
  updatePaymentByKey,
  updateSubscription,
  upsertCustomer,
  type CheckoutSessionRow,
  type EntityRow,
  type SubscriptionRow,
} from '../db/billing.repository';
import {
  bookLedgerEntry,
  getCreditBalance,
  grantSignupCredit,
  lockUserForCredits,
} from '../db/credits.repository';
import type { AppDb } from '../db/database';
import { BillingError } from './billing-error';
import {
  BillingProviderError,
  WebhookSignatureError,
  type BillingProvider,
  type ProviderEvent,
} from './billing-provider';
import { buildReceiptEmail } from '../mail/receipt-email';
import type { Mailer } from '../mail/mailer';
import { getProfileById } from '../db/users.repository';
import { processWebhookEvent, type AfterCommit, type PaidPayment } from './process-webhook-event';
import { REFERRAL_CREDITS, settleReferralCredit, toMailbox } from './referral-credits';
import { newTestId, type TestModeProvider } from './test-mode-provider';

/** What the billing use cases need. */
export interface BillingDeps {
  db: AppDb;
  provider: BillingProvider;
  /** Public origin of the app (checkout return URLs). */
  baseUrl: string;
  /** False in production without a payment provider: purchases are refused. */
  purchasesEnabled: boolean;
  logger: Logger;
  /** Sends the receipt after each payment; without it no receipt is sent. */
  mailer?: Mailer;
  now?: () => Date;
}

/** The signed-in user as billing needs it. */
export interface BillingUser {
  id: string;
  email: string;
  name: string | null;
  createdAt: Date;
  emailVerified: boolean;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function nowOf(deps: BillingDeps): Date {
  return deps.now ? deps.now() : new Date();
}

function toIso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

function requireProduct(productId: string): BillingProduct {
  const product = findBillingProduct(productId);
  if (!product) throw new BillingError('product_not_found');
  return product;
}

function requirePurchases(deps: BillingDeps): void {
  if (!deps.purchasesEnabled) throw new BillingError('billing_not_configured');
}

async function withProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BillingProviderError) {
      throw new BillingError('provider_error', { cause: error });
    }
    throw error;
  }
}

/** The provider's customer id of the user, created on first need. */
async function ensureProviderCustomer(deps: BillingDeps, user: BillingUser): Promise<string> {
  const existing = await findCustomer(deps.db, user.id);
  if (existing && existing.provider === deps.provider.kind) return existing.providerCustomerId;
  const providerCustomerId = await withProvider(() =>
    deps.provider.createCustomer({ userId: user.id, email: user.email, name: user.name }),
  );
  await upsertCustomer(deps.db, {
    userId: user.id,
    provider: deps.provider.kind,
    providerCustomerId,
    name: user.name,
  });
  return providerCustomerId;
}

function toPricingVariant(variant: PlanVariant, sold: number) {
  const amount = getCurrentAmount(variant, sold);
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

/** GET /api/billing/pricing_table: the plans with the price that applies now. */
export async function getPricingTable(
  deps: BillingDeps,
  userId: string | null,
): Promise<PricingTable> {
  try {
    const sold = await countSubscriptionsSold(deps.db);
    const live = userId ? await listLiveSubscriptionsForUser(deps.db, userId) : [];
    return {
      list: PRICING_PLANS.map((plan) => {
        const current = live.find(
          (subscription) =>
            subscription.productId === plan.monthly.productId ||
            subscription.productId === plan.yearly?.productId,
        );
        return {
          id: plan.id,
          name: plan.name,
          monthly: toPricingVariant(plan.monthly, sold),
          yearly: plan.yearly ? toPricingVariant(plan.yearly, sold) : null,
          button_text: plan.buttonText,
          button_variant: plan.buttonVariant,
          recommended: plan.recommended,
          current_product_id: current?.productId ?? null,
        };
      }),
      founder: {
        limit: FOUNDER_OFFER.subscriptions,
        sold: Math.min(sold, FOUNDER_OFFER.subscriptions),
        remaining: Math.max(0, FOUNDER_OFFER.subscriptions - sold),
        is_open: isFounderOfferOpen(sold),
        percent_off: FOUNDER_OFFER.percentOff,
      },
      test_mode: deps.provider.kind === 'test',
    };
  } catch (error) {
    throw new BillingError('failed_to_fetch_pricing_table_products', { cause: error });
  }
}

/** The live subscription a product change would replace (another subscription product, active). */
function findReplaced(live: SubscriptionRow[], product: BillingProduct): SubscriptionRow | null {
  if (!product.isSubscription) return null;
  return (
    live.find(
      (subscription) =>
        subscription.status === 'active' && subscription.productId !== product.productId,
    ) ?? null
  );
}

function yearlyCredits(product: BillingProduct): number {
  return product.interval === 'month' ? product.credits * 12 : product.credits;
}

function toAttachResult(user: BillingUser, session: CheckoutSessionRow): AttachResult {
  return {
    checkout_url: session.url ?? '',
    customer_id: user.id,
    product_id: session.productId,
    session_id: session.id,
  };
}

/**
 * POST /api/billing/attach: starts a checkout at the price that applies now. One customer's checkouts
 * are made one after the other (the user's row is locked): an open checkout of the same product is
 * handed out again, so a double click or five tabs make one purchase. A subscription checkout takes its
 * founder seat under a lock shared by every buyer, so the 250 founder prices go to 250 checkouts.
 */
export async function attachProduct(
  deps: BillingDeps,
  user: BillingUser,
  body: AttachBody,
): Promise<AttachResult> {
  requirePurchases(deps);
  const product = requireProduct(body.product_id);
  const providerCustomerId = await ensureProviderCustomer(deps, user);
  const outcome = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    await lockUserForCredits(tx, user.id);
    const now = nowOf(deps);
    const live = await listLiveSubscriptionsForUser(tx, user.id);
    if (
      product.isSubscription &&
      live.some((item) => item.productId === product.productId && item.status === 'active')
    ) {
      throw new BillingError('product_already_attached');
    }
    const since = new Date(now.getTime() - CHECKOUT_HOLD_MS + HOUR_MS);
    const open = await findOpenCheckoutSession(tx, user.id, product.productId, since);
    if (open) return { result: toAttachResult(user, open) };
    const replaced = findReplaced(live, product);
    // The offer closes for good at 250: after that no buyer needs to wait for the others.
    if (product.isSubscription && isFounderOfferOpen(await countSubscriptionsSold(tx, now))) {
      await lockFounderSeats(tx);
    }
    const sold = await countSubscriptionsSold(tx, now);
    const amount = getCurrentAmount(product, sold);
    const isFounderPrice = product.isSubscription && isFounderOfferOpen(sold);
    const sessionId =
      deps.provider.kind === 'test' ? newTestId('cs') : `sl_cs_${randomBytes(12).toString('hex')}`;
    await insertCheckoutSession(tx, {
      id: sessionId,
      userId: user.id,
      provider: deps.provider.kind,
      productId: product.productId,
      amount,
      currency: BILLING_CURRENCY,
      interval: product.interval,
      isFounderPrice,
      replacesSubscriptionId: replaced?.id ?? null,
    });
    try {
      const checkout = await withProvider(() =>
        deps.provider.createCheckoutSession({
          sessionId,
          userId: user.id,
          providerCustomerId,
          product,
          amount,
          currency: BILLING_CURRENCY,
          isFounderPrice,
          successUrl: `${deps.baseUrl}${CHECKOUT_RETURN_PATHS.success}`,
          cancelUrl: `${deps.baseUrl}${CHECKOUT_RETURN_PATHS.canceled}`,
        }),
      );
      await updateCheckoutSession(tx, sessionId, {
        providerSessionId: checkout.providerSessionId,
        url: checkout.url,
      });
      return {
        result: {
          checkout_url: checkout.url,
          customer_id: user.id,
          product_id: product.productId,
          session_id: sessionId,
        },
      };
    } catch (error) {
      // Kept as canceled (it frees its founder seat); the error is thrown once this is committed.
      await updateCheckoutSession(tx, sessionId, { status: 'canceled' });
      return { error };
    }
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}

/** POST /api/billing/check: whether buying `product_id` changes the current plan, with the dialog's preview. */
export async function checkProduct(
  deps: BillingDeps,
  user: BillingUser,
  body: CheckBody,
): Promise<CheckResult> {
  const product = requireProduct(body.product_id);
  const live = await listLiveSubscriptionsForUser(deps.db, user.id);
  const base = { customer_id: user.id, product_id: product.productId };
  if (
    product.isSubscription &&
    live.some((item) => item.productId === product.productId && item.status === 'active')
  ) {
    return { ...base, allowed: false, status: 'active', preview: null };
  }
  const replaced = findReplaced(live, product);
  if (!replaced) return { ...base, allowed: true, status: 'new', preview: null };
  const current = requireProduct(replaced.productId);
  const sold = await countSubscriptionsSold(deps.db);
  const amount = getCurrentAmount(product, sold);
  const delta = yearlyCredits(product) - yearlyCredits(current);
  const scenario: CheckPreview['scenario'] =
    delta > 0 ? 'upgrade' : delta < 0 ? 'downgrade' : 'switch';
  const ends = replaced.currentPeriodEnd
    ? `on ${replaced.currentPeriodEnd.toISOString().slice(0, 10)}`
    : 'at the end of its paid period';
  const period = product.interval === 'year' ? 'a year' : 'a month';
  const preview: CheckPreview | null =
    body.with_preview === false
      ? null
      : {
          scenario,
          title: `${scenario === 'upgrade' ? 'Upgrade' : scenario === 'downgrade' ? 'Downgrade' : 'Switch'} to ${product.planName}`,
          message: `${product.planName} starts now at ${formatUsd(amount)}${product.priceSuffix} with ${product.credits} credits ${period}. Your ${current.planName} plan is not renewed and ends ${ends}. Credits you already have stay yours.`,
          product_id: product.productId,
          product_name: product.planName,
          current_product_id: current.productId,
          current_product_name: current.planName,
          price: formatUsd(amount),
          amount,
          currency: BILLING_CURRENCY,
          interval: product.interval,
          credits: product.credits,
          current_period_end: toIso(replaced.currentPeriodEnd),
        };
  return { ...base, allowed: true, status: 'change', preview };
}

async function requireLiveSubscription(
  deps: BillingDeps,
  userId: string,
  productId: string | undefined,
  statuses: Array<SubscriptionRow['status']>,
): Promise<SubscriptionRow> {
  const live = await listLiveSubscriptionsForUser(deps.db, userId);
  const found = live.find(
    (item) =>
      statuses.includes(item.status) && (productId === undefined || item.productId === productId),
  );
  if (!found) throw new BillingError('no_active_subscription');
  return found;
}

/** POST /api/billing/cancel: the plan is not renewed; its credits stay. */
export async function cancelProduct(
  deps: BillingDeps,
  user: BillingUser,
  productId: string,
): Promise<{
  customer_id: string;
  product_id: string;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
}> {
  const subscription = await requireLiveSubscription(deps, user.id, productId, ['active']);
  const result = await withProvider(() =>
    deps.provider.cancelSubscription(subscription.providerSubscriptionId, { atPeriodEnd: true }),
  );
  const currentPeriodEnd = result.currentPeriodEnd ?? subscription.currentPeriodEnd;
  await updateSubscription(deps.db, subscription.id, { status: 'canceling', currentPeriodEnd });
  return {
    customer_id: user.id,
    product_id: subscription.productId,
    cancel_at_period_end: true,
    current_period_end: toIso(currentPeriodEnd),
  };
}

/** A return URL on the app's own origin, else the billing page. */
function toReturnUrl(deps: BillingDeps, requested: string | undefined): string {
  const fallback = `${deps.baseUrl}/billing`;
  if (!requested) return fallback;
  try {
    const url = new URL(requested, deps.baseUrl);
    return url.origin === new URL(deps.baseUrl).origin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

/** POST /api/billing/billing_portal: the provider's customer portal. */
export async function openBillingPortal(
  deps: BillingDeps,
  user: BillingUser,
  returnUrl: string | undefined,
): Promise<{ url: string }> {
  requirePurchases(deps);
  const providerCustomerId = await ensureProviderCustomer(deps, user);
  const url = await withProvider(() =>
    deps.provider.createPortalSession({
      providerCustomerId,
      returnUrl: toReturnUrl(deps, returnUrl),
    }),
  );
  return { url };
}

async function getRefundableUntil(
  deps: BillingDeps,
  subscription: SubscriptionRow,
): Promise<Date | null> {
  if (subscription.status !== 'active' && subscription.status !== 'canceling') return null;
  // The guarantee is given once per customer.
  if (await hasRefundedPayment(deps.db, subscription.userId)) return null;
  const [first] = await listPaymentsForSubscription(deps.db, subscription.id);
  if (!first) return null;
  const until = new Date(first.paidAt.getTime() + GUARANTEE_DAYS * DAY_MS);
  return until > nowOf(deps) ? until : null;
}

async function toCustomerProduct(
  deps: BillingDeps,
  subscription: SubscriptionRow,
): Promise<CustomerProduct> {
  const product = findBillingProduct(subscription.productId);
  return {
    id: subscription.productId,
    name: product?.planName ?? subscription.productId,
    status:
      subscription.status === 'refunded'
        ? 'refunded'
        : subscription.status === 'canceled'
          ? 'canceled'
          : 'active',
    cancel_at_period_end: subscription.status === 'canceling',
    canceled_at: toIso(subscription.canceledAt),
    interval: subscription.interval === 'year' ? 'year' : 'month',
    amount: subscription.amount,
    currency: subscription.currency,
    is_founder_price: subscription.isFounderPrice,
    credits_per_period: product?.credits ?? 0,
    started_at: subscription.createdAt.toISOString(),
    current_period_end: toIso(subscription.currentPeriodEnd),
    refundable_until: toIso(await getRefundableUntil(deps, subscription)),
  };
}

/** POST /api/billing/customers: the signed-in customer (404 only with error_on_not_found). */
export async function getCustomer(
  deps: BillingDeps,
  user: BillingUser,
  options: { errorOnNotFound?: boolean },
): Promise<Customer> {
  const row = await findCustomer(deps.db, user.id);
  if (!row && options.errorOnNotFound) throw new BillingError('customer_not_found');
  await grantSignupCredit(deps.db, user.id);
  const subscriptions = await listSubscriptionsForUser(deps.db, user.id);
  const products = [];
  for (const subscription of subscriptions) {
    products.push(await toCustomerProduct(deps, subscription));
  }
  const referral = await findReferralCodeForUser(deps.db, user.id);
  return {
    id: user.id,
    email: user.email,
    name: row?.name ?? user.name,
    created_at: (row?.createdAt ?? user.createdAt).toISOString(),
    products,
    features: { credits: { balance: await getCreditBalance(deps.db, user.id) } },
    referral_code: referral?.code ?? null,
    has_redeemed_referral: await hasRedeemedReferral(deps.db, user.id),
    test_mode: deps.provider.kind === 'test',
  };
}

/** POST /api/billing/track: only reading the credit balance; credits are spent by the server. */
export async function trackFeature(
  deps: BillingDeps,
  user: BillingUser,
  body: { feature_id: string; value?: number },
): Promise<{ customer_id: string; feature_id: string; balance: number }> {
  if (body.feature_id !== 'credits' || (body.value !== undefined && body.value !== 0)) {
    throw new BillingError('feature_not_tracked');
  }
  return {
    customer_id: user.id,
    feature_id: 'credits',
    balance: await getCreditBalance(deps.db, user.id),
  };
}

function toEntity(row: EntityRow): Entity {
  return {
    id: row.entityId,
    customer_id: row.userId,
    name: row.name,
    feature_id: row.featureId,
    created_at: row.createdAt.toISOString(),
  };
}

/** POST /api/billing/entities. */
export async function createEntity(
  deps: BillingDeps,
  user: BillingUser,
  body: { id: string; name?: string; feature_id?: string },
): Promise<Entity> {
  const row = await insertEntity(deps.db, {
    userId: user.id,
    entityId: body.id,
    name: body.name || null,
    featureId: body.feature_id || null,
  });
  if (!row) throw new BillingError('entity_already_exists');
  return toEntity(row);
}

/** GET /api/billing/entities/:id. */
export async function getEntity(
  deps: BillingDeps,
  user: BillingUser,
  entityId: string,
): Promise<Entity> {
  const row = await findEntity(deps.db, user.id, entityId);
  if (!row) throw new BillingError('entity_fetch_failed');
  return toEntity(row);
}

/** DELETE /api/billing/entities/:id. */
export async function removeEntity(
  deps: BillingDeps,
  user: BillingUser,
  entityId: string,
): Promise<{ id: string; deleted: true }> {
  if (!(await deleteEntity(deps.db, user.id, entityId))) {
    throw new BillingError('entity_fetch_failed');
  }
  return { id: entityId, deleted: true };
}

// Codes avoid look-alike characters (0/O, 1/I/L).
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** POST /api/billing/referrals/code: the caller's code, created on first call. */
export async function getOrCreateReferralCode(
  deps: BillingDeps,
  user: BillingUser,
): Promise<ReferralCode> {
  let row = await findReferralCodeForUser(deps.db, user.id);
  for (let attempt = 0; !row && attempt < 5; attempt += 1) {
    await insertReferralCode(deps.db, user.id, newReferralCode());
    row = await findReferralCodeForUser(deps.db, user.id);
  }
  if (!row) throw new BillingError('internal_error');
  return {
    code: row.code,
    created_at: row.createdAt.toISOString(),
    redemptions: await countRedemptionsOfReferrer(deps.db, user.id),
  };
}

/**
 * POST /api/billing/referrals/redeem (docs/decisions/036): a verified account redeems one code, never
 * its own, once per person (account and mailbox), and receives one credit. The referrer's credit waits
 * until this account first pays or completes a project (settleReferralCredit).
 */
export async function redeemReferralCode(
  deps: BillingDeps,
  user: BillingUser,
  rawCode: string,
): Promise<{ code: string; credits_granted: number; balance: number }> {
  const code = rawCode.trim().toUpperCase();
  if (!user.emailVerified) throw new BillingError('referral_email_not_verified');
  return deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    await lockUserForCredits(tx, user.id);
    const owner = await findReferralCode(tx, code);
    if (!owner) throw new BillingError('referral_code_not_found');
    const ownerProfile = await getProfileById(tx, owner.userId);
    const mailbox = toMailbox(user.email);
    if (owner.userId === user.id || (ownerProfile && toMailbox(ownerProfile.email) === mailbox)) {
      throw new BillingError('referral_code_own');
    }
    const redemptionId = await insertRedemption(tx, {
      code,
      referrerUserId: owner.userId,
      redeemerUserId: user.id,
      redeemerMailbox: mailbox,
    });
    if (redemptionId === undefined) throw new BillingError('referral_already_redeemed');
    await bookLedgerEntry(tx, {
      userId: user.id,
      idempotencyKey: `referral:redeemed:${user.id}`,
      delta: REFERRAL_CREDITS,
      reason: 'referral',
      detail: code,
    });
    // An account that already paid or completed a project counts at once.
    await settleReferralCredit(tx, user.id, nowOf(deps));
    return {
      code,
      credits_granted: REFERRAL_CREDITS,
      balance: await getCreditBalance(tx, user.id),
    };
  });
}

/**
 * POST /api/billing/refund, the 14-day guarantee (docs/decisions/036-refund-and-referral-rules.md):
 * once per customer, within 14 days of a subscription's first payment; refunds the current period's
 * payment through the provider, ends the subscription now and removes that payment's credits that were
 * not spent (never more than the balance). A customer who was refunded once has no guarantee again.
 */
export async function refundSubscription(
  deps: BillingDeps,
  user: BillingUser,
  productId: string | undefined,
): Promise<RefundResult> {
  requirePurchases(deps);
  // A customer who has used the guarantee hears so, also when the refund that used it (perhaps a
  // moment ago, in a twin request) has already ended the subscription this request looks for.
  const refundUsed = async () => {
    if (await hasRefundedPayment(deps.db, user.id)) throw new BillingError('refund_already_used');
  };
  await refundUsed();
  const subscription = await requireLiveSubscription(deps, user.id, productId, [
    'active',
    'canceling',
  ]).catch(async (error: unknown) => {
    await refundUsed();
    throw error;
  });
  const payments = await listPaymentsForSubscription(deps.db, subscription.id);
  const first = payments[0];
  const payment = [...payments].reverse().find((item) => !item.refundedAt);
  if (!first || !payment) {
    await refundUsed();
    throw new BillingError('no_active_subscription');
  }
  if (nowOf(deps).getTime() > first.paidAt.getTime() + GUARANTEE_DAYS * DAY_MS) {
    throw new BillingError('refund_window_closed');
  }
  // Claimed before the provider is asked: two refund requests at once refund one payment once, and
  // the provider's charge.refunded event for this refund finds it claimed and changes nothing.
  const claimed = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    await lockUserForCredits(tx, user.id);
    if (await hasRefundedPayment(tx, user.id)) return false;
    return claimPaymentRefund(tx, payment.id, nowOf(deps));
  });
  if (!claimed) throw new BillingError('refund_already_used');
  let refundId: string;
  try {
    refundId = await withProvider(() =>
      deps.provider.refundPayment({
        providerInvoiceId: payment.providerInvoiceId,
        providerPaymentIntentId: payment.providerPaymentIntentId,
      }),
    );
  } catch (error) {
    await updatePaymentByKey(deps.db, payment.paymentKey, { refundedAt: null });
    throw error;
  }
  try {
    await deps.provider.cancelSubscription(subscription.providerSubscriptionId, {
      atPeriodEnd: false,
    });
  } catch (error) {
    // The money is back already; the subscription is marked refunded here and grants nothing more.
    deps.logger.error(
      { err: error, subscriptionId: subscription.id },
      'refunded, but the provider did not cancel the subscription',
    );
  }
  return deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    await lockUserForCredits(tx, user.id);
    const now = nowOf(deps);
    const spent = await sumCreditsSpentSince(tx, user.id, payment.paidAt);
    const balance = await getCreditBalance(tx, user.id);
    const removed = Math.max(0, Math.min(payment.credits - spent, balance));
    if (removed > 0) {
      await bookLedgerEntry(tx, {
        userId: user.id,
        idempotencyKey: `payment_refund:${payment.id}`,
        delta: -removed,
        reason: 'payment_refund',
        detail: subscription.productId,
      });
    }
    await updatePaymentByKey(tx, payment.paymentKey, { providerRefundId: refundId });
    await updateSubscription(tx, subscription.id, { status: 'refunded', canceledAt: now });
    return {
      product_id: subscription.productId,
      refunded_amount: payment.amount,
      currency: payment.currency,
      credits_removed: removed,
      balance: await getCreditBalance(tx, user.id),
    };
  });
}

/** Queues the receipt of a payment to the buyer's address (the mailer logs a failed delivery). */
async function sendReceipt(deps: BillingDeps, payment: PaidPayment): Promise<void> {
  if (!deps.mailer) return;
  const profile = await getProfileById(deps.db, payment.userId);
  if (!profile) return;
  const content = buildReceiptEmail(
    {
      productId: payment.productId,
      amount: payment.amount,
      currency: payment.currency,
      credits: payment.credits,
      paidAt: payment.paidAt,
      reference: payment.paymentKey,
      testMode: deps.provider.kind === 'test',
    },
    `${deps.baseUrl}/billing`,
  );
  deps.mailer.enqueue({ to: profile.email, ...content });
}

/**
 * POST /api/billing/webhook: checks the signature on the raw body, then applies the event exactly once
 * (its id is recorded in the same transaction). Returns false for an event seen before.
 */
export async function handleWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  let event: ProviderEvent;
  try {
    event = deps.provider.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new BillingError('webhook_signature_invalid', { cause: error });
    }
    throw error;
  }
  const afterCommit: AfterCommit = [];
  const isNew = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    if (!(await markWebhookEventProcessed(tx, event.id, event.type))) return false;
    await processWebhookEvent(
      tx,
      {
        provider: deps.provider.kind,
        now: () => nowOf(deps),
        cancelAtPeriodEnd: (id) => deps.provider.cancelSubscription(id, { atPeriodEnd: true }),
        sendReceipt: (payment) => sendReceipt(deps, payment),
        rememberInvoicePaymentIntent: async (paymentKey, invoiceId) => {
          const paymentIntent = await deps.provider.findInvoicePaymentIntent(invoiceId);
          if (paymentIntent) {
            await updatePaymentByKey(deps.db, paymentKey, {
              providerPaymentIntentId: paymentIntent,
            });
          }
        },
      },
      event,
      afterCommit,
    );
    return true;
  });
  for (const task of afterCommit) {
    await task().catch((error: unknown) => {
      deps.logger.error({ err: error, eventId: event.id }, 'billing follow-up failed');
    });
  }
  return { duplicate: !isNew };
}

// The local test mode (no STRIPE_SECRET_KEY): the checkout page reads and completes sessions here.

function requireTestMode(deps: BillingDeps): TestModeProvider {
  if (deps.provider.kind !== 'test') throw new BillingError('checkout_session_not_found');
  return deps.provider as TestModeProvider;
}

async function requireTestSession(
  deps: BillingDeps,
  user: BillingUser,
  sessionId: string,
): Promise<CheckoutSessionRow> {
  requireTestMode(deps);
  const row = await findCheckoutSessionForUser(deps.db, user.id, sessionId);
  if (!row || row.provider !== 'test') throw new BillingError('checkout_session_not_found');
  return row;
}

/** GET /api/billing/test_checkout/:session_id. */
export async function getTestCheckout(
  deps: BillingDeps,
  user: BillingUser,
  sessionId: string,
): Promise<TestCheckoutSession> {
  const row = await requireTestSession(deps, user, sessionId);
  const product = requireProduct(row.productId);
  return {
    session_id: row.id,
    product_id: row.productId,
    product_name: product.planName,
    credits: product.credits,
    amount: row.amount,
    currency: row.currency,
    interval: row.interval === 'month' || row.interval === 'year' ? row.interval : null,
    status:
      row.status === 'complete' ? 'complete' : row.status === 'canceled' ? 'canceled' : 'open',
    test_mode: true,
  };
}

function addInterval(date: Date, interval: 'month' | 'year'): Date {
  const next = new Date(date);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function toEpoch(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function buildEvent(
  type: string,
  object: Record<string, unknown>,
  created: Date,
  id = newTestId('evt'),
): ProviderEvent {
  return {
    id,
    object: 'event',
    api_version: null,
    created: toEpoch(created),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as ProviderEvent;
}

function sessionMetadata(row: CheckoutSessionRow): Record<string, string> {
  return {
    checkout_session_id: row.id,
    user_id: row.userId,
    product_id: row.productId,
    is_founder_price: String(row.isFounderPrice),
  };
}

function buildInvoicePaid(options: {
  invoiceId: string;
  customer: string;
  subscriptionId: string;
  amount: number;
  currency: string;
  billingReason: 'subscription_create' | 'subscription_cycle';
  periodStart: Date;
  periodEnd: Date;
  metadata: Record<string, string>;
}): Record<string, unknown> {
  return {
    id: options.invoiceId,
    object: 'invoice',
    customer: options.customer,
    amount_paid: options.amount,
    amount_due: options.amount,
    currency: options.currency,
    billing_reason: options.billingReason,
    status: 'paid',
    livemode: false,
    created: toEpoch(options.periodStart),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: options.subscriptionId, metadata: options.metadata },
    },
    lines: {
      object: 'list',
      data: [
        {
          object: 'line_item',
          amount: options.amount,
          currency: options.currency,
          period: { start: toEpoch(options.periodStart), end: toEpoch(options.periodEnd) },
        },
      ],
    },
  };
}

/** Signs `event` with the test-mode secret and sends it through the webhook processing. */
async function deliverTestEvent(deps: BillingDeps, event: ProviderEvent): Promise<void> {
  const provider = requireTestMode(deps);
  const { payload, signature } = provider.signEvent(event);
  await handleWebhook(deps, Buffer.from(payload), signature);
}

/** POST /api/billing/test_checkout/:session_id/complete: pays the session (no money moves). */
export async function completeTestCheckout(
  deps: BillingDeps,
  user: BillingUser,
  sessionId: string,
): Promise<{ redirect_url: string }> {
  const row = await requireTestSession(deps, user, sessionId);
  if (row.status !== 'open') throw new BillingError('checkout_session_closed');
  const customer = await ensureProviderCustomer(deps, user);
  const now = nowOf(deps);
  const metadata = sessionMetadata(row);
  const isSubscription = row.interval === 'month' || row.interval === 'year';
  // Ids derived from the session: a double click sends the same events twice, which count once.
  const suffix = row.id.replace(/^cs_test_/, '');
  const subscriptionId = isSubscription ? `sub_test_${suffix}` : null;
  const invoiceId = isSubscription ? `in_test_${suffix}` : null;
  const session = {
    id: row.id,
    object: 'checkout.session',
    mode: isSubscription ? 'subscription' : 'payment',
    status: 'complete',
    payment_status: 'paid',
    customer,
    client_reference_id: user.id,
    metadata,
    amount_total: row.amount,
    currency: row.currency,
    payment_intent: isSubscription ? null : `pi_test_${suffix}`,
    subscription: subscriptionId,
    invoice: invoiceId,
    livemode: false,
  };
  await deliverTestEvent(
    deps,
    buildEvent('checkout.session.completed', session, now, `evt_test_${suffix}_completed`),
  );
  if (subscriptionId && invoiceId && (row.interval === 'month' || row.interval === 'year')) {
    const invoice = buildInvoicePaid({
      invoiceId,
      customer,
      subscriptionId,
      amount: row.amount,
      currency: row.currency,
      billingReason: 'subscription_create',
      periodStart: now,
      periodEnd: addInterval(now, row.interval),
      metadata,
    });
    await deliverTestEvent(
      deps,
      buildEvent('invoice.paid', invoice, now, `evt_test_${suffix}_paid`),
    );
  }
  return { redirect_url: CHECKOUT_RETURN_PATHS.success };
}

/** POST /api/billing/test_checkout/:session_id/cancel: abandons the session. */
export async function cancelTestCheckout(
  deps: BillingDeps,
  user: BillingUser,
  sessionId: string,
): Promise<{ redirect_url: string }> {
  const row = await requireTestSession(deps, user, sessionId);
  if (row.status !== 'open') throw new BillingError('checkout_session_closed');
  const session = {
    id: row.id,
    object: 'checkout.session',
    mode: row.interval ? 'subscription' : 'payment',
    status: 'expired',
    metadata: sessionMetadata(row),
    amount_total: row.amount,
    currency: row.currency,
  };
  const suffix = row.id.replace(/^cs_test_/, '');
  await deliverTestEvent(
    deps,
    buildEvent('checkout.session.expired', session, nowOf(deps), `evt_test_${suffix}_expired`),
  );
  return { redirect_url: CHECKOUT_RETURN_PATHS.canceled };
}

/**
 * Test mode: the next period of a subscription is paid (what Stripe's invoice.paid does at renewal),
 * through the same webhook processing. Used by tests and local trials of rollover.
 */
export async function renewTestSubscription(
  deps: BillingDeps,
  user: BillingUser,
  subscriptionId: string,
): Promise<void> {
  requireTestMode(deps);
  const live = await listLiveSubscriptionsForUser(deps.db, user.id);
  const subscription = live.find((item) => item.id === subscriptionId);
  if (!subscription) throw new BillingError('no_active_subscription');
  const interval = subscription.interval === 'year' ? 'year' : 'month';
  const start = subscription.currentPeriodEnd ?? nowOf(deps);
  const customer = await ensureProviderCustomer(deps, user);
  const invoice = buildInvoicePaid({
    invoiceId: newTestId('in'),
    customer,
    subscriptionId: subscription.providerSubscriptionId,
    amount: subscription.amount,
    currency: subscription.currency,
    billingReason: 'subscription_cycle',
    periodStart: start,
    periodEnd: addInterval(start, interval),
    metadata: { user_id: user.id, product_id: subscription.productId },
  });
  await deliverTestEvent(deps, buildEvent('invoice.paid', invoice, start));
}
