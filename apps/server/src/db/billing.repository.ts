import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { AppDb } from './database';
import {
  billingCheckoutSessions,
  billingCustomers,
  billingEntities,
  billingPayments,
  billingSubscriptions,
  billingWebhookEvents,
  creditLedger,
  jobs,
  referralCodes,
  referralRedemptions,
} from './schema';

// SQL of the billing tables (issue 13). Every read of user data takes the user id.

export type CustomerRow = typeof billingCustomers.$inferSelect;
export type CheckoutSessionRow = typeof billingCheckoutSessions.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type PaymentRow = typeof billingPayments.$inferSelect;
export type EntityRow = typeof billingEntities.$inferSelect;
export type ReferralCodeRow = typeof referralCodes.$inferSelect;

/** Subscription statuses that still belong to the customer ('canceling' ends at period end). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'canceling'] as const;

/** The user's billing customer, if one was created. */
export async function findCustomer(db: AppDb, userId: string): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return rows[0];
}

/** Saves the user's provider customer (replacing one of another provider). */
export async function upsertCustomer(
  db: AppDb,
  values: { userId: string; provider: string; providerCustomerId: string; name: string | null },
): Promise<void> {
  await db
    .insert(billingCustomers)
    .values(values)
    .onConflictDoUpdate({
      target: billingCustomers.userId,
      set: { provider: values.provider, providerCustomerId: values.providerCustomerId },
    });
}

/** How long an unpaid checkout holds its founder seat (Stripe expires a checkout after 24 hours). */
export const CHECKOUT_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * Founder seats taken (the founder price is for the first 250 subscriptions): every subscription ever
 * sold, plus the subscription checkouts at the founder price still open or awaiting their payment, which
 * hold a seat for a day so that the price the buyer was shown is the price charged.
 */
export async function countSubscriptionsSold(db: AppDb, now = new Date()): Promise<number> {
  const sold = await db.select({ n: sql<number>`count(*)::int` }).from(billingSubscriptions);
  const held = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingCheckoutSessions)
    .where(
      and(
        inArray(billingCheckoutSessions.status, ['open', 'pending']),
        isNotNull(billingCheckoutSessions.interval),
        eq(billingCheckoutSessions.isFounderPrice, true),
        gte(billingCheckoutSessions.createdAt, new Date(now.getTime() - CHECKOUT_HOLD_MS)),
      ),
    );
  return Number(sold[0]?.n ?? 0) + Number(held[0]?.n ?? 0);
}

/** The advisory-lock key of the founder seats (any constant shared by every process). */
const FOUNDER_SEATS_LOCK = 0x517ef00d;

/**
 * Serialises the taking of founder seats until the transaction ends (PostgreSQL advisory lock), so
 * buyers who start at the same moment around the 250th are counted one after the other.
 */
export async function lockFounderSeats(tx: AppDb): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FOUNDER_SEATS_LOCK})`);
}

/** The user's open checkout of `productId` started since `since`, if any (handed out again). */
export async function findOpenCheckoutSession(
  db: AppDb,
  userId: string,
  productId: string,
  since: Date,
): Promise<CheckoutSessionRow | undefined> {
  const rows = await db
    .select()
    .from(billingCheckoutSessions)
    .where(
      and(
        eq(billingCheckoutSessions.userId, userId),
        eq(billingCheckoutSessions.productId, productId),
        eq(billingCheckoutSessions.status, 'open'),
        isNotNull(billingCheckoutSessions.url),
        gte(billingCheckoutSessions.createdAt, since),
      ),
    )
    .orderBy(desc(billingCheckoutSessions.createdAt))
    .limit(1);
  return rows[0];
}

/** Records a checkout session we started. */
export async function insertCheckoutSession(
  db: AppDb,
  values: typeof billingCheckoutSessions.$inferInsert,
): Promise<void> {
  await db.insert(billingCheckoutSessions).values(values);
}

/** Changes a checkout session. */
export async function updateCheckoutSession(
  db: AppDb,
  id: string,
  values: Partial<typeof billingCheckoutSessions.$inferInsert>,
): Promise<void> {
  await db.update(billingCheckoutSessions).set(values).where(eq(billingCheckoutSessions.id, id));
}

/** A checkout session by our id (webhooks: the id comes from the signed event's metadata). */
export async function findCheckoutSession(
  db: AppDb,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  const rows = await db
    .select()
    .from(billingCheckoutSessions)
    .where(eq(billingCheckoutSessions.id, id));
  return rows[0];
}

/** A checkout session by the provider's id. */
export async function findCheckoutSessionByProviderId(
  db: AppDb,
  provider: string,
  providerSessionId: string,
): Promise<CheckoutSessionRow | undefined> {
  const rows = await db
    .select()
    .from(billingCheckoutSessions)
    .where(
      and(
        eq(billingCheckoutSessions.provider, provider),
        eq(billingCheckoutSessions.providerSessionId, providerSessionId),
      ),
    );
  return rows[0];
}

/** The user's checkout session `id`, or undefined (another user's is undefined too). */
export async function findCheckoutSessionForUser(
  db: AppDb,
  userId: string,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  const rows = await db
    .select()
    .from(billingCheckoutSessions)
    .where(and(eq(billingCheckoutSessions.id, id), eq(billingCheckoutSessions.userId, userId)));
  return rows[0];
}

/**
 * Inserts a subscription unless the provider's id is known; returns the row either way, and whether
 * this call created it.
 */
export async function ensureSubscriptionRow(
  db: AppDb,
  values: typeof billingSubscriptions.$inferInsert,
): Promise<{ row: SubscriptionRow; created: boolean }> {
  const inserted = await db
    .insert(billingSubscriptions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: billingSubscriptions.id });
  const row = await findSubscriptionByProviderId(
    db,
    values.provider,
    values.providerSubscriptionId,
  );
  if (!row) throw new Error('subscription row missing after insert');
  return { row, created: inserted.length > 0 };
}

/** A subscription by the provider's id. */
export async function findSubscriptionByProviderId(
  db: AppDb,
  provider: string,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.provider, provider),
        eq(billingSubscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return rows[0];
}

/** The user's subscription `id`. */
export async function findSubscriptionForUser(
  db: AppDb,
  userId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.id, id), eq(billingSubscriptions.userId, userId)));
  return rows[0];
}

/** Changes a subscription. */
export async function updateSubscription(
  db: AppDb,
  id: string,
  values: Partial<typeof billingSubscriptions.$inferInsert>,
): Promise<void> {
  await db.update(billingSubscriptions).set(values).where(eq(billingSubscriptions.id, id));
}

/** The user's subscriptions, newest first. */
export async function listSubscriptionsForUser(
  db: AppDb,
  userId: string,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(desc(billingSubscriptions.createdAt));
}

/** The user's live subscriptions (active or ending at period end), newest first. */
export async function listLiveSubscriptionsForUser(
  db: AppDb,
  userId: string,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, userId),
        inArray(billingSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .orderBy(desc(billingSubscriptions.createdAt));
}

/** Records a payment unless its key is known. Returns true when it was new. */
export async function insertPayment(
  db: AppDb,
  values: typeof billingPayments.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(billingPayments)
    .values(values)
    .onConflictDoNothing({ target: billingPayments.paymentKey })
    .returning({ id: billingPayments.id });
  return rows.length > 0;
}

/** Changes a payment by its key. */
export async function updatePaymentByKey(
  db: AppDb,
  paymentKey: string,
  values: Partial<typeof billingPayments.$inferInsert>,
): Promise<void> {
  await db.update(billingPayments).set(values).where(eq(billingPayments.paymentKey, paymentKey));
}

/** The payments of a subscription, oldest first. */
export async function listPaymentsForSubscription(
  db: AppDb,
  subscriptionId: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(billingPayments)
    .where(eq(billingPayments.subscriptionId, subscriptionId))
    .orderBy(asc(billingPayments.paidAt), asc(billingPayments.id));
}

/** A payment by the provider's payment intent (refunds and disputes made outside the app name it). */
export async function findPaymentByPaymentIntent(
  db: AppDb,
  provider: string,
  paymentIntentId: string,
): Promise<PaymentRow | undefined> {
  const rows = await db
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.provider, provider),
        eq(billingPayments.providerPaymentIntentId, paymentIntentId),
      ),
    );
  return rows[0];
}

/**
 * Claims a payment for a refund: sets `refunded_at` unless it is set already. False when another
 * refund (the guarantee, or one made in the provider's dashboard) got there first.
 */
export async function claimPaymentRefund(db: AppDb, paymentId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(billingPayments)
    .set({ refundedAt: at })
    .where(and(eq(billingPayments.id, paymentId), isNull(billingPayments.refundedAt)))
    .returning({ id: billingPayments.id });
  return rows.length > 0;
}

/** True when any payment of the user was refunded (the 14-day guarantee is given once per customer). */
export async function hasRefundedPayment(db: AppDb, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: billingPayments.id })
    .from(billingPayments)
    .where(and(eq(billingPayments.userId, userId), isNotNull(billingPayments.refundedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Credits already taken back for entries whose idempotency key starts with `prefix`. */
export async function sumCreditsRemovedByKeyPrefix(
  db: AppDb,
  userId: string,
  prefix: string,
): Promise<number> {
  const rows = await db
    .select({ net: sql<string | number>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), like(creditLedger.idempotencyKey, `${prefix}%`)));
  return Math.max(0, -Number(rows[0]?.net ?? 0));
}

/** Marks a provider event processed. False when it already was (the event is then skipped). */
export async function markWebhookEventProcessed(
  db: AppDb,
  eventId: string,
  type: string,
): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values({ eventId, type })
    .onConflictDoNothing({ target: billingWebhookEvents.eventId })
    .returning({ eventId: billingWebhookEvents.eventId });
  return rows.length > 0;
}

/**
 * Credits the user spent since `since`, net of the refunds of failed jobs: what a refunded
 * subscription period may no longer take back.
 */
export async function sumCreditsSpentSince(
  db: AppDb,
  userId: string,
  since: Date,
): Promise<number> {
  const rows = await db
    .select({ net: sql<string | number>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        gte(creditLedger.createdAt, since),
        inArray(creditLedger.reason, ['project', 'retry', 'rerun', 'refund']),
      ),
    );
  return Math.max(0, -Number(rows[0]?.net ?? 0));
}

/** Creates an entity; false when the user already has one with this id. */
export async function insertEntity(
  db: AppDb,
  values: typeof billingEntities.$inferInsert,
): Promise<EntityRow | undefined> {
  const rows = await db.insert(billingEntities).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** The user's entity `entityId`. */
export async function findEntity(
  db: AppDb,
  userId: string,
  entityId: string,
): Promise<EntityRow | undefined> {
  const rows = await db
    .select()
    .from(billingEntities)
    .where(and(eq(billingEntities.userId, userId), eq(billingEntities.entityId, entityId)));
  return rows[0];
}

/** Deletes the user's entity; false when there was none. */
export async function deleteEntity(db: AppDb, userId: string, entityId: string): Promise<boolean> {
  const rows = await db
    .delete(billingEntities)
    .where(and(eq(billingEntities.userId, userId), eq(billingEntities.entityId, entityId)))
    .returning({ entityId: billingEntities.entityId });
  return rows.length > 0;
}

/** The user's referral code. */
export async function findReferralCodeForUser(
  db: AppDb,
  userId: string,
): Promise<ReferralCodeRow | undefined> {
  const rows = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
  return rows[0];
}

/** Saves a referral code for the user unless it has one; false when the code or user was taken. */
export async function insertReferralCode(
  db: AppDb,
  userId: string,
  code: string,
): Promise<boolean> {
  const rows = await db
    .insert(referralCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return rows.length > 0;
}

/** The owner of a referral code. */
export async function findReferralCode(
  db: AppDb,
  code: string,
): Promise<ReferralCodeRow | undefined> {
  const rows = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  return rows[0];
}

/** How many accounts redeemed the user's code. */
export async function countRedemptionsOfReferrer(db: AppDb, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referralRedemptions)
    .where(eq(referralRedemptions.referrerUserId, userId));
  return Number(rows[0]?.n ?? 0);
}

/** True when the user has redeemed a code. */
export async function hasRedeemedReferral(db: AppDb, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: referralRedemptions.id })
    .from(referralRedemptions)
    .where(eq(referralRedemptions.redeemerUserId, userId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records a redemption; undefined when the redeemer, or another account of the same mailbox, already
 * redeemed one (unique per account and per mailbox).
 */
export async function insertRedemption(
  db: AppDb,
  values: { code: string; referrerUserId: string; redeemerUserId: string; redeemerMailbox: string },
): Promise<number | undefined> {
  const rows = await db
    .insert(referralRedemptions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: referralRedemptions.id });
  return rows[0]?.id;
}

/** The redemption of `redeemerUserId` whose referrer has not been credited yet. */
export async function findUncreditedRedemption(db: AppDb, redeemerUserId: string) {
  const rows = await db
    .select()
    .from(referralRedemptions)
    .where(
      and(
        eq(referralRedemptions.redeemerUserId, redeemerUserId),
        eq(referralRedemptions.referrerCredited, false),
      ),
    );
  return rows[0];
}

/** How many of the referrer's redemptions earned the referrer a credit. */
export async function countCreditedRedemptions(db: AppDb, referrerUserId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referralRedemptions)
    .where(
      and(
        eq(referralRedemptions.referrerUserId, referrerUserId),
        eq(referralRedemptions.referrerCredited, true),
      ),
    );
  return Number(rows[0]?.n ?? 0);
}

/** Marks a redemption qualified (and its referrer credited when `credited`). */
export async function markRedemptionQualified(
  db: AppDb,
  id: number,
  values: { qualifiedAt: Date; credited: boolean },
): Promise<void> {
  await db
    .update(referralRedemptions)
    .set({ qualifiedAt: values.qualifiedAt, referrerCredited: values.credited })
    .where(eq(referralRedemptions.id, id));
}

/** True when the user has paid once or has a completed job: what makes a referral count. */
export async function hasPaidOrCompleted(db: AppDb, userId: string): Promise<boolean> {
  const paid = await db
    .select({ id: billingPayments.id })
    .from(billingPayments)
    .where(eq(billingPayments.userId, userId))
    .limit(1);
  if (paid.length > 0) return true;
  const completed = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.status, 'COMPLETED')))
    .limit(1);
  return completed.length > 0;
}

/**
 * The products the user holds or paid for and kept: live subscriptions and payments not refunded
 * (issue 24: a plan's page limit stays with the credits it paid for).
 */
export async function listPaidProductIds(db: AppDb, userId: string): Promise<string[]> {
  const [subscriptions, payments] = await Promise.all([
    listLiveSubscriptionsForUser(db, userId),
    db
      .selectDistinct({ productId: billingPayments.productId })
      .from(billingPayments)
      .where(and(eq(billingPayments.userId, userId), isNull(billingPayments.refundedAt))),
  ]);
  return [
    ...new Set([
      ...subscriptions.map((row) => row.productId),
      ...payments.map((row) => row.productId),
    ]),
  ];
}
