import { desc, eq } from 'drizzle-orm';
import type { AppDb } from './database';
import {
  billingPayments,
  billingSubscriptions,
  githubTokens,
  knownDevices,
  passkeys,
  sessions,
  userAiSettings,
} from './schema';

/**
 * The rest of what an export holds about a user: purchases, connections, devices and passkeys (their
 * names and dates, not their keys), no secrets.
 */
export async function listAccountRecords(db: AppDb, userId: string) {
  const [payments, subscriptions, github, ai, signedIn, devices, keys] = await Promise.all([
    db
      .select({
        product_id: billingPayments.productId,
        amount: billingPayments.amount,
        currency: billingPayments.currency,
        credits: billingPayments.credits,
        paid_at: billingPayments.paidAt,
        refunded_at: billingPayments.refundedAt,
      })
      .from(billingPayments)
      .where(eq(billingPayments.userId, userId))
      .orderBy(desc(billingPayments.paidAt)),
    db
      .select({
        product_id: billingSubscriptions.productId,
        interval: billingSubscriptions.interval,
        amount: billingSubscriptions.amount,
        currency: billingSubscriptions.currency,
        status: billingSubscriptions.status,
        current_period_end: billingSubscriptions.currentPeriodEnd,
        created_at: billingSubscriptions.createdAt,
        canceled_at: billingSubscriptions.canceledAt,
      })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, userId))
      .orderBy(desc(billingSubscriptions.createdAt)),
    db
      .select({
        github_username: githubTokens.githubUsername,
        github_email: githubTokens.githubEmail,
        is_active: githubTokens.isActive,
        created_at: githubTokens.createdAt,
      })
      .from(githubTokens)
      .where(eq(githubTokens.userId, userId)),
    db
      .select({
        provider: userAiSettings.provider,
        model: userAiSettings.model,
        base_url: userAiSettings.baseUrl,
        updated_at: userAiSettings.updatedAt,
      })
      .from(userAiSettings)
      .where(eq(userAiSettings.userId, userId)),
    db
      .select({
        user_agent: sessions.userAgent,
        ip_address: sessions.ipAddress,
        created_at: sessions.createdAt,
        last_active_at: sessions.lastActiveAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({ first_seen_at: knownDevices.firstSeenAt, last_seen_at: knownDevices.lastSeenAt })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId)),
    db
      .select({
        name: passkeys.name,
        device_type: passkeys.deviceType,
        backed_up: passkeys.backedUp,
        created_at: passkeys.createdAt,
        last_used_at: passkeys.lastUsedAt,
      })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(passkeys.createdAt),
  ]);
  return {
    payments,
    subscriptions,
    github_connection: github[0] ?? null,
    ai_settings: ai[0] ?? null,
    sessions: signedIn,
    known_devices: devices,
    passkeys: keys,
  };
}
