import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@sitelift/shared/schemas/webhooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookServiceDeps,
} from '../../services/webhooks.service';
import { requireSession } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * /api/webhooks... (issue 26): a user's webhook endpoints — add (the secret is in this one answer),
 * list, change events, rotate the secret (shown once), delete — and each one's delivery log with
 * Redeliver. Signed-in users only; every query is scoped to the caller.
 */
export async function registerWebhookRoutes(
  app: FastifyInstance,
  options: { auth: Auth; deps: WebhookServiceDeps },
) {
  const { auth, deps } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = async (request: FastifyRequest) => {
    await requireSession(auth, request);
  };
  const userOf = async (request: FastifyRequest) => (await requireSession(auth, request)).user;
  const idParams = z.object({ id: z.uuid() });
  const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });
  const endpointRoute = { malformedParams: 'API_WEBHOOK_NOT_FOUND' } as const;
  const tags = ['webhooks'];

  typed.get(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: "The signed-in user's webhook endpoints",
        response: { 200: webhookEndpointListSchema, 401: errorSchema },
      },
      preValidation: authenticate,
    },
    async (request) => ({ items: await listWebhookEndpoints(deps, (await userOf(request)).id) }),
  );

  typed.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Add an endpoint; the answer holds its signing secret, shown this once',
        body: createWebhookBodySchema,
        response: {
          201: webhookEndpointWithSecretSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const created = await createWebhookEndpoint(deps, (await userOf(request)).id, request.body);
      return reply.status(201).send(created);
    },
  );

  typed.patch(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: "Change an endpoint's events or description",
        params: idParams,
        body: updateWebhookBodySchema,
        response: {
          200: webhookEndpointSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
      config: endpointRoute,
      preValidation: authenticate,
    },
    async (request) =>
      updateWebhookEndpoint(deps, (await userOf(request)).id, request.params.id, request.body),
  );

  typed.post(
    '/api/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret, shown once; the previous one also signs for 24 hours',
        params: idParams,
        response: { 200: webhookEndpointWithSecretSchema, 401: errorSchema, 404: errorSchema },
      },
      config: endpointRoute,
      preValidation: authenticate,
    },
    async (request) => rotateWebhookSecret(deps, (await userOf(request)).id, request.params.id),
  );

  typed.delete(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        params: idParams,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
      config: endpointRoute,
      preValidation: authenticate,
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(deps, (await userOf(request)).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "An endpoint's newest deliveries (50) with their state",
        params: idParams,
        response: { 200: webhookDeliveryListSchema, 401: errorSchema, 404: errorSchema },
      },
      config: endpointRoute,
      preValidation: authenticate,
    },
    async (request) => ({
      items: await listWebhookDeliveries(deps, (await userOf(request)).id, request.params.id),
    }),
  );

  typed.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a delivered or failed message again (same webhook-id), as a new delivery',
        params: deliveryParams,
        response: { 201: webhookDeliverySchema, 401: errorSchema, 404: errorSchema },
      },
      config: { malformedParams: 'API_WEBHOOK_DELIVERY_NOT_FOUND' },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const delivery = await redeliverWebhook(
        deps,
        (await userOf(request)).id,
        request.params.id,
        request.params.deliveryId,
      );
      return reply.status(201).send(delivery);
    },
  );
}
