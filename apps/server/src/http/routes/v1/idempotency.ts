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
    for (;;) {
      const claim = await claimIdempotencyKey(db, {
        userId: caller.id,
        key: header,
        fingerprint,
        ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
        staleSeconds: STALE_PENDING_SECONDS,
      });
      if (claim.claimed) {
        let answer: JsonAnswer;
        try {
          answer = await work();
        } catch (error) {
          await releaseIdempotencyKey(db, caller.id, header);
          throw error;
        }
        // Stored as the client receives it (dates as strings), so a replay is the same bytes.
        const stored: unknown = JSON.parse(JSON.stringify(answer.body ?? null));
        await completeIdempotencyKey(db, caller.id, header, {
          statusCode: answer.status,
          response: stored,
        });
        return reply.status(answer.status).send(answer.body);
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
      // Pending (the first request still runs) or just released (it failed): ask again shortly.
      if (Date.now() >= deadline) throw new AppError('API_IDEMPOTENCY_IN_PROGRESS');
      await sleep(pollMs);
    }
  };
}
