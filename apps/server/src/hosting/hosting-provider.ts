import { HOSTING_PROVIDER_LABELS, type HostingProvider } from '@sitelift/shared/schemas/hosting';

/** One file of the site to deploy: its path relative to the site's root ('about/index.html'). */
export interface SiteFile {
  path: string;
  bytes: Uint8Array;
}

/** A site at a host: the id the API takes and the name (Netlify site, Vercel project, Pages project). */
export interface SiteRef {
  siteId: string;
  siteName: string;
  /** Netlify claimable sites: the session id their claim link is signed over. */
  claimKey?: string | null;
}

/** What a deploy reports while it works. */
export interface DeployReporter {
  log(message: string, level?: 'INFO' | 'WARNING'): void;
  progress(label: string, done: number, total: number): void;
}

/** A deploy of `files` to `site` (undefined: a new site named after `name`). */
export interface DeployRequest {
  site: SiteRef | undefined;
  name: string;
  files: SiteFile[];
  /** A claimable deploy (the operator's partner account): the new site is made claimable. */
  claimable: boolean;
  reporter: DeployReporter;
  signal?: AbortSignal;
}

/** A finished deploy: the site (new or the same), its live URL and the host's deploy id. */
export interface DeployOutcome {
  site: SiteRef;
  url: string;
  deployId: string;
}

/** The link that hands a claimable site to its owner, and until when it works (null: no end known). */
export interface ClaimLink {
  url: string;
  expiresAt: Date | null;
}

/** A static host behind one interface (issue 27). */
export interface HostingClient {
  readonly provider: HostingProvider;
  /** Checks the token with the host; the account's name as the host spells it. */
  verifyToken(): Promise<{ account: string; accountId?: string }>;
  /**
   * Deploys the files: uploads only the ones the host lacks (by digest) and waits until the deploy is
   * live. On failure it removes what it made (a new site, or the failed deploy of an existing one).
   */
  deploy(request: DeployRequest): Promise<DeployOutcome>;
  /** Deletes the site at the host; a site the host no longer has counts as deleted. */
  deleteSite(site: SiteRef): Promise<void>;
  /** Claimable deploys only: the owner's claim link of the site. */
  createClaimLink?(site: SiteRef): Promise<ClaimLink>;
}

/** What went wrong at a host, kept with its status so the message can say it in plain words. */
export class HostingError extends Error {
  readonly provider: HostingProvider;
  readonly status: number | undefined;
  /** The host's own message, as it answered. */
  readonly hostMessage: string;
  readonly retryAfterMs: number | undefined;

  constructor(
    provider: HostingProvider,
    options: { status?: number; hostMessage: string; retryAfterMs?: number; cause?: unknown },
  ) {
    super(toPlainMessage(provider, options.status, options.hostMessage), { cause: options.cause });
    this.name = 'HostingError';
    this.provider = provider;
    this.status = options.status;
    this.hostMessage = options.hostMessage;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** What a host's answer means for the user, in plain words, with the host's own words kept. */
export function toPlainMessage(
  provider: HostingProvider,
  status: number | undefined,
  hostMessage: string,
): string {
  const host = HOSTING_PROVIDER_LABELS[provider];
  const said = hostMessage ? ` ${host} said: "${hostMessage.slice(0, 300)}".` : '';
  if (status === 401) {
    return `${host} refused the token (it may be expired or revoked): connect a new one in Settings → Hosting.${said}`;
  }
  if (status === 403) {
    return `${host} did not allow this with the token: check the token's permissions.${said}`;
  }
  if (status === 404) {
    return `${host} no longer has this site (it may have been deleted or claimed by its owner).${said}`;
  }
  if (status === 429) {
    return `${host} is limiting requests right now: try again in a few minutes.${said}`;
  }
  if (status === undefined) return `${host} could not be reached.${said}`;
  if (status >= 500)
    return `${host} had a problem on its side (${status}): try again later.${said}`;
  return `${host} refused the deploy (${status}).${said}`;
}

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), capped; undefined when absent. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_WAIT_MS);
}

/** The longest wait for a rate limit: longer ones fail the deploy instead. */
export const MAX_RETRY_WAIT_MS = 60_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** Retry policy of one call: rate limits wait as long as the host asks; server errors back off. */
export interface RetryOptions {
  attempts?: number;
  /** First back-off after a 5xx or a network error (doubles each time). */
  backoffMs?: number;
  signal?: AbortSignal;
  onRetry?: (error: HostingError, waitMs: number, attempt: number) => void;
}

/**
 * Runs `call` again after a 429 (waiting what Retry-After says) or a 5xx/network failure (backing off),
 * up to `attempts` in all; other errors (401, 404, 422...) end at once.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  toError: (error: unknown) => HostingError,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 4;
  let backoff = options.backoffMs ?? 500;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (caught) {
      const error = caught instanceof HostingError ? caught : toError(caught);
      const status = error.status;
      const retryable = status === undefined || status === 429 || status >= 500;
      if (!retryable || attempt >= attempts) throw error;
      const wait = status === 429 ? (error.retryAfterMs ?? backoff) : backoff;
      options.onRetry?.(error, wait, attempt);
      await sleep(wait, options.signal);
      backoff *= 2;
    }
  }
}

/** An upload with retries, each retry said in the run's log ('Uploading about/index.html failed...'). */
export function retryUpload<T>(
  what: string,
  call: () => Promise<T>,
  toError: (error: unknown) => HostingError,
  reporter: DeployReporter,
  signal?: AbortSignal,
): Promise<T> {
  return withRetries(call, toError, {
    signal,
    onRetry: (error, wait) =>
      reporter.log(
        `Uploading ${what} failed (${error.status ?? 'network'}); retrying in ${Math.ceil(wait / 1000)} s.`,
        'WARNING',
      ),
  });
}

/** Waits `ms` (polling the state of a deploy); rejects when `signal` aborts. */
export const pause = sleep;

/** A host-safe site name from the project's name: lowercase letters, digits and dashes, ≤ 40 chars. */
export function toSiteName(name: string, suffix: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40 - suffix.length - 1)
    .replace(/-+$/g, '');
  return `${slug || 'site'}-${suffix}`;
}
