import path from 'node:path';
import {
  AI_PROVIDERS,
  aiPriceSchema,
  type AiPrice,
  type AiProvider,
} from '@sitelift/shared/schemas/ai';
import { z } from 'zod';
import type { S3Settings } from './artifacts/s3-artifact-store';
import {
  HOSTING_CONFIG_VARIABLES,
  parseHostingConfig,
  parseHostingProviders,
  type HostingConfig,
} from './hosting/hosting-config';

/** Thrown when the environment does not describe a valid configuration; the message names the variable. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { message: `must be an absolute http(s) URL (${what})` },
    );

const positiveInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: 'must be a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    );

/**
 * Every environment variable the server reads, with its default and what it does. The README's
 * configuration table is checked against this list by a test.
 */
export const CONFIG_VARIABLES = {
  PORT: { default: '3000', description: 'HTTP port to listen on (0 picks a free port).' },
  HOST: {
    default: '127.0.0.1',
    description: 'Interface to bind; use 0.0.0.0 to accept outside connections.',
  },
  DATA_DIR: {
    default: './.data',
    description:
      'Folder for the embedded database, the generated auth secret, the e-mail outbox and the lock file. Relative paths are resolved against the repository root.',
  },
  DATABASE_URL: {
    default: '(unset: embedded PGlite in DATA_DIR/pglite)',
    description: 'PostgreSQL connection string (postgres://...). Required in production.',
  },
  BASE_URL: {
    default: 'http://localhost:PORT',
    description:
      'Public origin of the app; used for links in e-mails, cookie security and the Origin check. Required in production.',
  },
  TRUSTED_ORIGINS: {
    default: '(none; with the default BASE_URL also http://127.0.0.1:PORT)',
    description:
      'Extra comma-separated origins allowed to make state-changing requests (e.g. a Vite dev server at http://localhost:5173).',
  },
  PASSKEY_RP_ID: {
    default: "(BASE_URL's host name)",
    description:
      "Domain passkeys are bound to (WebAuthn relying party ID): BASE_URL's host or a parent domain of it, or of one of TRUSTED_ORIGINS. Browsers refuse passkeys on an IP address, so a server reached at http://127.0.0.1 needs localhost here and http://localhost:PORT in TRUSTED_ORIGINS.",
  },
  SMTP_URL: {
    default: '(unset: write .eml files to DATA_DIR/outbox)',
    description:
      'SMTP server for outgoing e-mail, e.g. smtp://user:pass@smtp.example.com:587 or smtps://...',
  },
  MAIL_FROM: {
    default: 'Sitelift <no-reply@sitelift.local>',
    description: 'Sender of outgoing e-mail.',
  },
  AUTH_SECRET: {
    default: '(unset: generated once, kept in DATA_DIR/auth-secret)',
    description:
      'Secret that signs sessions and tokens, at least 32 characters. Required in production.',
  },
  NODE_ENV: {
    default: 'development',
    description:
      'development, test or production. Production requires AUTH_SECRET, DATABASE_URL and BASE_URL and hides /dev/outbox.',
  },
  LOG_LEVEL: {
    default: 'info',
    description: 'pino log level: fatal, error, warn, info, debug, trace or silent.',
  },
  TRUST_PROXY: {
    default: 'false',
    description:
      'Trust X-Forwarded-* headers: true, false, a number of proxy hops, or a comma-separated list of proxy addresses.',
  },
  ALLOW_PRIVATE_URLS: {
    default: 'false',
    description:
      'Allow submitted site URLs that point at private, loopback or link-local addresses (tests and local development).',
  },
  AUTH_RATE_LIMIT_MAX: {
    default: '10',
    description:
      'Requests per client address and window to each sensitive auth route (sign-in, sign-up, password reset, resend, change password/e-mail); more answer 429.',
  },
  AUTH_RATE_LIMIT_WINDOW_SECONDS: {
    default: '60',
    description: 'Length of the auth rate-limit window in seconds.',
  },
  API_RATE_LIMIT_MAX: {
    default: '120',
    description:
      'Requests per API key and window to the public API /api/v1; more answer 429 with RateLimit-* headers.',
  },
  API_RATE_LIMIT_WINDOW_SECONDS: {
    default: '60',
    description: 'Length of the API key rate-limit window in seconds.',
  },
  CHROME_PATH: {
    default: '(unset: an installed Chrome/Chromium/Edge, else the npm-shipped Chromium)',
    description:
      'Chrome/Chromium binary that renders sites, used alone (no fallback when it is not executable). Unset: an installed one, else the Chromium shipped in the @sparticuz/chromium npm package. /api/health names the browser in use.',
  },
  HEALTH_TOKEN: {
    default: '(unset: details only for requests from this machine)',
    description:
      'Token (at least 24 characters) that shows /api/health details (browser, sandbox, realtime, storage, warnings) to operators elsewhere, sent as Authorization: Bearer <token>; anonymous requests get only status, database, browser and ai.',
  },
  WORKER_CONCURRENCY: {
    default: '2',
    description: 'Modernization jobs one worker process runs at the same time (1-32).',
  },
  JOB_MAX_ATTEMPTS: {
    default: '3',
    description:
      'Attempts per job before it ends FAILED (a crashed worker or a passing network error is retried; a site error is not).',
  },
  JOB_TIMEOUT_SECONDS: {
    default: '900',
    description: 'Longest run of one attempt; a longer one is cancelled and the job ends FAILED.',
  },
  MAX_PAGES: {
    default: '(unset: the plan decides)',
    description:
      "A ceiling on the pages one job reads and rebuilds (1-500). Unset: each user's plan decides (25 before a first payment, 200 to 500 on paid plans; docs/decisions/052).",
  },
  LIGHTHOUSE: {
    default: 'on',
    description:
      'Lighthouse before/after of the start page after every job, when a browser is available: the project is delivered first, the scores join its report a minute later (docs/decisions/042); off turns it off.',
  },
  PREVIEW_URL: {
    default: '(unset: previews are served by the app itself under /preview/<projectId>/)',
    description:
      'Separate origin that serves the live previews (e.g. https://preview.sitelift.example.com, pointing at the same server); the app origin then refuses /preview/*.',
  },
  S3_BUCKET: {
    default: '(unset: artifacts on local disk in DATA_DIR/artifacts)',
    description:
      'Bucket of an S3-compatible store for artifacts (zips, reports, screenshots, previews); needed when web and worker processes do not share a disk.',
  },
  S3_ENDPOINT: {
    default: '(unset: AWS)',
    description: 'Endpoint of a non-AWS S3-compatible service, e.g. http://127.0.0.1:9000 (MinIO).',
  },
  S3_REGION: { default: 'us-east-1', description: 'Region of the bucket.' },
  S3_ACCESS_KEY_ID: {
    default: '(unset: the AWS SDK default credential chain)',
    description: 'Access key of the store (with S3_SECRET_ACCESS_KEY).',
  },
  S3_SECRET_ACCESS_KEY: {
    default: '(unset)',
    description: 'Secret key of the store (with S3_ACCESS_KEY_ID).',
  },
  S3_FORCE_PATH_STYLE: {
    default: 'false',
    description:
      'Address the bucket as <endpoint>/<bucket> (MinIO and most non-AWS stores need true).',
  },
  STRIPE_SECRET_KEY: {
    default: '(unset: the local test-mode checkout; purchases are refused in production)',
    description:
      'Stripe secret API key (sk_live_... or sk_test_...); set, purchases go through Stripe Checkout and the customer portal.',
  },
  STRIPE_WEBHOOK_SECRET: {
    default: '(unset; required with STRIPE_SECRET_KEY)',
    description:
      'Signing secret (whsec_...) of the Stripe webhook endpoint <BASE_URL>/api/billing/webhook; events with another signature are refused.',
  },
  GITHUB_APP_SLUG: {
    default: '(unset: the GitHub integration is off)',
    description:
      'URL name of the GitHub App (github.com/apps/<slug>); with GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET it turns the GitHub integration on.',
  },
  GITHUB_CLIENT_ID: {
    default: '(unset)',
    description: 'Client ID of the GitHub App (Iv1.../Iv23...), for the user authorization.',
  },
  GITHUB_CLIENT_SECRET: {
    default: '(unset)',
    description: 'Client secret of the GitHub App (with GITHUB_CLIENT_ID).',
  },
  GITHUB_APP_ID: {
    default: '(unset)',
    description: 'Numeric App ID of the GitHub App (optional; with GITHUB_PRIVATE_KEY).',
  },
  GITHUB_PRIVATE_KEY: {
    default: '(unset)',
    description:
      'PEM private key of the GitHub App (optional; with GITHUB_APP_ID); \\n escapes are read as newlines.',
  },
  GITHUB_API_URL: {
    default: 'https://api.github.com',
    description: 'GitHub REST API base URL (GitHub Enterprise Server: https://<host>/api/v3).',
  },
  GITHUB_WEB_URL: {
    default: 'https://github.com',
    description:
      'GitHub web origin for the app installation and authorization pages and the code exchange (GitHub Enterprise: https://<host>).',
  },
  GITHUB_TOKEN_KEY: {
    default: '(unset: derived from the auth secret with HKDF-SHA256)',
    description:
      "Key that encrypts stored GitHub tokens and users' AI keys (AES-256-GCM): 32 bytes as base64 or 64 hex characters.",
  },
  GITHUB_WRITE_INTERVAL_MS: {
    default: '750',
    description:
      'Least time in ms between two writes of one deploy to GitHub (80 a minute stays under its content-creation limit); 0 for a local GitHub-compatible test server.',
  },
  AI_PROVIDER: {
    default: '(unset: no default model, rebuilds run offline unless a user adds their own)',
    description:
      "The operator's default model provider for every user without their own: openai, anthropic, google or openai-compatible (Ollama, LM Studio, vLLM, OpenRouter). /api/health names it.",
  },
  AI_MODEL: {
    default: '(unset; required with AI_PROVIDER)',
    description: 'Model id of the default provider, e.g. gpt-4o-mini or llama3.2-vision.',
  },
  AI_API_KEY: {
    default: '(unset; required with openai, anthropic and google)',
    description: 'API key of the default provider; never logged nor shown.',
  },
  AI_BASE_URL: {
    default: "(unset: the provider's own API)",
    description:
      'API root of the default provider (required for openai-compatible, e.g. http://127.0.0.1:11434/v1 for Ollama).',
  },
  AI_PRICES: {
    default: '(unset: the built-in price table)',
    description:
      'Model prices in US dollars per million tokens as JSON, e.g. {"gpt-4o-mini":{"input":0.15,"output":0.6}}; costs of other models are not estimated unless the engine knows them.',
  },
  AI_MONTHLY_TOKENS: {
    default: '2000000',
    description:
      "Tokens (in + out) one user's jobs may spend on a model per calendar month (UTC); past it their jobs run offline.",
  },
  AI_JOB_TOKENS: {
    default: '200000',
    description: 'Tokens (in + out) one job may spend on a model.',
  },
  ...HOSTING_CONFIG_VARIABLES,
} as const satisfies Record<string, { default: string; description: string }>;

/** Name of a configuration variable. */
export type ConfigVariable = keyof typeof CONFIG_VARIABLES;

/** The environment variables as zod validates them (before defaults that depend on each other). */
export const configEnvSchema = z.object({
  PORT: positiveInt(0, 65535).optional(),
  HOST: z.string().trim().min(1, { message: 'must not be empty' }).optional(),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    { message: 'must be a postgres:// or postgresql:// connection string' },
  ),
  BASE_URL: httpUrl('e.g. https://sitelift.example.com').optional(),
  TRUSTED_ORIGINS: optionalString.refine(
    (value) =>
      value === undefined ||
      value.split(',').every((item) => {
        try {
          return ['http:', 'https:'].includes(new URL(item.trim()).protocol);
        } catch {
          return false;
        }
      }),
    { message: 'must be a comma-separated list of http(s) origins' },
  ),
  PASSKEY_RP_ID: optionalString.refine(
    (value) =>
      value === undefined ||
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(value),
    {
      message: 'must be a lower-case domain name without scheme or port, e.g. sitelift.example.com',
    },
  ),
  SMTP_URL: optionalString.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
    message: 'must start with smtp:// or smtps://',
  }),
  MAIL_FROM: optionalString,
  AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters long',
  }),
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'must be development, test or production',
    })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
  TRUST_PROXY: optionalString,
  ALLOW_PRIVATE_URLS: booleanFlag.optional(),
  AUTH_RATE_LIMIT_MAX: positiveInt(1, 1_000_000).optional(),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt(1, 86_400).optional(),
  API_RATE_LIMIT_MAX: positiveInt(1, 1_000_000).optional(),
  API_RATE_LIMIT_WINDOW_SECONDS: positiveInt(1, 86_400).optional(),
  CHROME_PATH: optionalString,
  HEALTH_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 24, {
    message: 'must be at least 24 characters long',
  }),
  WORKER_CONCURRENCY: positiveInt(1, 32).optional(),
  JOB_MAX_ATTEMPTS: positiveInt(1, 10).optional(),
  JOB_TIMEOUT_SECONDS: positiveInt(10, 86_400).optional(),
  MAX_PAGES: positiveInt(1, 500).optional(),
  LIGHTHOUSE: z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' })
    .transform((value) => value === 'on' || value === 'true' || value === '1')
    .optional(),
  PREVIEW_URL: httpUrl('e.g. https://preview.sitelift.example.com').optional(),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: httpUrl('e.g. http://127.0.0.1:9000').optional(),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  STRIPE_SECRET_KEY: optionalString.refine(
    (value) => value === undefined || /^(sk|rk)_(test|live)_/.test(value),
    { message: 'must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)' },
  ),
  STRIPE_WEBHOOK_SECRET: optionalString,
  GITHUB_APP_SLUG: optionalString.refine(
    (value) => value === undefined || /^[a-z0-9][a-z0-9-]{0,99}$/i.test(value),
    { message: "must be the GitHub App's URL name (letters, digits and hyphens)" },
  ),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_APP_ID: optionalString.refine((value) => value === undefined || /^\d+$/.test(value), {
    message: 'must be the numeric App ID',
  }),
  GITHUB_PRIVATE_KEY: optionalString,
  GITHUB_API_URL: httpUrl('e.g. https://api.github.com').optional(),
  GITHUB_WEB_URL: httpUrl('e.g. https://github.com').optional(),
  GITHUB_WRITE_INTERVAL_MS: positiveInt(0, 60_000).optional(),
  GITHUB_TOKEN_KEY: optionalString.refine(
    (value) => value === undefined || parseTokenKey(value) !== undefined,
    { message: 'must be 32 bytes as base64 or 64 hex characters' },
  ),
  AI_PROVIDER: optionalString.refine(
    (value) => value === undefined || (AI_PROVIDERS as readonly string[]).includes(value),
    { message: `must be one of ${AI_PROVIDERS.join(', ')}` },
  ),
  AI_MODEL: optionalString,
  AI_API_KEY: optionalString,
  AI_BASE_URL: httpUrl('e.g. http://127.0.0.1:11434/v1').optional(),
  AI_PRICES: optionalString,
  AI_MONTHLY_TOKENS: positiveInt(0, 1_000_000_000).optional(),
  AI_JOB_TOKENS: positiveInt(1000, 100_000_000).optional(),
  HOSTING_PROVIDERS: optionalString.refine(
    (value) => value === undefined || parseHostingProviders(value) !== undefined,
    {
      message: 'must be none or a comma-separated list of netlify, vercel, cloudflare',
    },
  ),
  NETLIFY_API_URL: httpUrl('e.g. https://api.netlify.com/api/v1').optional(),
  NETLIFY_WEB_URL: httpUrl('e.g. https://app.netlify.com').optional(),
  NETLIFY_PARTNER_TOKEN: optionalString,
  NETLIFY_PARTNER_CLIENT_ID: optionalString,
  NETLIFY_PARTNER_CLIENT_SECRET: optionalString,
  VERCEL_API_URL: httpUrl('e.g. https://api.vercel.com').optional(),
  VERCEL_WEB_URL: httpUrl('e.g. https://vercel.com').optional(),
  VERCEL_PARTNER_TOKEN: optionalString,
  VERCEL_PARTNER_TEAM_ID: optionalString,
  CLOUDFLARE_API_URL: httpUrl('e.g. https://api.cloudflare.com/client/v4').optional(),
});

/** GITHUB_TOKEN_KEY as 32 bytes (64 hex characters or base64/base64url), or undefined when it is not. */
export function parseTokenKey(value: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/** The server's validated configuration. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  trustedOrigins: string[];
  /** WebAuthn relying party ID of passkeys (PASSKEY_RP_ID, else BASE_URL's host name). */
  passkeyRpId: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean | number | string[];
  allowPrivateUrls: boolean;
  authRateLimit: { max: number; windowMs: number };
  /** Requests per API key and window (issue 26). */
  apiRateLimit: { max: number; windowSeconds: number };
  /** CHROME_PATH, or undefined to find a browser (see the engine's findBrowser). */
  chromePath: string | undefined;
  /** HEALTH_TOKEN: shows /api/health's details to a request that sends it (loopback needs none). */
  healthToken: string | undefined;
  /** Origin of the preview site when it is separate (PREVIEW_URL), else undefined. */
  previewUrl: string | undefined;
  jobs: JobsConfig;
  /** S3-compatible artifact storage (S3_*), or undefined for DATA_DIR/artifacts. */
  s3: S3Settings | undefined;
  /** Payments (issue 13): Stripe when a key is set, else the local test mode. */
  billing: BillingConfig;
  /** The GitHub App (issue 14, GITHUB_*), or undefined when the integration is not configured. */
  github: GithubConfig | undefined;
  /**
   * GITHUB_TOKEN_KEY (32 bytes) whether or not GitHub is configured: it encrypts stored GitHub tokens
   * and users' AI keys; undefined derives the key from the auth secret.
   */
  tokenKey: Buffer | undefined;
  /** Models (issue 25, AI_*): the operator's default, prices and budgets. */
  ai: AiConfig;
  /** One-click deploy to static hosts (issue 27): providers offered, API bases, partner tokens. */
  hosting: HostingConfig;
}

/** A model a job can call: the operator's default (AI_*) or a user's own. */
export interface AiModelSettings {
  provider: AiProvider;
  model: string;
  apiKey: string | undefined;
  baseUrl: string | undefined;
}

/** AI_*: the default model and what jobs may spend. */
export interface AiConfig {
  /** The operator's default model, or undefined (offline unless a user brings their own). */
  default: AiModelSettings | undefined;
  /** AI_PRICES: US dollars per million tokens by model id. */
  prices: Record<string, AiPrice>;
  /** AI_MONTHLY_TOKENS: tokens one user may spend per calendar month (UTC). */
  monthlyTokens: number;
  /** AI_JOB_TOKENS: tokens one job may spend. */
  jobTokens: number;
}

/** Providers that need an API key (openai-compatible servers such as Ollama often take none). */
const AI_KEYED_PROVIDERS: readonly AiProvider[] = ['openai', 'anthropic', 'google'];

function parseAiPrices(value: string | undefined): Record<string, AiPrice> {
  if (value === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ConfigError(
      'AI_PRICES',
      'must be JSON, e.g. {"gpt-4o-mini":{"input":0.15,"output":0.6}}',
    );
  }
  const parsed = z.record(z.string().min(1), aiPriceSchema).safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(
      'AI_PRICES',
      'must map model ids to { "input": dollars, "output": dollars } per million tokens',
    );
  }
  return parsed.data;
}

function parseAiConfig(values: z.infer<typeof configEnvSchema>): AiConfig {
  const base = {
    prices: parseAiPrices(values.AI_PRICES),
    monthlyTokens: values.AI_MONTHLY_TOKENS ?? 2_000_000,
    jobTokens: values.AI_JOB_TOKENS ?? 200_000,
  };
  const provider = values.AI_PROVIDER as AiProvider | undefined;
  if (provider === undefined) {
    for (const variable of ['AI_MODEL', 'AI_API_KEY', 'AI_BASE_URL'] as const) {
      if (values[variable] !== undefined) {
        throw new ConfigError('AI_PROVIDER', `is required when ${variable} is set`);
      }
    }
    return { ...base, default: undefined };
  }
  if (values.AI_MODEL === undefined) {
    throw new ConfigError('AI_MODEL', 'is required when AI_PROVIDER is set');
  }
  if (AI_KEYED_PROVIDERS.includes(provider) && values.AI_API_KEY === undefined) {
    throw new ConfigError('AI_API_KEY', `is required when AI_PROVIDER=${provider}`);
  }
  if (provider === 'openai-compatible' && values.AI_BASE_URL === undefined) {
    throw new ConfigError('AI_BASE_URL', 'is required when AI_PROVIDER=openai-compatible');
  }
  return {
    ...base,
    default: {
      provider,
      model: values.AI_MODEL,
      apiKey: values.AI_API_KEY,
      baseUrl: values.AI_BASE_URL?.replace(/\/+$/, ''),
    },
  };
}

/** GITHUB_*: the GitHub App that users connect and deploy through. */
export interface GithubConfig {
  appSlug: string;
  clientId: string;
  clientSecret: string;
  appId: string | undefined;
  privateKey: string | undefined;
  /** REST API base without a trailing slash (https://api.github.com, GHE: https://host/api/v3). */
  apiUrl: string;
  /** Web origin without a trailing slash (https://github.com). */
  webUrl: string;
  /** GITHUB_TOKEN_KEY (32 bytes), or undefined to derive the key from the auth secret. */
  tokenKey: Buffer | undefined;
  /** Least time between two writes to GitHub in ms (750: 80 a minute, GitHub's content limit; tests 0). */
  writeIntervalMs: number;
}

const GITHUB_REQUIRED = ['GITHUB_APP_SLUG', 'GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'] as const;

function parseGithubConfig(values: z.infer<typeof configEnvSchema>): GithubConfig | undefined {
  const isSet = (name: keyof typeof values) => values[name] !== undefined;
  // The URLs and the token key alone (e.g. defaults kept in a shared file) do not turn the integration on.
  const turnedOn = [...GITHUB_REQUIRED, 'GITHUB_APP_ID', 'GITHUB_PRIVATE_KEY'] as const;
  if (!turnedOn.some(isSet)) return undefined;
  const missing = GITHUB_REQUIRED.find((name) => !isSet(name));
  if (missing) {
    throw new ConfigError(
      missing,
      `is required when any GitHub variable is set (${GITHUB_REQUIRED.join(', ')} go together)`,
    );
  }
  if (isSet('GITHUB_APP_ID') !== isSet('GITHUB_PRIVATE_KEY')) {
    throw new ConfigError(
      isSet('GITHUB_APP_ID') ? 'GITHUB_PRIVATE_KEY' : 'GITHUB_APP_ID',
      'is required with the other (GITHUB_APP_ID and GITHUB_PRIVATE_KEY go together)',
    );
  }
  const trimSlash = (url: string) => url.replace(/\/+$/, '');
  return {
    appSlug: values.GITHUB_APP_SLUG as string,
    clientId: values.GITHUB_CLIENT_ID as string,
    clientSecret: values.GITHUB_CLIENT_SECRET as string,
    appId: values.GITHUB_APP_ID,
    privateKey: values.GITHUB_PRIVATE_KEY?.replace(/\\n/g, '\n'),
    apiUrl: trimSlash(values.GITHUB_API_URL ?? 'https://api.github.com'),
    webUrl: trimSlash(values.GITHUB_WEB_URL ?? 'https://github.com'),
    tokenKey:
      values.GITHUB_TOKEN_KEY === undefined ? undefined : parseTokenKey(values.GITHUB_TOKEN_KEY),
    writeIntervalMs: values.GITHUB_WRITE_INTERVAL_MS ?? 750,
  };
}

/** STRIPE_*; `stripeApi` points the SDK at another host (tests use a Stripe-compatible server). */
export interface BillingConfig {
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** How the queue and the worker behave (WORKER_CONCURRENCY, JOB_*; tests shorten the timings). */
export interface JobsConfig {
  concurrency: number;
  maxAttempts: number;
  timeoutMs: number;
  /** The operator's ceiling on pages per job (MAX_PAGES); the user's plan gives the limit below it. */
  maxPages: number | undefined;
  /** A worker's hold on a running job; renewed every leaseMs / 3 (the heartbeat). */
  leaseMs: number;
  /** How often a worker looks for jobs whose worker died (expired leases) and lost queue messages. */
  sweepIntervalMs: number;
  /** A QUEUED job untouched this long has its queue message sent again. */
  staleQueuedMs: number;
  /** Delay before another attempt after a passing error. */
  retryDelaySeconds: number;
  /** pg-boss polling interval (it is also woken up at once by a send in the same process). */
  pollingIntervalSeconds: number;
  /** Take before/after screenshots (the thumbnails); the bench turns them off. */
  screenshots: boolean;
  /** Lighthouse before/after of the start page (LIGHTHOUSE, default on; needs a browser). */
  lighthouse: boolean;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (
    list.length === 0 ||
    list.some((item) => !/^[0-9a-fA-F:./]+$/.test(item) && item !== 'loopback')
  ) {
    throw new ConfigError(
      'TRUST_PROXY',
      'must be true, false, a number of hops or a comma-separated list of IP addresses/CIDR ranges',
    );
  }
  return list;
}

/**
 * Validates the environment and applies defaults. Throws ConfigError naming the first bad variable.
 * `repoRoot` anchors a relative DATA_DIR so the workspace script's cwd does not matter.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  options: { repoRoot: string },
): Config {
  const picked = Object.fromEntries(Object.keys(CONFIG_VARIABLES).map((key) => [key, env[key]]));
  const result = configEnvSchema.safeParse(picked);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'is invalid');
  }
  const values = result.data;
  const nodeEnv = values.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  if (isProduction) {
    for (const variable of ['AUTH_SECRET', 'DATABASE_URL', 'BASE_URL'] as const) {
      if (values[variable] === undefined) {
        throw new ConfigError(variable, 'is required when NODE_ENV=production');
      }
    }
  }
  if (values.STRIPE_SECRET_KEY !== undefined && values.STRIPE_WEBHOOK_SECRET === undefined) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set');
  }
  const port = values.PORT ?? 3000;
  const baseUrl = new URL(values.BASE_URL ?? `http://localhost:${port}`).origin;
  // With the default BASE_URL, http://127.0.0.1:PORT is the same local server: let it pass the Origin check.
  const loopbackAliases = values.BASE_URL === undefined ? [`http://127.0.0.1:${port}`] : [];
  const trustedOrigins = [
    ...loopbackAliases,
    ...(values.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => new URL(item).origin),
  ];
  const passkeyRpId = values.PASSKEY_RP_ID ?? new URL(baseUrl).hostname;
  // A passkey's RP ID must be the page's host or a parent domain of it, or no browser will use it.
  const hosts = [baseUrl, ...trustedOrigins].map((origin) => new URL(origin).hostname);
  if (!hosts.some((host) => host === passkeyRpId || host.endsWith(`.${passkeyRpId}`))) {
    throw new ConfigError(
      'PASSKEY_RP_ID',
      'must be the host of BASE_URL or of one of TRUSTED_ORIGINS, or a parent domain of it',
    );
  }
  return {
    port,
    host: values.HOST ?? '127.0.0.1',
    dataDir: path.resolve(options.repoRoot, values.DATA_DIR ?? '.data'),
    databaseUrl: values.DATABASE_URL,
    baseUrl,
    trustedOrigins,
    passkeyRpId,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? 'Sitelift <no-reply@sitelift.local>',
    authSecret: values.AUTH_SECRET,
    nodeEnv,
    isProduction,
    logLevel: values.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    allowPrivateUrls: values.ALLOW_PRIVATE_URLS ?? false,
    authRateLimit: {
      max: values.AUTH_RATE_LIMIT_MAX ?? 10,
      windowMs: (values.AUTH_RATE_LIMIT_WINDOW_SECONDS ?? 60) * 1000,
    },
    apiRateLimit: {
      max: values.API_RATE_LIMIT_MAX ?? 120,
      windowSeconds: values.API_RATE_LIMIT_WINDOW_SECONDS ?? 60,
    },
    chromePath: values.CHROME_PATH,
    healthToken: values.HEALTH_TOKEN,
    previewUrl: values.PREVIEW_URL === undefined ? undefined : new URL(values.PREVIEW_URL).origin,
    s3:
      values.S3_BUCKET === undefined
        ? undefined
        : {
            bucket: values.S3_BUCKET,
            endpoint: values.S3_ENDPOINT,
            region: values.S3_REGION ?? 'us-east-1',
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.S3_FORCE_PATH_STYLE ?? false,
          },
    billing: {
      stripeSecretKey: values.STRIPE_SECRET_KEY,
      stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET,
    },
    github: parseGithubConfig(values),
    tokenKey:
      values.GITHUB_TOKEN_KEY === undefined ? undefined : parseTokenKey(values.GITHUB_TOKEN_KEY),
    ai: parseAiConfig(values),
    hosting: parseHostingConfig(values, (variable, message) => {
      throw new ConfigError(variable, message);
    }),
    jobs: {
      concurrency: values.WORKER_CONCURRENCY ?? 2,
      maxAttempts: values.JOB_MAX_ATTEMPTS ?? 3,
      timeoutMs: (values.JOB_TIMEOUT_SECONDS ?? 900) * 1000,
      maxPages: values.MAX_PAGES,
      leaseMs: 60_000,
      sweepIntervalMs: 15_000,
      staleQueuedMs: 10 * 60_000,
      retryDelaySeconds: 5,
      pollingIntervalSeconds: 2,
      screenshots: true,
      lighthouse: values.LIGHTHOUSE ?? true,
    },
  };
}
