import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDb } from './database';
import { LIVE_SUBSCRIPTION_STATUSES } from './billing.repository';
import { apiKeys, billingSubscriptions, users } from './schema';

/** A stored API key (the key itself is never stored, only its hash). */
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Stores a new key of `userId`. */
export async function insertApiKey(
  db: AppDb,
  values: { userId: string; name: string; prefix: string; keyHash: string; scopes: string[] },
): Promise<ApiKeyRow> {
  const rows = await db.insert(apiKeys).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The user's active (not revoked) keys, newest first. */
export async function listActiveApiKeys(db: AppDb, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** How many active keys the user holds. */
export async function countActiveApiKeys(db: AppDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes one of the user's keys; false when there is no such active key. */
export async function revokeApiKeyRow(db: AppDb, userId: string, keyId: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** What one use of a key found: its owner and scopes, the count of its window, the owner's access. */
export interface ApiKeyUse {
  id: string;
  userId: string;
  scopes: string[];
  windowStart: Date;
  count: number;
  emailVerified: boolean;
  /** Whether the owner holds a live subscription to one of the plans with API access. */
  hasApiAccess: boolean;
}

/**
 * Checks the key by its hash and counts one request, in one statement: the row lock orders concurrent
 * requests of one key, so the count is exact across processes. A window older than `windowSeconds`
 * starts again at 1. Also stamps the last use, and reads whether the owner's e-mail is verified and
 * whether they hold a live subscription to one of `productIds`. Null when no active key has this hash.
 */
export async function useApiKey(
  db: AppDb,
  keyHash: string,
  options: { windowSeconds: number; productIds: readonly string[] },
): Promise<ApiKeyUse | null> {
  const expired = sql`${apiKeys.rateWindowStart} <= now() - make_interval(secs => ${options.windowSeconds})`;
  const rows = await db
    .update(apiKeys)
    .set({
      rateWindowStart: sql`case when ${expired} then now() else ${apiKeys.rateWindowStart} end`,
      rateCount: sql`case when ${expired} then 1 else ${apiKeys.rateCount} + 1 end`,
      lastUsedAt: sql`now()`,
    })
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .returning({
      id: apiKeys.id,
      userId: apiKeys.userId,
      scopes: apiKeys.scopes,
      windowStart: apiKeys.rateWindowStart,
      count: apiKeys.rateCount,
      // Written with table names: drizzle leaves columns unqualified in an UPDATE's RETURNING, and
      // inside a subquery an unqualified user_id would name the subquery's own column.
      emailVerified: sql<boolean>`coalesce((select u.email_verified from users u where u.id = api_keys.user_id), false)`,
      hasApiAccess: sql<boolean>`exists (select 1 from billing_subscriptions s where s.user_id = api_keys.user_id and s.status in (${sql.join(
        LIVE_SUBSCRIPTION_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}) and s.product_id in (${sql.join(
        options.productIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    });
  return rows[0] ?? null;
}

/**
 * The account behind a key as the API needs it: whether its e-mail is verified and whether it holds a
 * live subscription to one of `productIds` (the plans with API access). Null when the user is gone.
 */
export async function findApiAccount(
  db: AppDb,
  userId: string,
  productIds: readonly string[],
): Promise<{ emailVerified: boolean; hasApiAccess: boolean } | null> {
  const [user] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const [subscription] = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, userId),
        inArray(billingSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        inArray(billingSubscriptions.productId, [...productIds]),
      ),
    )
    .limit(1);
  return { emailVerified: user.emailVerified, hasApiAccess: subscription !== undefined };
}
