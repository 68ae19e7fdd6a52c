import {
  BILLING_ERRORS,
  attachBodySchema,
  attachResultSchema,
  billingPortalBodySchema,
  billingPortalResultSchema,
  billingResponseSchema,
  cancelBodySchema,
  cancelResultSchema,
  checkBodySchema,
  checkResultSchema,
  createEntityBodySchema,
  customerSchema,
  customersBodySchema,
  deleteEntityResultSchema,
  entitySchema,
  pricingTableSchema,
  redeemReferralBodySchema,
  redeemReferralResultSchema,
  referralCodeSchema,
  refundBodySchema,
  refundResultSchema,
  testCheckoutResultSchema,
  testCheckoutSessionSchema,
  trackBodySchema,
} from '@sitelift/shared/billing/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import { BillingError } from '../../billing/billing-error';
import type { BillingProvider } from '../../billing/billing-provider';
import {
  attachProduct,
  cancelProduct,
  cancelTestCheckout,
  checkProduct,
  completeTestCheckout,
  createEntity,
  getCustomer,
  getEntity,
  getOrCreateReferralCode,
  getPricingTable,
  getTestCheckout,
  handleWebhook,
  openBillingPortal,
  redeemReferralCode,
  refundSubscription,
  removeEntity,
  trackFeature,
  type BillingDeps,
  type BillingUser,
} from '../../billing/billing.service';
import type { AppDb } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { toAppError } from '../error-handler';
import { requireSession } from '../require-session';

const WEBHOOK_PATH = '/api/billing/webhook';

/** Referral redemptions one client address may try per minute. */
export const REDEEM_ATTEMPTS_PER_MINUTE = 10;

function ok<T>(data: T) {
  return { data, error: null, statusCode: 200 };
}

/** Any failure as the billing envelope's error: `{ message, code }` and the HTTP status. */
function toFailure(error: unknown): { status: number; code: string; message: string } {
  if (error instanceof BillingError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  const appError = toAppError(error);
  if (appError.code === 'API_UNAUTHENTICATED') {
    return { status: 401, code: 'unauthorized', message: BILLING_ERRORS.unauthorized.message };
  }
  if (appError.code === 'API_VALIDATION_FAILED' || appError.code === 'API_MALFORMED_JSON') {
    return { status: 400, code: 'invalid_request', message: appError.message };
  }
  // Other refusals of the app (CSRF, rate limit, media type) keep their status and message.
  if (appError.status < 500) {
    return {
      status: appError.status,
      code: appError.code.toLowerCase(),
      message: appError.message,
    };
  }
  return {
    status: BILLING_ERRORS.internal_error.status,
    code: 'internal_error',
    message: BILLING_ERRORS.internal_error.message,
  };
}

function sendFailure(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const failure = toFailure(error);
  if (failure.status >= 500) request.log.error({ err: error }, 'billing request failed');
  return reply.status(failure.status).send({
    data: null,
    error: { message: failure.message, code: failure.code },
    statusCode: failure.status,
  });
}

async function toBillingUser(auth: Auth, request: FastifyRequest): Promise<BillingUser> {
  const { user } = await requireSession(auth, request);
  return {
    id: user.id,
    email: user.email,
    name: user.name ? user.name : null,
    createdAt: new Date(user.createdAt),
    emailVerified: user.emailVerified,
  };
}

/** Options of the billing routes. */
export interface BillingRouteOptions {
  auth: Auth;
  db: AppDb;
  provider: BillingProvider;
  baseUrl: string;
  purchasesEnabled: boolean;
  logger: Logger;
  mailer?: Mailer;
}

/**
 * /api/billing/* (DESIGN.md §4, spec §7 'Billing'): every answer is `{ data, error, statusCode }` with
 * snake_case keys; signed-out calls answer 401 'Please sign in to make a purchase.'.
 */
export async function registerBillingRoutes(app: FastifyInstance, options: BillingRouteOptions) {
  const deps: BillingDeps = {
    db: options.db,
    provider: options.provider,
    baseUrl: options.baseUrl,
    purchasesEnabled: options.purchasesEnabled,
    logger: options.logger,
    mailer: options.mailer,
  };
  if (!options.purchasesEnabled) {
    options.logger.warn(
      'STRIPE_SECRET_KEY is not set: purchases are refused (the local test mode is not offered in production).',
    );
  }
  const { auth } = options;
  const user = (request: FastifyRequest) => toBillingUser(auth, request);

  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => sendFailure(error, request, reply));
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];

    typed.get(
      '/api/billing/pricing_table',
      {
        schema: {
          tags,
          summary: 'The plans with the price that applies now (founder or regular)',
          response: { 200: billingResponseSchema(pricingTableSchema) },
        },
      },
      async (request) => {
        const signedIn = await requireSession(auth, request).catch(() => null);
        return ok(await getPricingTable(deps, signedIn?.user.id ?? null));
      },
    );

    typed.post(
      '/api/billing/attach',
      {
        schema: {
          tags,
          summary: 'Starts a checkout for a product; returns checkout_url',
          body: attachBodySchema,
          response: { 200: billingResponseSchema(attachResultSchema) },
        },
      },
      async (request) => ok(await attachProduct(deps, await user(request), request.body)),
    );

    typed.post(
      '/api/billing/check',
      {
        schema: {
          tags,
          summary: 'Whether buying a product changes the current plan, with the preview',
          body: checkBodySchema,
          response: { 200: billingResponseSchema(checkResultSchema) },
        },
      },
      async (request) => ok(await checkProduct(deps, await user(request), request.body)),
    );

    typed.post(
      '/api/billing/cancel',
      {
        schema: {
          tags,
          summary: 'Cancels a subscription at the end of its paid period',
          body: cancelBodySchema,
          response: { 200: billingResponseSchema(cancelResultSchema) },
        },
      },
      async (request) =>
        ok(await cancelProduct(deps, await user(request), request.body.product_id)),
    );

    typed.post(
      '/api/billing/track',
      {
        schema: {
          tags,
          summary: 'Reads the credit balance (credits are spent by the server)',
          body: trackBodySchema,
          response: {
            200: billingResponseSchema(
              z.object({ customer_id: z.string(), feature_id: z.string(), balance: z.number() }),
            ),
          },
        },
      },
      async (request) => ok(await trackFeature(deps, await user(request), request.body)),
    );

    typed.post(
      '/api/billing/billing_portal',
      {
        schema: {
          tags,
          summary: "The payment provider's customer portal URL",
          body: billingPortalBodySchema,
          response: { 200: billingResponseSchema(billingPortalResultSchema) },
        },
      },
      async (request) =>
        ok(await openBillingPortal(deps, await user(request), request.body.return_url)),
    );

    typed.post(
      '/api/billing/customers',
      {
        schema: {
          tags,
          summary: 'The signed-in customer: plans, credit balance, referral code',
          body: customersBodySchema,
          response: { 200: billingResponseSchema(customerSchema) },
        },
      },
      async (request) =>
        ok(
          await getCustomer(deps, await user(request), {
            errorOnNotFound: request.body.error_on_not_found,
          }),
        ),
    );

    typed.post(
      '/api/billing/entities',
      {
        schema: {
          tags,
          summary: 'Creates a billing entity',
          body: createEntityBodySchema,
          response: { 200: billingResponseSchema(entitySchema) },
        },
      },
      async (request) => ok(await createEntity(deps, await user(request), request.body)),
    );

    const entityParams = z.object({ id: z.string().min(1).max(100) });
    typed.get(
      '/api/billing/entities/:id',
      {
        schema: {
          tags,
          summary: 'A billing entity',
          params: entityParams,
          querystring: z.object({ expand: z.string().optional() }),
          response: { 200: billingResponseSchema(entitySchema) },
        },
      },
      async (request) => ok(await getEntity(deps, await user(request), request.params.id)),
    );

    typed.delete(
      '/api/billing/entities/:id',
      {
        schema: {
          tags,
          summary: 'Deletes a billing entity',
          params: entityParams,
          response: { 200: billingResponseSchema(deleteEntityResultSchema) },
        },
      },
      async (request) => ok(await removeEntity(deps, await user(request), request.params.id)),
    );

    typed.post(
      '/api/billing/referrals/code',
      {
        schema: {
          tags,
          summary: "The caller's referral code (created on first call)",
          response: { 200: billingResponseSchema(referralCodeSchema) },
        },
      },
      async (request) => ok(await getOrCreateReferralCode(deps, await user(request))),
    );

    typed.post(
      '/api/billing/referrals/redeem',
      {
        schema: {
          tags,
          summary: 'Redeems a referral code: one credit to both sides, once per account',
          body: redeemReferralBodySchema,
          response: { 200: billingResponseSchema(redeemReferralResultSchema) },
        },
        // Codes are not to be guessed by trying.
        config: {
          rateLimit: {
            max: REDEEM_ATTEMPTS_PER_MINUTE,
            timeWindow: 60_000,
            keyGenerator: (request) => `referral-redeem|${request.ip}`,
          },
        },
      },
      async (request) => ok(await redeemReferralCode(deps, await user(request), request.body.code)),
    );

    typed.post(
      '/api/billing/refund',
      {
        schema: {
          tags,
          summary: '14-day guarantee: refunds the subscription and removes its unused credits',
          body: refundBodySchema,
          response: { 200: billingResponseSchema(refundResultSchema) },
        },
      },
      async (request) =>
        ok(await refundSubscription(deps, await user(request), request.body.product_id)),
    );

    const sessionParams = z.object({ session_id: z.string().min(1).max(100) });
    typed.get(
      '/api/billing/test_checkout/:session_id',
      {
        schema: {
          tags,
          summary: 'Test mode: a checkout session of the local checkout page',
          params: sessionParams,
          response: { 200: billingResponseSchema(testCheckoutSessionSchema) },
        },
      },
      async (request) =>
        ok(await getTestCheckout(deps, await user(request), request.params.session_id)),
    );

    typed.post(
      '/api/billing/test_checkout/:session_id/complete',
      {
        schema: {
          tags,
          summary: 'Test mode: pays the session (no money moves) through the webhook processing',
          params: sessionParams,
          response: { 200: billingResponseSchema(testCheckoutResultSchema) },
        },
      },
      async (request) =>
        ok(await completeTestCheckout(deps, await user(request), request.params.session_id)),
    );

    typed.post(
      '/api/billing/test_checkout/:session_id/cancel',
      {
        schema: {
          tags,
          summary: 'Test mode: abandons the session',
          params: sessionParams,
          response: { 200: billingResponseSchema(testCheckoutResultSchema) },
        },
      },
      async (request) =>
        ok(await cancelTestCheckout(deps, await user(request), request.params.session_id)),
    );

    // The webhook's signature covers the exact bytes: this scope keeps JSON bodies raw.
    await scope.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      raw.post(
        WEBHOOK_PATH,
        { schema: { tags, summary: 'Payment provider events (signed)' } },
        async (request) => {
          const body = request.body;
          if (!Buffer.isBuffer(body)) throw new BillingError('webhook_signature_invalid');
          const signature = request.headers['stripe-signature'];
          const result = await handleWebhook(
            deps,
            body,
            typeof signature === 'string' ? signature : undefined,
          );
          return ok({ received: true, duplicate: result.duplicate });
        },
      );
    });
  });
}
