import { findBillingProduct, type BillingProduct } from '@sitelift/shared/billing/plans';
import { z } from 'zod';
import {
  claimPaymentRefund,
  ensureSubscriptionRow,
  findCheckoutSession,
  findCheckoutSessionByProviderId,
  findPaymentByPaymentIntent,
  findSubscriptionByProviderId,
  insertPayment,
  listLiveSubscriptionsForUser,
  sumCreditsRemovedByKeyPrefix,
  updateCheckoutSession,
  updatePaymentByKey,
  updateSubscription,
  type CheckoutSessionRow,
  type PaymentRow,
  type SubscriptionRow,
} from '../db/billing.repository';
import { bookLedgerEntry, getCreditBalance, lockUserForCredits } from '../db/credits.repository';
import type { AppDb } from '../db/database';
import type { ProviderEvent } from './billing-provider';
import { settleReferralCredit } from './referral-credits';

// What each provider event changes. Runs inside the transaction that marks the event processed, so an
// event counts once; the ledger keys (`purchase:<checkout>`, `subscription:<invoice>`) make a grant
// happen once even when two different events (checkout completed, invoice paid) report one payment.

/** Work to do after the transaction commits (calls to the provider). */
export type AfterCommit = Array<() => Promise<void>>;

const idOrObject = z
  .union([z.string(), z.object({ id: z.string() }).loose()])
  .nullish()
  .transform((value) => (value == null ? null : typeof value === 'string' ? value : value.id));

const metadataSchema = z.record(z.string(), z.string()).nullish();

const checkoutSessionObject = z
  .object({
    id: z.string(),
    mode: z.enum(['payment', 'subscription', 'setup']),
    metadata: metadataSchema,
    subscription: idOrObject,
    invoice: idOrObject,
    payment_intent: idOrObject,
    amount_total: z.number().int().nullish(),
    currency: z.string().nullish(),
    // 'paid', 'unpaid' (an asynchronous payment method still settling) or 'no_payment_required'.
    payment_status: z.string().nullish(),
  })
  .loose();

const chargeObject = z
  .object({
    id: z.string(),
    payment_intent: idOrObject,
    amount: z.number().int(),
    amount_refunded: z.number().int(),
  })
  .loose();

const disputeObject = z
  .object({
    id: z.string(),
    charge: idOrObject,
    payment_intent: idOrObject,
    status: z.string().nullish(),
  })
  .loose();

const subscriptionDetails = z
  .object({ subscription: idOrObject, metadata: metadataSchema })
  .loose()
  .nullish();

const invoiceObject = z
  .object({
    id: z.string(),
    amount_paid: z.number().int(),
    currency: z.string(),
    billing_reason: z.string().nullish(),
    created: z.number().nullish(),
    // API versions since 2025-03-31 name the subscription under parent.subscription_details.
    parent: z.object({ subscription_details: subscriptionDetails }).loose().nullish(),
    subscription: idOrObject.optional(),
    subscription_details: subscriptionDetails,
    payment_intent: idOrObject.optional(),
    payments: z
      .object({
        data: z.array(
          z.object({ payment: z.object({ payment_intent: idOrObject }).loose() }).loose(),
        ),
      })
      .loose()
      .nullish(),
    lines: z
      .object({
        data: z.array(
          z.object({ period: z.object({ start: z.number(), end: z.number() }).nullish() }).loose(),
        ),
      })
      .loose()
      .nullish(),
  })
  .loose();

const subscriptionObject = z
  .object({
    id: z.string(),
    status: z.string(),
    cancel_at_period_end: z.boolean().nullish(),
    canceled_at: z.number().nullish(),
    current_period_end: z.number().nullish(),
    items: z
      .object({
        data: z.array(z.object({ current_period_end: z.number().nullish() }).loose()),
      })
      .loose()
      .nullish(),
  })
  .loose();

function productOf(row: { productId: string }): BillingProduct {
  const product = findBillingProduct(row.productId);
  if (!product) throw new Error(`unknown product ${row.productId}`);
  return product;
}

async function findSessionRow(
  tx: AppDb,
  provider: string,
  metadata: Record<string, string> | null | undefined,
  providerSessionId: string | null,
): Promise<CheckoutSessionRow | undefined> {
  const ourId = metadata?.checkout_session_id;
  if (ourId) {
    const row = await findCheckoutSession(tx, ourId);
    if (row) return row;
  }
  return providerSessionId
    ? findCheckoutSessionByProviderId(tx, provider, providerSessionId)
    : undefined;
}

/** A payment just recorded, for the receipt e-mail sent after commit. */
export interface PaidPayment {
  userId: string;
  productId: string;
  amount: number;
  currency: string;
  credits: number;
  paidAt: Date;
  paymentKey: string;
}

/**
 * The subscription of a paid checkout, created on first need. When this call creates it, the customer's
 * other active subscriptions end at their period end: one active subscription per customer, whether the
 * new one is a plan change or a second checkout that was paid as well.
 */
async function subscriptionFromSession(
  tx: AppDb,
  context: WebhookContext,
  session: CheckoutSessionRow,
  providerSubscriptionId: string,
  afterCommit: AfterCommit,
): Promise<SubscriptionRow> {
  const product = productOf(session);
  // Two events of one customer (checkout completed, invoice paid, another checkout) one at a time.
  await lockUserForCredits(tx, session.userId);
  const { row, created } = await ensureSubscriptionRow(tx, {
    userId: session.userId,
    provider: context.provider,
    providerSubscriptionId,
    checkoutSessionId: session.id,
    productId: product.productId,
    interval: product.interval ?? 'month',
    amount: session.amount,
    currency: session.currency,
    isFounderPrice: session.isFounderPrice,
  });
  if (!created) return row;
  if (session.status !== 'complete') {
    await updateCheckoutSession(tx, session.id, { status: 'complete', completedAt: context.now() });
  }
  const live = await listLiveSubscriptionsForUser(tx, session.userId);
  for (const other of live) {
    if (other.id === row.id || other.status !== 'active') continue;
    await updateSubscription(tx, other.id, { status: 'canceling' });
    afterCommit.push(async () => {
      await context.cancelAtPeriodEnd(other.providerSubscriptionId);
    });
  }
  return row;
}

/** Books a paid subscription invoice once: the payment row and the period's credits. */
async function recordInvoicePaid(
  tx: AppDb,
  context: WebhookContext,
  subscription: SubscriptionRow,
  invoice: {
    id: string;
    amount: number;
    currency: string;
    paymentIntentId: string | null;
    periodEnd: Date | null;
    paidAt: Date;
  },
  afterCommit: AfterCommit,
): Promise<void> {
  const product = productOf(subscription);
  const paymentKey = `invoice:${invoice.id}`;
  const ledgerKey = `subscription:${invoice.id}`;
  const payment = {
    userId: subscription.userId,
    productId: product.productId,
    amount: invoice.amount,
    currency: invoice.currency,
    credits: product.credits,
    paidAt: invoice.paidAt,
    paymentKey,
  };
  const isNew = await insertPayment(tx, {
    ...payment,
    provider: subscription.provider,
    subscriptionId: subscription.id,
    providerInvoiceId: invoice.id,
    providerPaymentIntentId: invoice.paymentIntentId,
    ledgerKey,
  });
  if (isNew) {
    afterCommit.push(() => context.sendReceipt(payment));
    await settleReferralCredit(tx, subscription.userId, context.now());
  }
  if (!isNew && invoice.paymentIntentId) {
    await updatePaymentByKey(tx, paymentKey, { providerPaymentIntentId: invoice.paymentIntentId });
  }
  if (isNew && !invoice.paymentIntentId) {
    // Webhook invoices do not carry their payments: the payment intent is read from the provider,
    // so that a refund or dispute made outside the app finds this payment.
    afterCommit.push(() => context.rememberInvoicePaymentIntent(paymentKey, invoice.id));
  }
  await bookLedgerEntry(tx, {
    userId: subscription.userId,
    idempotencyKey: ledgerKey,
    delta: product.credits,
    reason: 'subscription',
    detail: product.productId,
  });
  if (invoice.periodEnd) {
    await updateSubscription(tx, subscription.id, { currentPeriodEnd: invoice.periodEnd });
  }
}

/** Everything a processed event may need besides the transaction. */
export interface WebhookContext {
  provider: 'stripe' | 'test';
  /** Cancels a replaced subscription at its period end (after commit). */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<{ currentPeriodEnd: Date | null }>;
  /** Reads and stores the payment intent of an invoice payment (after commit). */
  rememberInvoicePaymentIntent(paymentKey: string, providerInvoiceId: string): Promise<void>;
  /** Sends the receipt of a payment (after commit). */
  sendReceipt(payment: PaidPayment): Promise<void>;
  now(): Date;
}

/** Grants what a paid checkout bought: a one-time purchase's credits, or the subscription's first period. */
async function onCheckoutPaid(
  tx: AppDb,
  context: WebhookContext,
  session: z.infer<typeof checkoutSessionObject>,
  row: CheckoutSessionRow,
  afterCommit: AfterCommit,
): Promise<void> {
  const product = productOf(row);
  const now = context.now();
  if (session.mode === 'payment') {
    if (row.status !== 'complete') {
      await updateCheckoutSession(tx, row.id, { status: 'complete', completedAt: now });
    }
    const ledgerKey = `purchase:${row.id}`;
    const payment = {
      userId: row.userId,
      productId: product.productId,
      amount: session.amount_total ?? row.amount,
      currency: session.currency ?? row.currency,
      credits: product.credits,
      paidAt: now,
      paymentKey: `checkout:${row.id}`,
    };
    const isNew = await insertPayment(tx, {
      ...payment,
      provider: context.provider,
      providerPaymentIntentId: session.payment_intent,
      ledgerKey,
    });
    if (isNew) {
      afterCommit.push(() => context.sendReceipt(payment));
      await settleReferralCredit(tx, row.userId, now);
    }
    await bookLedgerEntry(tx, {
      userId: row.userId,
      idempotencyKey: ledgerKey,
      delta: product.credits,
      reason: 'purchase',
      detail: product.productId,
    });
    return;
  }
  if (session.mode !== 'subscription' || !session.subscription) return;
  const subscription = await subscriptionFromSession(
    tx,
    context,
    row,
    session.subscription,
    afterCommit,
  );
  if (session.invoice) {
    await recordInvoicePaid(
      tx,
      context,
      subscription,
      {
        id: session.invoice,
        amount: session.amount_total ?? row.amount,
        currency: session.currency ?? row.currency,
        paymentIntentId: null,
        periodEnd: null,
        paidAt: now,
      },
      afterCommit,
    );
  }
}

async function findSessionOfEvent(
  tx: AppDb,
  context: WebhookContext,
  session: z.infer<typeof checkoutSessionObject>,
): Promise<CheckoutSessionRow | undefined> {
  const row = await findSessionRow(tx, context.provider, session.metadata, session.id);
  if (!row && session.metadata?.checkout_session_id) {
    // One that names a session of ours that is unknown fails, so the provider sends it again.
    throw new Error(`checkout session ${session.id} names an unknown session of ours`);
  }
  // Sessions of other software on the same Stripe account carry no id of ours: not for us.
  return row;
}

/**
 * checkout.session.completed grants only when the session is paid; one paid with an asynchronous
 * method (a bank debit) completes 'unpaid' and grants at checkout.session.async_payment_succeeded.
 */
async function onCheckoutCompleted(
  tx: AppDb,
  context: WebhookContext,
  object: unknown,
  afterCommit: AfterCommit,
): Promise<void> {
  const session = checkoutSessionObject.parse(object);
  const row = await findSessionOfEvent(tx, context, session);
  if (!row) return;
  if (session.payment_status !== 'paid') {
    if (row.status === 'open') await updateCheckoutSession(tx, row.id, { status: 'pending' });
    return;
  }
  await onCheckoutPaid(tx, context, session, row, afterCommit);
}

async function onAsyncPayment(
  tx: AppDb,
  context: WebhookContext,
  object: unknown,
  succeeded: boolean,
  afterCommit: AfterCommit,
): Promise<void> {
  const session = checkoutSessionObject.parse(object);
  const row = await findSessionOfEvent(tx, context, session);
  if (!row) return;
  if (succeeded) {
    await onCheckoutPaid(tx, context, { ...session, payment_status: 'paid' }, row, afterCommit);
    return;
  }
  // The bank debit failed: nothing was granted, and the founder seat the session held is free again.
  if (row.status !== 'complete') await updateCheckoutSession(tx, row.id, { status: 'canceled' });
}

async function onInvoicePaid(
  tx: AppDb,
  context: WebhookContext,
  object: unknown,
  afterCommit: AfterCommit,
): Promise<void> {
  const invoice = invoiceObject.parse(object);
  const details = invoice.parent?.subscription_details ?? invoice.subscription_details;
  const providerSubscriptionId = details?.subscription ?? invoice.subscription ?? null;
  if (!providerSubscriptionId) return;
  let subscription = await findSubscriptionByProviderId(
    tx,
    context.provider,
    providerSubscriptionId,
  );
  if (!subscription) {
    // The invoice can arrive before checkout.session.completed: the subscription's metadata names
    // our checkout session.
    const row = await findSessionRow(tx, context.provider, details?.metadata, null);
    if (!row) {
      if (!details?.metadata?.checkout_session_id) return;
      throw new Error(`subscription ${providerSubscriptionId} names an unknown session of ours`);
    }
    subscription = await subscriptionFromSession(
      tx,
      context,
      row,
      providerSubscriptionId,
      afterCommit,
    );
  }
  const period = invoice.lines?.data[0]?.period;
  await recordInvoicePaid(
    tx,
    context,
    subscription,
    {
      id: invoice.id,
      amount: invoice.amount_paid,
      currency: invoice.currency,
      paymentIntentId:
        invoice.payments?.data[0]?.payment.payment_intent ?? invoice.payment_intent ?? null,
      periodEnd: period ? new Date(period.end * 1000) : null,
      paidAt: invoice.created ? new Date(invoice.created * 1000) : context.now(),
    },
    afterCommit,
  );
}

/** True for a payment whose account still exists (a deleted account's payments keep no user). */
function hasOwner(payment: PaymentRow): payment is PaymentRow & { userId: string } {
  return payment.userId !== null;
}

/** Takes back up to `credits` of a payment's credits (never below a zero balance); returns how many. */
async function removePaymentCredits(
  tx: AppDb,
  payment: PaymentRow & { userId: string },
  credits: number,
  idempotencyKey: string,
): Promise<number> {
  await lockUserForCredits(tx, payment.userId);
  const removed = Math.max(0, Math.min(credits, await getCreditBalance(tx, payment.userId)));
  if (removed > 0) {
    await bookLedgerEntry(tx, {
      userId: payment.userId,
      idempotencyKey,
      delta: -removed,
      reason: 'payment_reversal',
      detail: payment.productId,
    });
  }
  return removed;
}

/**
 * A refund made outside the app (Stripe's dashboard, the bank): the refunded share of the payment's
 * credits is taken back, as far as the balance holds them. The guarantee's own refund claimed the
 * payment before asking Stripe, so its charge.refunded changes nothing.
 */
async function onChargeRefunded(tx: AppDb, context: WebhookContext, object: unknown) {
  const charge = chargeObject.parse(object);
  if (!charge.payment_intent || charge.amount <= 0) return;
  const payment = await findPaymentByPaymentIntent(tx, context.provider, charge.payment_intent);
  if (!payment || payment.refundedAt) return;
  const share = Math.min(1, charge.amount_refunded / charge.amount);
  // A deleted account's payment (kept anonymised): there are no credits left to take back.
  if (!hasOwner(payment)) {
    if (share >= 1) await claimPaymentRefund(tx, payment.id, context.now());
    return;
  }
  const target = Math.ceil(payment.credits * share);
  const prefix = `payment_reversal:${payment.id}:`;
  const already = await sumCreditsRemovedByKeyPrefix(tx, payment.userId, prefix);
  await removePaymentCredits(tx, payment, target - already, `${prefix}${charge.amount_refunded}`);
  if (share >= 1) await claimPaymentRefund(tx, payment.id, context.now());
}

/** A dispute (chargeback) opened: the payment's credits are held back; a won dispute gives them back. */
async function onDispute(tx: AppDb, context: WebhookContext, object: unknown, closed: boolean) {
  const dispute = disputeObject.parse(object);
  if (!dispute.payment_intent) return;
  const payment = await findPaymentByPaymentIntent(tx, context.provider, dispute.payment_intent);
  if (!payment || !hasOwner(payment)) return;
  const key = `payment_dispute:${dispute.id}`;
  if (!closed) {
    const reversed = await sumCreditsRemovedByKeyPrefix(
      tx,
      payment.userId,
      `payment_reversal:${payment.id}:`,
    );
    await removePaymentCredits(tx, payment, payment.credits - reversed, key);
    return;
  }
  if (dispute.status !== 'won') return;
  const held = await sumCreditsRemovedByKeyPrefix(tx, payment.userId, key);
  if (held > 0) {
    await bookLedgerEntry(tx, {
      userId: payment.userId,
      idempotencyKey: `payment_dispute_won:${dispute.id}`,
      delta: held,
      reason: 'grant',
      detail: payment.productId,
    });
  }
}

async function onSubscriptionChanged(
  tx: AppDb,
  context: WebhookContext,
  object: unknown,
  deleted: boolean,
): Promise<void> {
  const subscription = subscriptionObject.parse(object);
  const row = await findSubscriptionByProviderId(tx, context.provider, subscription.id);
  if (!row || row.status === 'refunded') return;
  const periodEnd =
    subscription.items?.data[0]?.current_period_end ?? subscription.current_period_end ?? null;
  const isCanceled = deleted || subscription.status === 'canceled';
  await updateSubscription(tx, row.id, {
    status: isCanceled ? 'canceled' : subscription.cancel_at_period_end ? 'canceling' : 'active',
    ...(periodEnd ? { currentPeriodEnd: new Date(periodEnd * 1000) } : {}),
    canceledAt: isCanceled
      ? subscription.canceled_at
        ? new Date(subscription.canceled_at * 1000)
        : context.now()
      : null,
  });
}

async function onCheckoutExpired(
  tx: AppDb,
  context: WebhookContext,
  object: unknown,
): Promise<void> {
  const session = checkoutSessionObject.parse(object);
  const row = await findSessionRow(tx, context.provider, session.metadata, session.id);
  if (row && row.status === 'open') {
    await updateCheckoutSession(tx, row.id, { status: 'canceled' });
  }
}

/** Applies one verified provider event inside `tx`; unknown event types change nothing. */
export async function processWebhookEvent(
  tx: AppDb,
  context: WebhookContext,
  event: ProviderEvent,
  afterCommit: AfterCommit,
): Promise<void> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
      return onCheckoutCompleted(tx, context, object, afterCommit);
    case 'checkout.session.async_payment_succeeded':
      return onAsyncPayment(tx, context, object, true, afterCommit);
    case 'checkout.session.async_payment_failed':
      return onAsyncPayment(tx, context, object, false, afterCommit);
    case 'checkout.session.expired':
      return onCheckoutExpired(tx, context, object);
    case 'invoice.paid':
      return onInvoicePaid(tx, context, object, afterCommit);
    case 'charge.refunded':
      return onChargeRefunded(tx, context, object);
    case 'charge.dispute.created':
      return onDispute(tx, context, object, false);
    case 'charge.dispute.closed':
      return onDispute(tx, context, object, true);
    case 'customer.subscription.updated':
      return onSubscriptionChanged(tx, context, object, false);
    case 'customer.subscription.deleted':
      return onSubscriptionChanged(tx, context, object, true);
    default:
      return;
  }
}
