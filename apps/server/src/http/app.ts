import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { priceFor, testAiConnection } from '@sitelift/engine';
import { AppError } from '@sitelift/shared/error-codes';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { buildAuth, type Auth } from '../auth/build-auth';
import { SessionCache } from '../auth/session-cache';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { notifySessionsChanged, SESSIONS_CHANNEL } from '../db/notify';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { JobQueue } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import { RealtimeHub } from '../realtime/realtime-hub';
import type { ProjectServiceDeps } from '../services/projects.service';
import { handleClientError, handleFrameworkError, registerErrorHandler } from './error-handler';
import { registerRequestGuards } from './request-guards';
import { registerOriginCheck } from './origin-check';
import { createSessionActivityRecorder } from '../account/session-activity';
import { registerAccountRoutes } from './routes/account.routes';
import { registerAiSettingsRoutes } from './routes/ai-settings.routes';
import { registerApiKeyRoutes } from './routes/api-keys.routes';
import { registerAuthRoutes } from './routes/auth.routes';
import { registerSignInMethodRoutes } from './routes/sign-in-methods.routes';
import { registerBillingRoutes } from './routes/billing.routes';
import { registerGithubRoutes } from './routes/github.routes';
import { registerHostingRoutes } from './routes/hosting.routes';
import { ensureHostingQueue, HOSTING_QUEUE } from '../hosting/deploy-site.job';
import { createTokenCipher, resolveTokenKey } from '../github/token-crypto';
import { buildBillingProvider } from '../billing/build-billing-provider';
import { registerCreditRoutes } from './routes/credits.routes';
import { registerSiteCheckRoutes } from './routes/site-check.routes';
import { registerEventRoutes } from './routes/events.routes';
import { registerJobRoutes } from './routes/jobs.routes';
import { registerPreviewRoutes } from './routes/preview.routes';
import { registerProjectRoutes } from './routes/projects.routes';
import { registerDevOutboxRoutes } from './routes/dev-outbox.routes';
import { registerHealthRoutes } from './routes/health.routes';
import { registerProfileRoutes } from './routes/profile.routes';
import { registerBatchRoutes } from './routes/batches.routes';
import { registerWebhookRoutes } from './routes/webhooks.routes';
import { attachSessionCache, type SignedIn } from './require-session';
import { registerV1Routes, V1_PREFIX } from './routes/v1/v1.routes';
import { registerSpa } from './spa';

/** Largest request body accepted, in bytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** How long a client may take to send a request: its headers, and all of it with the body (408 after). */
export const REQUEST_TIMEOUTS = { headersMs: 20_000, requestMs: 60_000, checkIntervalMs: 5_000 };

/** apps/web/dist, where `npm run build` puts the SPA. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(
  fileURLToPath(new URL('../../../web/dist', import.meta.url)),
);

/** Everything the HTTP app needs; main.ts builds these from the environment, tests from temp folders. */
export interface AppDeps {
  config: Config;
  database: Database;
  authSecret: string;
  logger: Logger;
  mailer: Mailer;
  /** Folder of the built SPA (default apps/web/dist). */
  webDistDir?: string;
  /** Token lifetimes in seconds (tests shorten them). */
  tokenLifetimes?: { resetPassword?: number; verification?: number };
  /** Path prefixes exempt from the Origin check (e.g. payment webhooks). */
  originCheckExemptPrefixes?: string[];
  /** The job queue (enqueue on create and retry). */
  queue: JobQueue;
  /** Where run artifacts live (zip, report, screenshots, preview). */
  artifacts: ArtifactStore;
  /** SSE heartbeat interval in ms (tests shorten it; default 15 s). */
  sseHeartbeatMs?: number;
  /** Request timeouts (tests shorten them; default REQUEST_TIMEOUTS). */
  requestTimeouts?: Partial<typeof REQUEST_TIMEOUTS>;
}

/** The built app and what callers may need besides it. */
export interface BuiltApp {
  app: FastifyInstance;
  auth: Auth;
  isSpaBuilt: boolean;
  /** The realtime fan-out of this process (the bench reads its counts). */
  hub: RealtimeHub;
}

/**
 * Builds the Fastify app (no listen): security headers, body limit, Origin check, rate limits, Better Auth
 * at /api/auth/*, the API routes, the dev outbox (not in production), OpenAPI at /api/docs and the SPA.
 */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database, logger, mailer } = deps;
  const { trustProxy } = config;
  const timeouts = { ...REQUEST_TIMEOUTS, ...deps.requestTimeouts };
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // A number means "trust that many hops" (what Fastify does for a number, spelled out for its types).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Node's own checks: a client that sends its request too slowly gets 408 (slow-loris defence). Only
    // receiving the request counts, so long-lived SSE responses are not cut.
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    // What Fastify's router and Node's parser refuse also answers `{ error: { code, message } }`.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestGuards(app);

  // An empty JSON body (e.g. a bodyless sign-out with Content-Type: application/json) is "no body",
  // not malformed JSON; anything else goes through Fastify's safe parser (prototype poisoning refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The API speaks JSON only: text/plain (what a cross-site <form> can send without preflight) is 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(new AppError('API_MALFORMED_JSON', { cause: error }), undefined);
      else done(null, value);
    });
  });

  const isHttps = config.baseUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Component libraries and toasts inject <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Avatars are arbitrary http(s) URLs chosen by users.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Not helmet's no-referrer: under it the Fetch spec ("append a request Origin header") makes
    // non-CORS POSTs such as form submissions carry `Origin: null`, which the Origin check must refuse.
    // same-origin still sends no Referer to other sites.
    referrerPolicy: { policy: 'same-origin' },
    hsts: isHttps,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('API_RATE_LIMITED'),
  });
  registerOriginCheck(app, {
    allowedOrigins: [config.baseUrl, ...config.trustedOrigins],
    // The public API is authenticated by API key, never by cookie: no cross-site request can use it.
    exemptPathPrefixes: [`${V1_PREFIX}/`, ...(deps.originCheckExemptPrefixes ?? [])],
  });

  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: the zod transform then writes JSON Schema 2020-12 (null types, as the schemas say).
      openapi: '3.1.0',
      info: {
        title: 'Sitelift API',
        version: '0.1.0',
        description:
          'Accounts live under /api/auth/* (Better Auth defaults; see apps/server/README.md).',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // swagger-ui's own policy, minus upgrade-insecure-requests (the app may run on plain http locally).
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; " +
      "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
  });

  const auth = buildAuth({
    db: database.db,
    mailer,
    logger,
    baseUrl: config.baseUrl,
    secret: deps.authSecret,
    trustedOrigins: config.trustedOrigins,
    passkeyRpId: config.passkeyRpId,
    resetPasswordTokenExpiresIn: deps.tokenLifetimes?.resetPassword,
    verificationTokenExpiresIn: deps.tokenLifetimes?.verification,
    github: config.github,
  });

  // Sessions are cached briefly in this process and cleared everywhere when any may have changed.
  const sessionCache = new SessionCache<SignedIn>({
    broadcast: () => notifySessionsChanged(database.db),
  });
  attachSessionCache(auth, sessionCache, createSessionActivityRecorder(database.db, logger));
  const hub = new RealtimeHub(database, logger);
  const stopListeningForSessions = await database.listen(SESSIONS_CHANNEL, () => {
    sessionCache.clearLocal();
    // A session may have ended: open event streams check theirs again.
    hub.recheckSessions();
  });
  // Notices missed while the LISTEN connection was down may have been session changes.
  const stopReconnectHandler = database.onListenerReconnect(() => {
    sessionCache.clearLocal();
    hub.recheckSessions();
  });
  app.addHook('onClose', async () => {
    stopReconnectHandler();
    await stopListeningForSessions().catch(() => {});
  });

  await registerAuthRoutes(app, { auth, config });
  await registerSignInMethodRoutes(app, { githubConfigured: config.github !== undefined });
  await registerHealthRoutes(app, {
    database,
    chromePath: config.chromePath,
    healthToken: config.healthToken,
    ai: config.ai.default,
  });
  await registerProfileRoutes(app, { auth, db: database.db });
  // A user's own model (issue 25); its key is encrypted with the GitHub tokens' key.
  await registerAiSettingsRoutes(app, {
    auth,
    db: database.db,
    ai: config.ai,
    cipher: createTokenCipher(resolveTokenKey(config.tokenKey, deps.authSecret)),
    allowPrivateUrls: config.allowPrivateUrls,
    testConnection: (settings) => testAiConnection(settings),
    priceFallback: priceFor,
  });
  await hub.start();
  // Open streams would keep close() waiting: end them first.
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await hub.stop();
  });
  const projectDeps: ProjectServiceDeps = {
    db: database.db,
    artifacts: deps.artifacts,
    queue: deps.queue,
    allowPrivateUrls: config.allowPrivateUrls,
    maxAttempts: config.jobs.maxAttempts,
    logger,
    store: database.store,
  };
  // A request that failed because the disk is full marks the store unwritable (health, new work).
  app.addHook('onError', async (_request, _reply, error) => {
    database.store.note(error);
  });
  await registerProjectRoutes(app, { auth, deps: projectDeps });
  await registerJobRoutes(app, {
    auth,
    db: database.db,
    hub,
    heartbeatMs: deps.sseHeartbeatMs,
  });
  await registerEventRoutes(app, { auth, hub, heartbeatMs: deps.sseHeartbeatMs });
  await registerCreditRoutes(app, { auth, db: database.db });
  // API keys and the public API /api/v1 over the same project services (issue 26).
  await registerApiKeyRoutes(app, { auth, db: database.db });
  await registerV1Routes(app, {
    deps: projectDeps,
    db: database.db,
    rateLimit: config.apiRateLimit,
    baseUrl: config.baseUrl,
  });
  const billingProvider = buildBillingProvider(config);
  await registerBillingRoutes(app, {
    auth,
    db: database.db,
    provider: billingProvider,
    baseUrl: config.baseUrl,
    // Test mode in production would hand out credits: purchases need Stripe there.
    purchasesEnabled: Boolean(config.billing.stripeSecretKey) || !config.isProduction,
    logger,
    mailer,
  });
  // Security and leaving (issue 28): devices, data export, account deletion.
  await registerAccountRoutes(app, {
    auth,
    db: database.db,
    config,
    artifacts: deps.artifacts,
    queue: deps.queue,
    provider: billingProvider,
    mailer,
    logger,
    projects: projectDeps,
  });
  await registerGithubRoutes(app, {
    auth,
    deps: {
      db: database.db,
      config: config.github,
      baseUrl: config.baseUrl,
      cipher: createTokenCipher(resolveTokenKey(config.github?.tokenKey, deps.authSecret)),
      logger,
      artifacts: deps.artifacts,
      writeIntervalMs: config.github?.writeIntervalMs,
    },
  });
  // One-click deploy to static hosts (issue 27); tokens share the GitHub tokens' key.
  await ensureHostingQueue(deps.queue.boss);
  await registerHostingRoutes(app, {
    auth,
    deps: {
      db: database.db,
      cipher: createTokenCipher(resolveTokenKey(config.tokenKey, deps.authSecret)),
      config: config.hosting,
      enqueue: async (payload) => {
        await deps.queue.boss.send(HOSTING_QUEUE, payload);
      },
    },
  });
  await registerSiteCheckRoutes(app, {
    auth,
    allowPrivateUrls: config.allowPrivateUrls,
    db: database.db,
    maxPages: config.jobs.maxPages,
  });
  await registerPreviewRoutes(app, {
    auth,
    db: database.db,
    artifacts: deps.artifacts,
    config,
    secret: deps.authSecret,
  });
  // Webhooks and batches (issue 26); webhook secrets are encrypted with the GitHub tokens' key.
  await registerWebhookRoutes(app, {
    auth,
    deps: {
      db: database.db,
      cipher: createTokenCipher(resolveTokenKey(config.tokenKey, deps.authSecret)),
      allowPrivateUrls: config.allowPrivateUrls,
    },
  });
  await registerBatchRoutes(app, { auth, deps: projectDeps });
  if (!config.isProduction) {
    await registerDevOutboxRoutes(app, { dataDir: config.dataDir });
  }
  const isSpaBuilt = await registerSpa(app, {
    distDir: deps.webDistDir ?? DEFAULT_WEB_DIST_DIR,
    // The public pages' claim about repository export matches what this server offers (issue 14).
    githubConfigured: config.github !== undefined,
    // "AI code generation" only where a default model reviews every rebuild (issue 25).
    aiConfigured: config.ai.default !== undefined,
    // "One-click deployment" live only where a static host is offered (issue 27).
    hostingConfigured: config.hosting.providers.length > 0,
  });
  return { app, auth, isSpaBuilt, hub };
}
