import { z } from 'zod';
import { hasNoNulCharacter } from '../validation/text';

/** The events a webhook endpoint can subscribe to (issue 26), in the order the screen lists them. */
export const WEBHOOK_EVENTS = [
  'project.completed',
  'project.failed',
  'batch.completed',
  'credits.low',
] as const;

/** One webhook event type. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, as the Webhooks screen explains it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'project.completed': 'A project finished and its code is ready',
  'project.failed': 'A project could not be modernized (its credit is refunded)',
  'batch.completed': 'Every site of a batch has ended',
  'credits.low': 'Your credit balance fell below 3',
};

/** The balance under which `credits.low` is sent (once per crossing). */
export const CREDITS_LOW_THRESHOLD = 3;

/** Most endpoints per user. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** Days a finished delivery (delivered or given up) stays in the log before it is pruned. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/** `POST /api/webhooks`: a new endpoint. */
export const createWebhookBodySchema = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL that receives the webhooks.')
    .max(2048, 'The URL is too long.')
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'Enter a full http:// or https:// URL.')
    .refine(hasNoNulCharacter, 'The URL contains an invalid character.'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event.')
    .transform((events) => [...new Set(events)]),
  description: z
    .string()
    .trim()
    .max(200, 'The description is too long (200 characters at most).')
    .refine(hasNoNulCharacter, 'The description contains an invalid character.')
    .optional(),
});

/** Body of `POST /api/webhooks`. */
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

/** `PATCH /api/webhooks/:id`: change the events or the description (the URL stays; add a new endpoint). */
export const updateWebhookBodySchema = z.strictObject({
  events: createWebhookBodySchema.shape.events.optional(),
  description: createWebhookBodySchema.shape.description,
});

/** An endpoint as the API sends it: never its secret, except once in `secret`. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.string(),
  /** Until then the previous secret also signs (after a rotation). */
  previous_secret_expires_at: z.string().nullable(),
  /** Counts of its deliveries of the last 24 hours. */
  recent: z.object({ delivered: z.number(), pending: z.number(), failed: z.number() }),
});

/** A webhook endpoint. */
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to create and rotate: the endpoint and its signing secret, shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string(),
});

/** An endpoint with its secret (create, rotate). */
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

/** `GET /api/webhooks`. */
export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** Delivery states: retried until delivered or the 24-hour schedule ends (failed). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One message to one endpoint, as the delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  last_duration_ms: z.number().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
});

/** A delivery. */
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/webhooks/:id/deliveries`: newest first. */
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
