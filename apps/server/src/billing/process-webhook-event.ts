import { findBillingProduct, type BillingProduct } from '@sitelift/shared/billing/plans';
import { z } from 'zod';
import {
  ensureSubscriptionRow,
  findCheckoutSession,
  findCheckoutSessionByProviderId,
  findSubscriptionByProviderId,
  findSubscriptionForUser,
  insertPayment,
  updateCheckoutSession,
  updatePaymentByKey,
  updateSubscription,
  type CheckoutSessionRow,
  type SubscriptionRow,
} from '../db/billing.repository';
import { bookLedgerEntry } from '../db/credits.repository';
import type { AppDb } from '../db/database';
import type { ProviderEvent } from './billing-provider';

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

async function subscriptionFromSession(
  tx: AppDb,
  provider: string,
  session: CheckoutSessionRow,
  providerSubscriptionId: string,
): Promise<SubscriptionRow> {
  const product = productOf(session);
  return ensureSubscriptionRow(tx, {
    userId: session.userId,
    provider,
    providerSubscriptionId,
    checkoutSessionId: session.id,
    productId: product.productId,
    interval: product.interval ?? 'month',
    amount: session.amount,
    currency: session.currency,
    isFounderPrice: session.isFounderPrice,
  });
}

/** Books a paid subscription invoice once: the payment row and the period's credits. */
async function recordInvoicePaid(
  tx: AppDb,
  subscription: SubscriptionRow,
  invoice: {
    id: string;
    amount: number;
    currency: string;
    paymentIntentId: string | null;
    periodEnd: Date | null;
    paidAt: Date;
  },
): Promise<void> {
  const product = productOf(subscription);
  const paymentKey = `invoice:${invoice.id}`;
  const ledgerKey = `subscription:${invoice.id}`;
  const isNew = await insertPayment(tx, {
    userId: subscription.userId,
    provider: subscription.provider,
    paymentKey,
    subscriptionId: subscription.id,
    productId: product.productId,
    providerInvoiceId: invoice.id,
    providerPaymentIntentId: invoice.paymentIntentId,
    amount: invoice.amount,
    currency: invoice.currency,
    credits: product.credits,
    ledgerKey,
    paidAt: invoice.paidAt,
  });
  if (!isNew && invoice.paymentIntentId) {
    await updatePaymentByKey(tx, paymentKey, { providerPaymentIntentId: invoice.paymentIntentId });
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
  now(): Date;
}

async function onCheckoutCompleted(
  tx: AppDb,
  context: WebhookContext,
  object: unknown,
  afterCommit: AfterCommit,
): Promise<void> {
  const session = checkoutSessionObject.parse(object);
  const row = await findSessionRow(tx, context.provider, session.metadata, session.id);
  if (!row) {
    // Sessions of other software on the same Stripe account carry no id of ours: not for us. One that
    // names ours but is unknown fails, so the provider sends it again.
    if (!session.metadata?.checkout_session_id) return;
    throw new Error(`checkout session ${session.id} names an unknown session of ours`);
  }
  const product = productOf(row);
  const now = context.now();
  if (row.status !== 'complete') {
    await updateCheckoutSession(tx, row.id, { status: 'complete', completedAt: now });
  }
  if (session.mode === 'payment') {
    const ledgerKey = `purchase:${row.id}`;
    await insertPayment(tx, {
      userId: row.userId,
      provider: context.provider,
      paymentKey: `checkout:${row.id}`,
      productId: product.productId,
      providerPaymentIntentId: session.payment_intent,
      amount: session.amount_total ?? row.amount,
      currency: session.currency ?? row.currency,
      credits: product.credits,
      ledgerKey,
      paidAt: now,
    });
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
    context.provider,
    row,
    session.subscription,
  );
  if (session.invoice) {
    await recordInvoicePaid(tx, subscription, {
      id: session.invoice,
      amount: session.amount_total ?? row.amount,
      currency: session.currency ?? row.currency,
      paymentIntentId: null,
      periodEnd: null,
      paidAt: now,
    });
  }
  if (row.replacesSubscriptionId) {
    const replaced = await findSubscriptionForUser(tx, row.userId, row.replacesSubscriptionId);
    if (replaced && replaced.status === 'active') {
      await updateSubscription(tx, replaced.id, { status: 'canceling' });
      afterCommit.push(async () => {
        await context.cancelAtPeriodEnd(replaced.providerSubscriptionId);
      });
    }
  }
}

async function onInvoicePaid(tx: AppDb, context: WebhookContext, object: unknown): Promise<void> {
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
    subscription = await subscriptionFromSession(tx, context.provider, row, providerSubscriptionId);
  }
  const period = invoice.lines?.data[0]?.period;
  await recordInvoicePaid(tx, subscription, {
    id: invoice.id,
    amount: invoice.amount_paid,
    currency: invoice.currency,
    paymentIntentId:
      invoice.payments?.data[0]?.payment.payment_intent ?? invoice.payment_intent ?? null,
    periodEnd: period ? new Date(period.end * 1000) : null,
    paidAt: invoice.created ? new Date(invoice.created * 1000) : context.now(),
  });
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
    case 'checkout.session.expired':
      return onCheckoutExpired(tx, context, object);
    case 'invoice.paid':
      return onInvoicePaid(tx, context, object);
    case 'customer.subscription.updated':
      return onSubscriptionChanged(tx, context, object, false);
    case 'customer.subscription.deleted':
      return onSubscriptionChanged(tx, context, object, true);
    default:
      return;
  }
}
