import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@sitelift/shared/error-codes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDb } from '../../../db/database';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from '../../../db/idempotency.repository';
import { apiCallerOf } from './api-key-auth';

/** How long an idempotency key and its answer are kept (then the key may be used again). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** A pending key older than this belongs to a request whose process died: another may take it over. */
const STALE_PENDING_SECONDS = 120;

/** Printable ASCII without spaces, as the IETF draft's examples and every client library send. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted, so that the same body always gives the same fingerprint. */
function toCanonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(toCanonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${toCanonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a POST handler answers: a status and a JSON body. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * Runs a /api/v1 POST under its `Idempotency-Key` header (issue 26), per key owner: the first request
 * with a key runs; a repeat with the same method, path and body gets the stored answer (header
 * `Idempotent-Replayed: true`) without running again, also while the first is still running (it waits
 * up to `waitMs`, then 409 API_IDEMPOTENCY_IN_PROGRESS); the same key with another request is 422
 * API_IDEMPOTENCY_KEY_REUSED. Only successful answers are kept: after an error the key is free and the
 * request may be sent again. Without the header the request simply runs.
 */
export function buildIdempotentRunner(options: { db: AppDb; waitMs?: number; pollMs?: number }) {
  const { db } = options;
  const waitMs = options.waitMs ?? 30_000;
  const pollMs = options.pollMs ?? 50;
  // First requests running in this process, by owner and key: a repeat here waits for the promise
  // instead of asking the database again and again (a repeat on another process polls, backing off).
  const running = new Map<string, Promise<unknown>>();
  return async function runIdempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<JsonAnswer>,
  ): Promise<FastifyReply> {
    const header = request.headers['idempotency-key'];
    if (header === undefined) {
      const answer = await work();
      return reply.status(answer.status).send(answer.body);
    }
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('API_IDEMPOTENCY_KEY_INVALID');
    }
    const caller = apiCallerOf(request);
    const path = request.url.split('?')[0] ?? request.url;
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${path}\n${toCanonicalJson(request.body)}`)
      .digest('hex');
    const deadline = Date.now() + waitMs;
    const runningKey = `${caller.id}\n${header}`;
    let delayMs = pollMs;
    for (;;) {
      const claim = await claimIdempotencyKey(db, {
        userId: caller.id,
        key: header,
        fingerprint,
        ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
        staleSeconds: STALE_PENDING_SECONDS,
      });
      if (claim.claimed) {
        const first = runFirst(caller.id, header, work);
        running.set(runningKey, first);
        try {
          const answer = await first;
          return await reply.status(answer.status).send(answer.body);
        } finally {
          running.delete(runningKey);
        }
      }
      const { row } = claim;
      if (row) {
        if (row.fingerprint !== fingerprint) throw new AppError('API_IDEMPOTENCY_KEY_REUSED');
        if (row.state === 'done' && row.statusCode !== null) {
          return reply
            .header('idempotent-replayed', 'true')
            .status(row.statusCode)
            .send(row.response);
        }
      }
      // Pending (the first request still runs) or just released (it failed): ask again when the
      // first ends here, or shortly when it runs elsewhere.
      if (Date.now() >= deadline) throw new AppError('API_IDEMPOTENCY_IN_PROGRESS');
      const local = running.get(runningKey);
      if (local) {
        // The timer is cancelled as soon as the first request ends.
        const timer = new AbortController();
        await Promise.race([
          local.catch(() => undefined),
          sleep(deadline - Date.now(), undefined, { signal: timer.signal }).catch(() => undefined),
        ]);
        timer.abort();
      } else {
        await sleep(Math.min(delayMs, deadline - Date.now()));
        delayMs = Math.min(delayMs * 2, 1000);
      }
    }
  };

  async function runFirst(
    userId: string,
    key: string,
    work: () => Promise<JsonAnswer>,
  ): Promise<JsonAnswer> {
    let answer: JsonAnswer;
    try {
      answer = await work();
    } catch (error) {
      await releaseIdempotencyKey(db, userId, key);
      throw error;
    }
    // Stored as the client receives it (dates as strings), so a replay is the same bytes.
    const stored: unknown = JSON.parse(JSON.stringify(answer.body ?? null));
    await completeIdempotencyKey(db, userId, key, { statusCode: answer.status, response: stored });
    return answer;
  }
}
