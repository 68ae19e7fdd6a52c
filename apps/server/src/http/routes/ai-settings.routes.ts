import { assertPublicUrl } from '@sitelift/engine';
import { AppError, isAppError } from '@sitelift/shared/error-codes';
import type { AiPrice, AiProvider, AiRunConfigInput } from '@sitelift/shared/schemas/ai';
import {
  aiSettingsBodySchema,
  aiSettingsSchema,
  aiTestBodySchema,
  aiTestResultSchema,
  type AiTestResult,
} from '@sitelift/shared/schemas/ai-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import type { AiConfig } from '../../config';
import { deleteUserAiSettings, findUserAiSettings } from '../../db/ai-settings.repository';
import type { AppDb } from '../../db/database';
import type { TokenCipher } from '../../github/token-crypto';
import { getAiSettings, readSavedKey, saveAiSettings } from '../../services/ai-settings';
import { requireSession } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** Test calls per user and minute: each one reaches a model and may cost the user money. */
const TESTS_PER_MINUTE = 10;

/** Providers that need an API key (openai-compatible servers such as Ollama often take none). */
const KEYED_PROVIDERS: readonly AiProvider[] = ['openai', 'anthropic', 'google'];

/** What the routes need. */
export interface AiSettingsRouteOptions {
  auth: Auth;
  db: AppDb;
  ai: AiConfig;
  cipher: TokenCipher;
  /** ALLOW_PRIVATE_URLS: a user's base URL may then be a local address (tests, local development). */
  allowPrivateUrls: boolean;
  /** One small call to the model (the engine's testAiConnection). */
  testConnection: (config: AiRunConfigInput) => Promise<AiTestResult>;
  /** The engine's price table, for models AI_PRICES does not name. */
  priceFallback?: (provider: AiProvider, model: string) => AiPrice | undefined;
}

/**
 * A user's base URL must reach a public address: the server calls it from inside its network. The
 * guard's own refusal becomes the AI catalogue's (a name that does not resolve too).
 */
export async function assertPublicBaseUrl(url: string, allowPrivateUrls: boolean): Promise<void> {
  try {
    await assertPublicUrl(url, { allowPrivateUrls });
  } catch (error) {
    if (isAppError(error) && error.code === 'ENGINE_FETCH_URL_REFUSED') {
      throw new AppError('API_AI_BASE_URL_REFUSED', { cause: error });
    }
    throw new AppError('API_AI_BASE_URL_REFUSED', {
      message: 'This base URL cannot be reached: check its host name.',
      cause: error,
    });
  }
}

/**
 * Settings → AI model (issue 25), for the signed-in user only (no id in the path: a user reaches
 * only their own row): GET, PUT and DELETE /api/me/ai-settings and POST /api/me/ai-settings/test.
 * The key is stored encrypted like the GitHub tokens and never answered.
 */
export async function registerAiSettingsRoutes(
  app: FastifyInstance,
  options: AiSettingsRouteOptions,
) {
  const { auth, db, ai, cipher } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const answer = (userId: string) =>
    getAiSettings(db, ai, userId, new Date(), options.priceFallback);

  typed.get(
    '/api/me/ai-settings',
    {
      schema: {
        tags: ['me'],
        summary:
          "The user's own model (never its key), the server's default and this month's usage",
        response: { 200: aiSettingsSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return answer(user.id);
    },
  );

  typed.put(
    '/api/me/ai-settings',
    {
      schema: {
        tags: ['me'],
        summary: 'Save your own model: provider, model, base URL and API key (encrypted at rest)',
        body: aiSettingsBodySchema,
        response: { 200: aiSettingsSchema, 400: errorSchema, 401: errorSchema, 422: errorSchema },
      },
      preValidation: async (request) => {
        await requireSession(auth, request);
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      const { body } = request;
      if (body.base_url) await assertPublicBaseUrl(body.base_url, options.allowPrivateUrls);
      await saveAiSettings(db, cipher, user.id, body);
      return answer(user.id);
    },
  );

  typed.delete(
    '/api/me/ai-settings',
    {
      schema: {
        tags: ['me'],
        summary: 'Forget your own model and its key (the server default applies again)',
        response: { 200: aiSettingsSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      await deleteUserAiSettings(db, user.id);
      return answer(user.id);
    },
  );

  typed.post(
    '/api/me/ai-settings/test',
    {
      schema: {
        tags: ['me'],
        summary: "One small call to the form's model: whether it answers, and how fast",
        body: aiTestBodySchema,
        response: {
          200: aiTestResultSchema,
          400: errorSchema,
          401: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
      config: {
        rateLimit: {
          max: TESTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `ai-test|${request.ip}`,
        },
      },
      preValidation: async (request) => {
        await requireSession(auth, request);
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      const { body } = request;
      const apiKey =
        body.api_key || readSavedKey(await findUserAiSettings(db, user.id), cipher) || undefined;
      if (!apiKey && KEYED_PROVIDERS.includes(body.provider)) {
        throw new AppError('API_AI_KEY_REQUIRED');
      }
      if (body.base_url) await assertPublicBaseUrl(body.base_url, options.allowPrivateUrls);
      const result = await options.testConnection({
        provider: body.provider,
        model: body.model,
        apiKey,
        baseUrl: body.base_url || undefined,
        timeoutMs: 20_000,
      });
      request.log.info(
        { provider: body.provider, model: body.model, ok: result.ok },
        'AI connection test',
      );
      return result;
    },
  );
}
