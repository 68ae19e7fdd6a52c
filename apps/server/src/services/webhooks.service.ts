import { randomBytes, randomUUID } from 'node:crypto';
import { assertPublicUrl } from '@sitelift/engine';
import { AppError, isAppError } from '@sitelift/shared/error-codes';
import {
  CREDITS_LOW_THRESHOLD,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENTS,
  type CreateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@sitelift/shared/schemas/webhooks';
import { getCreditBalance } from '../db/credits.repository';
import type { AppDb } from '../db/database';
import {
  countEndpointsForUser,
  deleteEndpointForUser,
  findDeliveryForUser,
  findEndpointForUser,
  findSubscribedEndpointIds,
  insertDeliveries,
  insertEndpoint,
  listDeliveriesForEndpoint,
  listEndpointsForUser,
  updateEndpointForUser,
  type RecentDeliveryCounts,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from '../db/webhooks.repository';
import type { TokenCipher } from '../github/token-crypto';

/** What the webhook use cases need. */
export interface WebhookServiceDeps {
  db: AppDb;
  /** Encrypts the signing secrets at rest (the GitHub tokens' cipher). */
  cipher: TokenCipher;
  /** ALLOW_PRIVATE_URLS: tests and local development only. */
  allowPrivateUrls: boolean;
}

/** How long the previous secret keeps signing after a rotation (receivers roll over meanwhile). */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3600_000;

/** Deliveries shown in the log. */
export const DELIVERY_LOG_LIMIT = 50;

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A Standard Webhooks message id (the `webhook-id` header). */
function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toEndpointJson(
  record: WebhookEndpointRecord,
  recent: RecentDeliveryCounts = { delivered: 0, pending: 0, failed: 0 },
): WebhookEndpoint {
  const graceLeft =
    record.previousSecretExpiresAt && record.previousSecretExpiresAt.getTime() > Date.now();
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    events: record.events.filter((event): event is WebhookEvent =>
      (WEBHOOK_EVENTS as readonly string[]).includes(event),
    ),
    created_at: record.createdAt.toISOString(),
    previous_secret_expires_at: graceLeft ? iso(record.previousSecretExpiresAt) : null,
    recent,
  };
}

function toDeliveryJson(record: WebhookDeliveryRecord): WebhookDelivery {
  const status =
    record.status === 'delivered' || record.status === 'failed' ? record.status : 'pending';
  return {
    id: record.id,
    message_id: record.messageId,
    event_type: record.eventType,
    status,
    attempts: record.attempts,
    next_attempt_at: status === 'pending' ? iso(record.nextAttemptAt) : null,
    last_attempt_at: iso(record.lastAttemptAt),
    last_status_code: record.lastStatusCode,
    last_error: record.lastError,
    last_duration_ms: record.lastDurationMs,
    delivered_at: iso(record.deliveredAt),
    created_at: record.createdAt.toISOString(),
    payload: record.payload,
  };
}

/** The SSRF guard on a receiver's URL: private, loopback and link-local addresses are refused. */
async function assertReceiverUrl(url: string, allowPrivateUrls: boolean): Promise<void> {
  try {
    await assertPublicUrl(url, { allowPrivateUrls });
  } catch (error) {
    if (isAppError(error) && error.code === 'ENGINE_FETCH_URL_REFUSED') {
      throw new AppError('API_WEBHOOK_URL_REFUSED', { cause: error });
    }
    // A name that does not resolve now may resolve later; the delivery checks it again each time.
    if (isAppError(error) && error.code !== 'ENGINE_FETCH_DNS_FAILED') throw error;
  }
}

/** GET /api/webhooks. */
export async function listWebhookEndpoints(
  deps: WebhookServiceDeps,
  userId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await listEndpointsForUser(deps.db, userId);
  return rows.map((row) => toEndpointJson(row, row.recent));
}

/** POST /api/webhooks: the endpoint and its secret, which is shown this once. */
export async function createWebhookEndpoint(
  deps: WebhookServiceDeps,
  userId: string,
  body: CreateWebhookBody,
): Promise<WebhookEndpointWithSecret> {
  await assertReceiverUrl(body.url, deps.allowPrivateUrls);
  if ((await countEndpointsForUser(deps.db, userId)) >= MAX_WEBHOOK_ENDPOINTS) {
    throw new AppError('API_WEBHOOK_LIMIT');
  }
  const id = randomUUID();
  const secret = newSecret();
  await insertEndpoint(deps.db, {
    id,
    userId,
    url: new URL(body.url).href,
    description: body.description ? body.description : null,
    events: body.events,
    secret: deps.cipher.encrypt(secret),
  });
  const record = await findEndpointForUser(deps.db, userId, id);
  if (!record) throw new AppError('API_WEBHOOK_NOT_FOUND');
  return { ...toEndpointJson(record), secret };
}

/** PATCH /api/webhooks/:id: events and description. */
export async function updateWebhookEndpoint(
  deps: WebhookServiceDeps,
  userId: string,
  endpointId: string,
  body: { events?: WebhookEvent[]; description?: string },
): Promise<WebhookEndpoint> {
  const changed = await updateEndpointForUser(deps.db, userId, endpointId, {
    ...(body.events ? { events: body.events } : {}),
    ...(body.description !== undefined ? { description: body.description || null } : {}),
  });
  if (!changed) throw new AppError('API_WEBHOOK_NOT_FOUND');
  const record = await findEndpointForUser(deps.db, userId, endpointId);
  if (!record) throw new AppError('API_WEBHOOK_NOT_FOUND');
  return toEndpointJson(record);
}

/**
 * POST /api/webhooks/:id/rotate-secret: a new secret, shown once. The previous one keeps signing
 * (a second signature in `webhook-signature`) for a day, so receivers can switch without a gap.
 */
export async function rotateWebhookSecret(
  deps: WebhookServiceDeps,
  userId: string,
  endpointId: string,
): Promise<WebhookEndpointWithSecret> {
  const record = await findEndpointForUser(deps.db, userId, endpointId);
  if (!record) throw new AppError('API_WEBHOOK_NOT_FOUND');
  const secret = newSecret();
  await updateEndpointForUser(deps.db, userId, endpointId, {
    secret: deps.cipher.encrypt(secret),
    previousSecret: record.secret,
    previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS),
  });
  const rotated = await findEndpointForUser(deps.db, userId, endpointId);
  if (!rotated) throw new AppError('API_WEBHOOK_NOT_FOUND');
  return { ...toEndpointJson(rotated), secret };
}

/** DELETE /api/webhooks/:id (its deliveries go with it). */
export async function deleteWebhookEndpoint(
  deps: WebhookServiceDeps,
  userId: string,
  endpointId: string,
): Promise<void> {
  if (!(await deleteEndpointForUser(deps.db, userId, endpointId))) {
    throw new AppError('API_WEBHOOK_NOT_FOUND');
  }
}

/** GET /api/webhooks/:id/deliveries: the newest deliveries of one endpoint. */
export async function listWebhookDeliveries(
  deps: WebhookServiceDeps,
  userId: string,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  if (!(await findEndpointForUser(deps.db, userId, endpointId))) {
    throw new AppError('API_WEBHOOK_NOT_FOUND');
  }
  const rows = await listDeliveriesForEndpoint(deps.db, userId, endpointId, DELIVERY_LOG_LIMIT);
  return rows.map(toDeliveryJson);
}

/**
 * POST /api/webhooks/:id/deliveries/:deliveryId/redeliver: the same message (same `webhook-id`, so
 * receivers can recognise it) sent again now as a new delivery with its own retries.
 */
export async function redeliverWebhook(
  deps: WebhookServiceDeps,
  userId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const original = await findDeliveryForUser(deps.db, userId, endpointId, deliveryId);
  if (!original) throw new AppError('API_WEBHOOK_DELIVERY_NOT_FOUND');
  const [created] = await insertDeliveries(deps.db, [
    {
      endpointId,
      userId,
      messageId: original.messageId,
      eventType: original.eventType,
      payload: original.payload,
      nextAttemptAt: new Date(),
    },
  ]);
  if (!created) throw new AppError('API_WEBHOOK_DELIVERY_NOT_FOUND');
  return toDeliveryJson(created);
}

/**
 * Queues `type` with `data` to every endpoint of the user subscribed to it, in the caller's
 * transaction (so the event exists exactly when what it announces does). The body follows Standard
 * Webhooks: `{ type, timestamp, data }`. Returns the number of deliveries queued.
 */
export async function emitWebhookEvent(
  db: AppDb,
  userId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
  now: Date = new Date(),
): Promise<number> {
  const endpointIds = await findSubscribedEndpointIds(db, userId, type);
  if (endpointIds.length === 0) return 0;
  const payload = { type, timestamp: now.toISOString(), data };
  const rows = await insertDeliveries(
    db,
    endpointIds.map((endpointId) => ({
      endpointId,
      userId,
      messageId: newMessageId(),
      eventType: type,
      payload,
      nextAttemptAt: now,
    })),
  );
  return rows.length;
}

/**
 * After `spent` credits were taken in `tx`: sends credits.low when this charge brought the balance
 * under {@link CREDITS_LOW_THRESHOLD} (once per crossing, no state needed).
 */
export async function noteCreditsSpent(tx: AppDb, userId: string, spent: number): Promise<void> {
  if (spent <= 0) return;
  const balance = await getCreditBalance(tx, userId);
  if (balance < CREDITS_LOW_THRESHOLD && balance + spent >= CREDITS_LOW_THRESHOLD) {
    await emitWebhookEvent(tx, userId, 'credits.low', {
      balance,
      threshold: CREDITS_LOW_THRESHOLD,
    });
  }
}
