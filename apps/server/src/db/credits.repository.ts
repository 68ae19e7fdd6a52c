import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { CreditEntry } from '@sitelift/shared/schemas/credits';
import type { AppDb } from './database';
import { creditLedger, projects, users } from './schema';

/** Credits every new account receives (DESIGN.md §3: 'Modernize Your First Site for Free'). */
export const SIGNUP_CREDITS = 1;

/** A ledger entry to book; `idempotencyKey` makes booking it twice a no-op. */
export interface LedgerEntryInput {
  userId: string;
  idempotencyKey: string;
  delta: number;
  reason: CreditEntry['reason'];
  projectId?: string | null;
  jobId?: string | null;
  /** A product id or referral code the entry is about. */
  detail?: string | null;
}

/** Books an entry unless one with the same idempotency key exists. Returns true when it was booked. */
export async function bookLedgerEntry(db: AppDb, entry: LedgerEntryInput): Promise<boolean> {
  const rows = await db
    .insert(creditLedger)
    .values({
      userId: entry.userId,
      idempotencyKey: entry.idempotencyKey,
      delta: entry.delta,
      reason: entry.reason,
      projectId: entry.projectId ?? null,
      jobId: entry.jobId ?? null,
      detail: entry.detail ?? null,
    })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  return rows.length > 0;
}

/** Gives the sign-up credit (once per user: key `signup:<userId>`). */
export async function grantSignupCredit(db: AppDb, userId: string): Promise<boolean> {
  return bookLedgerEntry(db, {
    userId,
    idempotencyKey: `signup:${userId}`,
    delta: SIGNUP_CREDITS,
    reason: 'signup',
  });
}

/** The user's balance: the sum of the ledger. */
export async function getCreditBalance(db: AppDb, userId: string): Promise<number> {
  const rows = await db
    .select({ balance: sql<string | number>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(rows[0]?.balance ?? 0);
}

/** Locks the user's row until the transaction ends, so two debits of one user run one after the other. */
export async function lockUserForCredits(tx: AppDb, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows.length > 0;
}

/**
 * The user's entries, newest first: `limit` of them older than entry `before` (paging), each with the
 * name of its project (the live name, or the one kept when the project was deleted).
 */
export async function listCreditEntries(
  db: AppDb,
  userId: string,
  limit = 50,
  before?: number,
): Promise<CreditEntry[]> {
  const rows = await db
    .select({ entry: creditLedger, liveName: projects.name })
    .from(creditLedger)
    .leftJoin(
      projects,
      and(eq(projects.id, creditLedger.projectId), eq(projects.userId, creditLedger.userId)),
    )
    .where(
      and(
        eq(creditLedger.userId, userId),
        before === undefined ? undefined : lt(creditLedger.id, before),
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(limit);
  return rows.map(({ entry: row, liveName }) => ({
    id: row.id,
    delta: row.delta,
    reason: row.reason as CreditEntry['reason'],
    project_id: row.projectId,
    project_name: liveName ?? row.projectName,
    job_id: row.jobId,
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Keeps a project's name on its ledger entries before the project is deleted. */
export async function keepProjectNameOnLedger(
  db: AppDb,
  userId: string,
  projectId: string,
  name: string,
): Promise<void> {
  await db
    .update(creditLedger)
    .set({ projectName: name })
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.projectId, projectId)));
}

/** True when an entry with this key exists (tests and the bench check refunds with it). */
export async function hasLedgerEntry(db: AppDb, idempotencyKey: string): Promise<boolean> {
  const rows = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.idempotencyKey, idempotencyKey)))
    .limit(1);
  return rows.length > 0;
}
