import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppDb } from './database';
import { parseChangeNotice, type ChangeNotice } from './notify';
import { realtimeEvents } from './schema';

/** One recorded change with its event id. */
export interface RealtimeEvent {
  id: number;
  notice: ChangeNotice;
}

/** A user's recorded changes after `afterId`, oldest first (at most `limit`). */
export async function listRealtimeEvents(
  db: AppDb,
  userId: string,
  options: { afterId: number; limit: number },
): Promise<RealtimeEvent[]> {
  const rows = await db
    .select({ id: realtimeEvents.id, notice: realtimeEvents.notice })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.userId, userId), gt(realtimeEvents.id, options.afterId)))
    .orderBy(asc(realtimeEvents.id))
    .limit(options.limit);
  const events: RealtimeEvent[] = [];
  for (const row of rows) {
    const notice = parseChangeNotice(JSON.stringify(row.notice));
    if (notice) events.push({ id: row.id, notice });
  }
  return events;
}

/** The id of a user's newest recorded change, 0 when there is none. */
export async function findLatestRealtimeEventId(db: AppDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.userId, userId))
    .orderBy(desc(realtimeEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Deletes recorded changes older than `retentionMs`. */
export async function deleteRealtimeEventsBefore(db: AppDb, retentionMs: number): Promise<void> {
  await db
    .delete(realtimeEvents)
    .where(lt(realtimeEvents.createdAt, sql`now() - make_interval(secs => ${retentionMs / 1000})`));
}
