import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointWithSecretSchema,
  type CreateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@sitelift/shared/schemas/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { queryOptions, useQuery } from '../../../lib/query-client';

/** Query key of the webhook endpoints (and, under it, their delivery logs). */
export const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;

/** The user's endpoints (`GET /api/webhooks`). */
export async function listWebhooks(): Promise<WebhookEndpoint[]> {
  return (await apiRequest('/api/webhooks', { schema: webhookEndpointListSchema })).items;
}

/** The endpoints query. */
export function useWebhooks() {
  return useQuery(queryOptions({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: listWebhooks }));
}

/** Adds an endpoint; the answer carries its secret, shown once. */
export function createWebhook(body: CreateWebhookBody): Promise<WebhookEndpointWithSecret> {
  return apiRequest('/api/webhooks', {
    method: 'POST',
    body,
    schema: webhookEndpointWithSecretSchema,
  });
}

/** A new secret for an endpoint, shown once. */
export function rotateWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return apiRequest(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    schema: webhookEndpointWithSecretSchema,
  });
}

/** Deletes an endpoint and its log. */
export async function deleteWebhook(id: string): Promise<void> {
  await apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** An endpoint's newest deliveries; refreshed while some are still being retried. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: [...WEBHOOKS_QUERY_KEY, id, 'deliveries'],
    queryFn: async (): Promise<WebhookDelivery[]> =>
      (
        await apiRequest(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, {
          schema: webhookDeliveryListSchema,
        })
      ).items,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 5000 : false,
  });
}

/** Sends a delivery's message again. */
export function redeliverWebhook(id: string, deliveryId: string): Promise<WebhookDelivery> {
  return apiRequest(
    `/api/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
    { method: 'POST', schema: webhookDeliverySchema },
  );
}
