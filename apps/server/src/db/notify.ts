import { sql } from 'drizzle-orm';
import type { JobStatus } from '@sitelift/shared/schemas/job';
import type { AppDb } from './database';

/**
 * Change notices sent with NOTIFY so that every process (web and worker) learns about changes. The
 * payloads stay small (ids and a status); listeners read the rows from the tables.
 */

/** Channel of project and job changes (consumed by GET /api/events). */
export const CHANGES_CHANNEL = 'sitelift_changes';
/** Channel of new log lines (consumed by GET /logs/:jobId/stream). */
export const LOGS_CHANNEL = 'sitelift_logs';

/** Channel that tells every web process to clear its session cache (auth/session-cache.ts). */
export const SESSIONS_CHANNEL = 'sitelift_sessions';

/** A project or job changed. */
export type ChangeNotice =
  | { kind: 'project'; op: 'INSERT' | 'UPDATE' | 'DELETE'; userId: string; projectId: string }
  | { kind: 'job'; userId: string; projectId: string; jobId: string; status: JobStatus };

/** A change as NOTIFY carries it: with the id of its realtime_events row (the SSE event id). */
export type ChangeNoticeWithId = ChangeNotice & { eventId?: number };

/** New log lines of a job up to `lastId` were committed (or the job ended: `lastId` 0). */
export interface LogNotice {
  jobId: string;
  lastId: number;
}

/**
 * Records the change in realtime_events and NOTIFYs it with that row's id, in one statement inside the
 * caller's transaction: both happen when (and only if) it commits. The id lets `GET /api/events` clients
 * resume with Last-Event-ID (realtime/realtime-hub.ts).
 */
export async function notifyChange(db: AppDb, notice: ChangeNotice): Promise<void> {
  const json = JSON.stringify(notice);
  await db.execute(sql`
    with event as (
      insert into realtime_events (user_id, notice) values (${notice.userId}, ${json}::jsonb)
      returning id
    )
    select pg_notify(${CHANGES_CHANNEL}, (${json}::jsonb || jsonb_build_object('eventId', event.id))::text)
    from event`);
}

/** NOTIFY of new log lines inside the caller's transaction. */
export async function notifyLogs(db: AppDb, notice: LogNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${LOGS_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** Tells every process that sessions or users may have changed (outside any transaction). */
export async function notifySessionsChanged(db: AppDb): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, '')`);
}

/** Parses a change notice; undefined when the payload is not one. */
export function parseChangeNotice(payload: string): ChangeNoticeWithId | undefined {
  try {
    const value = JSON.parse(payload) as Partial<ChangeNoticeWithId>;
    if (value.kind === 'project' || value.kind === 'job') return value as ChangeNoticeWithId;
  } catch {
    // not ours
  }
  return undefined;
}

/** Parses a log notice; undefined when the payload is not one. */
export function parseLogNotice(payload: string): LogNotice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<LogNotice>;
    if (typeof value.jobId === 'string' && typeof value.lastId === 'number') {
      return { jobId: value.jobId, lastId: value.lastId };
    }
  } catch {
    // not ours
  }
  return undefined;
}
