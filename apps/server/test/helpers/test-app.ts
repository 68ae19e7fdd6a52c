import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { PipelineInput } from '@sitelift/engine';
import { createArtifactStore, type ArtifactStore } from '../../src/artifacts/artifact-store';
import type { Auth } from '../../src/auth/build-auth';
import { parseConfig, type Config, type JobsConfig } from '../../src/config';
import type { RunPipeline } from '../../src/jobs/modernize-site.job';
import { startJobQueue, type JobQueue } from '../../src/jobs/queue';
import { startWorker, type Worker } from '../../src/jobs/worker';
import type { WebhookDispatchOptions } from '../../src/jobs/webhook-dispatcher';
import type { RealtimeHub } from '../../src/realtime/realtime-hub';
import { openDatabase, type Database } from '../../src/db/database';
import { users } from '../../src/db/schema';
import { buildApp, type AppDeps } from '../../src/http/app';
import { buildLogger } from '../../src/lib/logger';
import { buildMailer, type Mailer } from '../../src/mail/mailer';
import { listOutboxMessages, type OutboxMessage } from '../../src/mail/outbox';
import { createPostgresTestDatabase } from './test-databases';

/** The public origin test apps believe they run at. */
export const TEST_BASE_URL = 'http://localhost:3000';
/** The repository root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Puts a copy of the migrated PGlite template at DATA_DIR/pglite (see test/setup/pglite-template.ts). */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  await cp(inject('pgliteTemplateDir'), path.join(dataDir, 'pglite'), { recursive: true });
}

/** A test app over a fresh database and DATA_DIR. */
export interface TestApp {
  app: FastifyInstance;
  auth: Auth;
  config: Config;
  database: Database;
  mailer: Mailer;
  dataDir: string;
  queue: JobQueue;
  artifacts: ArtifactStore;
  hub: RealtimeHub;
  /** Starts a worker with its own pg-boss instance (closed with the app). */
  startWorker(options?: {
    engineOptions?: Partial<PipelineInput>;
    runPipeline?: RunPipeline;
    jobs?: Partial<JobsConfig>;
    allowPrivateUrls?: boolean;
    /** Webhook delivery timing (short retry delays, a test clock). */
    webhooks?: Partial<WebhookDispatchOptions>;
  }): Promise<Worker>;
  /** Listens on 127.0.0.1:0 and returns the base URL (for SSE over real sockets). */
  listen(): Promise<string>;
  /** Waits for queued e-mails, then lists the outbox (newest first). */
  getOutbox(): Promise<OutboxMessage[]>;
  /** The newest message to `to` (waits for queued e-mails). */
  getLatestMail(to: string): Promise<OutboxMessage | undefined>;
  close(): Promise<void>;
}

/** Builds the app for tests: PGlite in a temp folder or a fresh PostgreSQL database; silent logs. */
export async function createTestApp(
  kind: 'pglite' | 'postgres',
  options: {
    env?: Record<string, string>;
    webDistDir?: string;
    tokenLifetimes?: AppDeps['tokenLifetimes'];
    mutateConfig?: (config: Config) => Config;
    /** Receives the app's JSON log lines (level info); logs are silent otherwise. */
    logLines?: string[];
    /** Job timings and limits (tests default to short leases and fast polling). */
    jobs?: Partial<JobsConfig>;
    sseHeartbeatMs?: number;
    /** Shorter request timeouts (408 tests). */
    requestTimeouts?: AppDeps['requestTimeouts'];
    /** Shares another app's PostgreSQL database (it is not dropped on close). */
    databaseUrl?: string;
    /** Signing secret (two apps over one database must share it to accept each other's cookies). */
    authSecret?: string;
    /** An empty DATA_DIR to use (e.g. on a small file system); removed on close like the default one. */
    dataDir?: string;
    /** PGlite: the free space its folder must keep for new work (openDatabase's minFreeBytes). */
    minFreeBytes?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'sitelift-server-test-')));
  const postgres =
    kind === 'postgres' && !options.databaseUrl ? await createPostgresTestDatabase() : undefined;
  const databaseUrl = options.databaseUrl ?? postgres?.url;
  const parsed = parseConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      BASE_URL: TEST_BASE_URL,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '8',
      // Lighthouse adds 10-25 s to every job: only the tests about it turn it on.
      LIGHTHOUSE: 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    { repoRoot: REPO_ROOT },
  );
  const withTestJobs: Config = {
    ...parsed,
    jobs: {
      ...parsed.jobs,
      maxPages: 3,
      leaseMs: 4000,
      sweepIntervalMs: 60_000,
      retryDelaySeconds: 1,
      pollingIntervalSeconds: 0.5,
      timeoutMs: 180_000,
      ...options.jobs,
    },
  };
  const config = options.mutateConfig ? options.mutateConfig(withTestJobs) : withTestJobs;
  if (!config.databaseUrl) await copyPgliteTemplate(dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(dataDir, 'pglite'),
    minFreeBytes: options.minFreeBytes,
  });
  await database.migrate();
  const { logLines } = options;
  const logger = logLines
    ? buildLogger('info', { write: (line: string) => void logLines.push(line) })
    : buildLogger('silent');
  const mailer = buildMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir, logger });
  const artifacts = await createArtifactStore(config);
  const queue = await startJobQueue({ database, jobs: config.jobs, logger, supervise: false });
  const workers: Array<{ worker: Worker; queue: JobQueue }> = [];
  // The worker decrypts users' AI keys with the key the app encrypted them under.
  const authSecret = options.authSecret ?? randomBytes(32).toString('hex');
  const { app, auth, hub } = await buildApp({
    queue,
    artifacts,
    sseHeartbeatMs: options.sseHeartbeatMs,
    requestTimeouts: options.requestTimeouts,
    config,
    database,
    authSecret,
    logger,
    mailer,
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-dist'),
    tokenLifetimes: options.tokenLifetimes,
  });
  await app.ready();
  const getOutbox = async () => {
    await mailer.idle();
    return listOutboxMessages(dataDir);
  };
  return {
    app,
    auth,
    config,
    database,
    mailer,
    dataDir,
    queue,
    artifacts,
    hub,
    async startWorker(workerOptions = {}) {
      const workerQueue = await startJobQueue({
        database,
        jobs: config.jobs,
        logger,
        supervise: false,
      });
      const worker = await startWorker({
        database,
        config: {
          ...config,
          allowPrivateUrls: workerOptions.allowPrivateUrls ?? config.allowPrivateUrls,
          jobs: { ...config.jobs, ...workerOptions.jobs },
        },
        logger,
        queue: workerQueue,
        artifacts,
        engineOptions: workerOptions.engineOptions,
        runPipeline: workerOptions.runPipeline,
        webhooks: workerOptions.webhooks,
        mailer,
        authSecret,
      });
      workers.push({ worker, queue: workerQueue });
      return worker;
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      return `http://127.0.0.1:${address.port}`;
    },
    getOutbox,
    async getLatestMail(to) {
      return (await getOutbox()).find((message) => message.to === to);
    },
    async close() {
      for (const { worker } of workers) await worker.stop();
      for (const { queue: workerQueue } of workers) await workerQueue.stop();
      await app.close();
      await queue.stop();
      await mailer.close();
      await database.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;

/** A fresh client address so each agent has its own rate-limit budget. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A browser-like client: keeps cookies, sends the app's Origin on writes, has its own IP address. */
export interface Agent {
  cookies: Map<string, string>;
  remoteAddress: string;
  request(options: InjectOptions & { json?: unknown }): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(
    url: string,
    json?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  patch(
    url: string,
    json?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Opens an absolute link from an e-mail through the app (only its path and query are used). */
  open(link: string): Promise<LightMyRequestResponse>;
}

function storeCookies(cookies: Map<string, string>, response: LightMyRequestResponse) {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  for (const line of lines) {
    const [pair, ...attributes] = line.split(';');
    const separator = pair?.indexOf('=') ?? -1;
    if (!pair || separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const isExpired =
      attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
    if (isExpired) cookies.delete(name);
    else cookies.set(name, value);
  }
}

/** Creates an agent for `app`. */
export function createAgent(app: FastifyInstance, remoteAddress = nextClientAddress()): Agent {
  const cookies = new Map<string, string>();
  const request: Agent['request'] = async (options) => {
    const { json, headers, ...rest } = options;
    const method = (rest.method ?? 'GET').toUpperCase();
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await app.inject({
      remoteAddress,
      ...rest,
      headers: {
        ...(method !== 'GET' && method !== 'HEAD' ? { origin: TEST_BASE_URL } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...headers,
      },
      ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
    });
    storeCookies(cookies, response);
    return response;
  };
  return {
    cookies,
    remoteAddress,
    request,
    get: (url, headers) => request({ method: 'GET', url, headers }),
    post: (url, json, headers) => request({ method: 'POST', url, json: json ?? {}, headers }),
    patch: (url, json, headers) => request({ method: 'PATCH', url, json, headers }),
    open: (link) => {
      const url = new URL(link);
      return request({ method: 'GET', url: `${url.pathname}${url.search}` });
    },
  };
}

/** A unique e-mail address for one test. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

/** A password that meets the registration rule. */
export const GOOD_PASSWORD = 'Sitelift2026';

/** Registers an account (not yet verified) and returns its agent. */
export async function signUp(
  app: FastifyInstance,
  email: string,
  password = GOOD_PASSWORD,
): Promise<Agent> {
  const agent = createAgent(app);
  const response = await agent.post('/api/auth/sign-up/email', {
    email,
    password,
    name: '',
    callbackURL: '/auth/callback',
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return agent;
}

/** Signs in with a fresh agent and returns it. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = GOOD_PASSWORD,
): Promise<Agent> {
  const agent = createAgent(app);
  const response = await agent.post('/api/auth/sign-in/email', { email, password });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return agent;
}

/** The link of the newest e-mail to `to` whose path contains `pathPart`. */
export async function getMailLink(testApp: TestApp, to: string, pathPart: string): Promise<string> {
  const messages = (await testApp.getOutbox()).filter((message) => message.to === to);
  const link = messages
    .flatMap((message) => message.links)
    .find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`no e-mail to ${to} with a link containing ${pathPart}`);
  return link;
}

/** Registers, verifies the e-mail (the link signs in) and returns the signed-in agent. */
export async function signUpVerified(testApp: TestApp, email: string): Promise<Agent> {
  await signUp(testApp.app, email);
  const agent = createAgent(testApp.app);
  const response = await agent.open(await getMailLink(testApp, email, '/api/auth/verify-email'));
  if (response.statusCode !== 302) throw new Error(`verification failed: ${response.statusCode}`);
  const session = await agent.get('/api/auth/get-session');
  if (!session.json()?.user?.emailVerified) throw new Error('not signed in after verification');
  return agent;
}

/** The agent's cookies as a Cookie header (for real HTTP clients such as the SSE client). */
export function cookieHeader(agent: Agent): string {
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * Registers `email` and marks it verified in its row (for apps whose mail goes to an SMTP server, where
 * the link cannot be read from the outbox). Returns the account's id.
 */
export async function signUpMarkedVerified(testApp: TestApp, email: string): Promise<string> {
  await signUp(testApp.app, email);
  const [row] = await testApp.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!row) throw new Error(`no account for ${email}`);
  return row.id;
}
