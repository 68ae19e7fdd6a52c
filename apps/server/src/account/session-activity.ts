import type { Logger } from 'pino';
import { touchSession } from '../db/account.repository';
import type { AppDb } from '../db/database';

/** A session's "last active" time is written at most this often. */
export const SESSION_ACTIVITY_INTERVAL_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * Records that sessions made requests, at most once a minute per session and process, without
 * holding the request up (a failed write is logged and tried again on a later request).
 */
export function createSessionActivityRecorder(db: AppDb, logger: Logger, now = Date.now) {
  const lastWritten = new Map<string, number>();
  return (sessionId: string) => {
    const at = now();
    const last = lastWritten.get(sessionId);
    if (last !== undefined && at - last < SESSION_ACTIVITY_INTERVAL_MS) return;
    if (lastWritten.size >= MAX_TRACKED) lastWritten.clear();
    lastWritten.set(sessionId, at);
    touchSession(db, sessionId, new Date(at)).catch((error: unknown) => {
      lastWritten.delete(sessionId);
      logger.warn({ err: error }, 'could not record session activity');
    });
  };
}
