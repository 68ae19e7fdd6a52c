import { guardedFetch } from '@sitelift/engine';
import { isAppError } from '@sitelift/shared/error-codes';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import type { AppDb } from '../db/database';
import {
  claimDueDeliveries,
  findEndpointsByIds,
  recordDeliveryAttempt,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from '../db/webhooks.repository';
import type { TokenCipher } from '../github/token-crypto';

/**
 * Delays between attempts after a failure (Standard Webhooks' suggested schedule, cut to 24 hours):
 * at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 6 h 25 min — eight attempts, the last about
 * 24 hours after the first. A delivery that fails them all ends `failed` (the log offers Redeliver).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
  6 * 3600_000 + 25 * 60_000,
];

/** How the dispatcher runs; tests shorten the delays and drive the clock. */
export interface WebhookDispatchOptions {
  retryDelaysMs: number[];
  /** Deliveries sent at once by one dispatcher (also its bound on rows held in memory). */
  concurrency: number;
  /** How often due deliveries are looked for (new and retried ones alike). */
  pollIntervalMs: number;
  /** How long one attempt may take before it counts as failed. */
  timeoutMs: number;
  /** The clock that decides what is due and when the next attempt is (ms since the epoch). */
  now: () => number;
}

/** The defaults: 32 at once (one slow receiver must not hold up retries), a look every second, 15 s per attempt, the real clock. */
export const DEFAULT_WEBHOOK_DISPATCH: WebhookDispatchOptions = {
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  concurrency: 32,
  pollIntervalMs: 1000,
  timeoutMs: 15_000,
  now: () => Date.now(),
};

/** A running dispatcher. */
export interface WebhookDispatcher {
  /** Looks for due deliveries now (after an event was queued in this process). */
  wake(): void;
  /** Resolves when nothing is in flight and nothing is due (tests, the bench). */
  idle(): Promise<void>;
  /** Attempts finished since the start (the bench reads it). */
  readonly attemptsMade: number;
  stop(): Promise<void>;
}

/** What the dispatcher needs. */
export interface WebhookDispatcherDeps {
  db: AppDb;
  cipher: TokenCipher;
  allowPrivateUrls: boolean;
  logger: Logger;
  options?: Partial<WebhookDispatchOptions>;
}

/** The value of `webhook-signature`: the current secret's signature, and the previous one's in its grace. */
function signatureFor(
  endpoint: WebhookEndpointRecord,
  cipher: TokenCipher,
  message: { id: string; timestamp: Date; body: string },
): string {
  const secrets = [endpoint.secret];
  if (
    endpoint.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt.getTime() > message.timestamp.getTime()
  ) {
    secrets.push(endpoint.previousSecret);
  }
  return secrets
    .map((stored) =>
      new Webhook(cipher.decrypt(stored)).sign(message.id, message.timestamp, message.body),
    )
    .join(' ');
}

/** Why an attempt failed, in words for the delivery log (never a secret, never the body). */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `No answer within ${Math.round(timeoutMs / 1000)} s.`;
  }
  if (isAppError(error) && error.code === 'ENGINE_FETCH_URL_REFUSED') {
    return 'Refused: the receiver resolves to a private, loopback or link-local address.';
  }
  if (isAppError(error)) return error.message;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'Connection refused.';
  if (code === 'ENOTFOUND') return 'The receiver’s name could not be found.';
  if (error instanceof TypeError && /redirect/i.test(String(cause?.message ?? error.message))) {
    return 'The receiver answered with a redirect; webhooks do not follow redirects.';
  }
  return cause?.message ?? (error instanceof Error ? error.message : 'The request failed.');
}

/**
 * Starts the dispatcher of webhook deliveries (issue 26): the outbox table `webhook_deliveries` is
 * the queue. Every poll (and every wake) it claims due rows, up to `concurrency` in flight, POSTs each
 * signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) through the
 * SSRF guard without following redirects, and records the answer: a 2xx delivers it, anything else
 * schedules the next attempt or, after the last one, fails it.
 */
export function startWebhookDispatcher(deps: WebhookDispatcherDeps): WebhookDispatcher {
  const options = { ...DEFAULT_WEBHOOK_DISPATCH, ...deps.options };
  const { db, cipher, logger } = deps;
  const send = guardedFetch({
    allowPrivateUrls: deps.allowPrivateUrls,
    connections: options.concurrency,
  });
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let attemptsMade = 0;
  let pumping: Promise<void> | undefined;
  let again = false;
  let idleWaiters: Array<() => void> = [];
  let lastClaimEmpty = false;

  const attempt = async (delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord) => {
    const attemptedAt = new Date(options.now());
    const started = performance.now();
    const body = JSON.stringify(delivery.payload);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await send(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Sitelift-Webhooks/1.0',
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(Math.floor(attemptedAt.getTime() / 1000)),
          'webhook-signature': signatureFor(endpoint, cipher, {
            id: delivery.messageId,
            timestamp: attemptedAt,
            body,
          }),
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      statusCode = response.status;
      // The answer's body is not read: only the status counts, and memory stays bounded.
      await response.body?.cancel().catch(() => {});
      if (statusCode < 200 || statusCode > 299) error = `The receiver answered ${statusCode}.`;
    } catch (caught) {
      error = describeFailure(caught, options.timeoutMs);
    }
    const durationMs = Math.round(performance.now() - started);
    const delay = options.retryDelaysMs[delivery.attempts - 1];
    const status = error === null ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    await recordDeliveryAttempt(db, delivery.id, {
      status,
      attemptedAt,
      ...(status === 'pending' && delay !== undefined
        ? { nextAttemptAt: new Date(options.now() + delay) }
        : {}),
      statusCode,
      error,
      durationMs,
    });
    attemptsMade += 1;
  };

  const run = (delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord | undefined) => {
    const task = (
      endpoint
        ? attempt(delivery, endpoint)
        : // The endpoint was deleted after the claim: its deliveries went with it.
          Promise.resolve()
    )
      .catch((error: unknown) =>
        logger.error({ err: error, deliveryId: delivery.id }, 'webhook delivery failed to record'),
      )
      .finally(() => {
        inFlight.delete(task);
        pump();
      });
    inFlight.add(task);
  };

  const claimAndStart = async () => {
    do {
      again = false;
      const free = options.concurrency - inFlight.size;
      if (free <= 0 || stopped) return;
      const now = options.now();
      const claimed = await claimDueDeliveries(db, {
        now: new Date(now),
        lockedUntil: new Date(now + options.timeoutMs + 30_000),
        limit: free,
      });
      lastClaimEmpty = claimed.length === 0;
      // Nothing due now; a wake meanwhile (again) looks once more, with its clock.
      if (claimed.length === 0) continue;
      const endpoints = await findEndpointsByIds(db, [
        ...new Set(claimed.map((row) => row.endpointId)),
      ]);
      for (const delivery of claimed) run(delivery, endpoints.get(delivery.endpointId));
      // A full claim may leave more due rows: claim again when slots free up (pump from finally).
    } while (again);
    if (inFlight.size === 0 && lastClaimEmpty && !again) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  function pump(): void {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = claimAndStart()
      .catch((error: unknown) => logger.error({ err: error }, 'webhook dispatch failed'))
      .finally(() => {
        pumping = undefined;
        if (again) pump();
      });
  }

  const timer = setInterval(pump, options.pollIntervalMs);
  timer.unref();
  pump();

  return {
    wake: pump,
    get attemptsMade() {
      return attemptsMade;
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        pump();
      });
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pumping;
      await Promise.allSettled([...inFlight]);
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    },
  };
}
