import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppDb } from './database';
import { idempotencyKeys } from './schema';

/** A stored idempotency key with the answer of its first request once it is done. */
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Claims `key` for `userId`'s request: inserts a pending row, or takes over one that expired or whose
 * first request has been pending longer than `staleSeconds` (its process died). Returns
 * `{ claimed: true }`, or the row that holds the key. Concurrent claims of one key are ordered by its
 * primary key: exactly one gets `claimed`.
 */
export async function claimIdempotencyKey(
  db: AppDb,
  values: {
    userId: string;
    key: string;
    fingerprint: string;
    ttlSeconds: number;
    staleSeconds: number;
  },
): Promise<{ claimed: true } | { claimed: false; row: IdempotencyRow | null }> {
  const expiresAt = sql`now() + make_interval(secs => ${values.ttlSeconds})`;
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      userId: values.userId,
      key: values.key,
      fingerprint: values.fingerprint,
      state: 'pending',
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        fingerprint: values.fingerprint,
        state: 'pending',
        statusCode: null,
        response: null,
        createdAt: sql`now()`,
        expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now() or (${idempotencyKeys.state} = 'pending' and ${idempotencyKeys.createdAt} <= now() - make_interval(secs => ${values.staleSeconds}))`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { claimed: true };
  return { claimed: false, row: await findIdempotencyKey(db, values.userId, values.key) };
}

/** The row of `userId`'s key, or null. */
export async function findIdempotencyKey(
  db: AppDb,
  userId: string,
  key: string,
): Promise<IdempotencyRow | null> {
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return rows[0] ?? null;
}

/** Keeps the answer of the key's first request for repeats. */
export async function completeIdempotencyKey(
  db: AppDb,
  userId: string,
  key: string,
  answer: { statusCode: number; response: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', statusCode: answer.statusCode, response: answer.response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Frees a pending key whose request failed, so that it can be sent again. */
export async function releaseIdempotencyKey(db: AppDb, userId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'pending'),
      ),
    );
}

/** Deletes expired keys; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: AppDb): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
