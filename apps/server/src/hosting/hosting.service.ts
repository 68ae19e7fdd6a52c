import { AppError } from '@sitelift/shared/error-codes';
import {
  HOSTING_PROVIDER_LABELS,
  type HostingConnectBody,
  type HostingMode,
  type HostingProvider,
  type HostingSettings,
  type ProjectHosting,
} from '@sitelift/shared/schemas/hosting';
import type { AppDb } from '../db/database';
import {
  deleteHostingConnection,
  findHostingConnection,
  findProjectHosting,
  insertHostingDeploy,
  listHostingConnections,
  upsertHostingConnection,
  type HostingDeployRow,
} from '../db/hosting.repository';
import type { StoredHosting } from '../db/schema';
import type { TokenCipher } from '../github/token-crypto';
import { createCloudflareClient } from './cloudflare-client';
import type { HostingConfig } from './hosting-config';
import { HostingError, type HostingClient } from './hosting-provider';
import { createNetlifyClient } from './netlify-client';
import { createVercelClient } from './vercel-client';

/** Credentials a client deploys with: a user's token (and account), or the operator's partner one. */
export interface HostingCredentials {
  token: string;
  accountId?: string | null;
  claimable: boolean;
}

/** The client of `provider` over these credentials, at the configured API base. */
export function buildHostingClient(
  config: HostingConfig,
  provider: HostingProvider,
  credentials: HostingCredentials,
  timing: { pollMs?: number } = {},
): HostingClient {
  if (provider === 'netlify') {
    const partner = config.netlify.partner;
    return createNetlifyClient({
      apiUrl: config.netlify.apiUrl,
      token: credentials.token,
      ...timing,
      ...(credentials.claimable && partner
        ? {
            claim: {
              clientId: partner.clientId,
              clientSecret: partner.clientSecret,
              webUrl: config.netlify.webUrl,
            },
          }
        : {}),
    });
  }
  if (provider === 'vercel') {
    return createVercelClient({
      apiUrl: config.vercel.apiUrl,
      webUrl: config.vercel.webUrl,
      token: credentials.token,
      teamId: credentials.accountId ?? undefined,
      ...timing,
    });
  }
  return createCloudflareClient({
    apiUrl: config.cloudflare.apiUrl,
    token: credentials.token,
    accountId: credentials.accountId ?? undefined,
    ...timing,
  });
}

/** True when the operator configured claimable deploys for the provider (Cloudflare has none). */
export function isClaimOffered(config: HostingConfig, provider: HostingProvider): boolean {
  if (provider === 'netlify') return config.netlify.partner !== undefined;
  if (provider === 'vercel') return config.vercel.partner !== undefined;
  return false;
}

/** The partner credentials of a provider (claimable deploys), or undefined when not configured. */
export function partnerCredentials(
  config: HostingConfig,
  provider: HostingProvider,
): HostingCredentials | undefined {
  if (provider === 'netlify' && config.netlify.partner) {
    return { token: config.netlify.partner.token, claimable: true };
  }
  if (provider === 'vercel' && config.vercel.partner) {
    return {
      token: config.vercel.partner.token,
      accountId: config.vercel.partner.teamId ?? null,
      claimable: true,
    };
  }
  return undefined;
}

/** What a deploy needs from the server. */
export interface HostingDeps {
  db: AppDb;
  cipher: TokenCipher;
  config: HostingConfig;
  /** Sends the run to the worker (the `deploy-site` queue). */
  enqueue(payload: { deployId: string }): Promise<void>;
}

function lastFour(token: string): string | null {
  return token.length >= 16 ? token.slice(-4) : null;
}

function assertOffered(config: HostingConfig, provider: HostingProvider): void {
  if (!config.providers.includes(provider)) throw new AppError('API_HOSTING_PROVIDER_DISABLED');
}

/** GET /api/me/hosting: every offered provider with the user's connection (never its token). */
export async function getHostingSettings(
  db: AppDb,
  config: HostingConfig,
  userId: string,
): Promise<HostingSettings> {
  const rows = await listHostingConnections(db, userId);
  return {
    providers: config.providers.map((provider) => {
      const row = rows.find((candidate) => candidate.provider === provider);
      return {
        provider,
        label: HOSTING_PROVIDER_LABELS[provider],
        connected: row !== undefined,
        account: row?.accountName ?? null,
        token_last4: row?.tokenLast4 ?? null,
        connected_at: row?.createdAt.toISOString() ?? null,
        claimable: isClaimOffered(config, provider),
      };
    }),
  };
}

/**
 * PUT /api/me/hosting/:provider: checks the token with the provider (a refused token is 422 in the
 * provider's words), then stores it encrypted with the account the provider named.
 */
export async function connectHosting(
  deps: Pick<HostingDeps, 'db' | 'cipher' | 'config'>,
  userId: string,
  provider: HostingProvider,
  body: HostingConnectBody,
): Promise<void> {
  assertOffered(deps.config, provider);
  const accountId = body.account_id ? body.account_id : null;
  const client = buildHostingClient(deps.config, provider, {
    token: body.token,
    accountId,
    claimable: false,
  });
  let verified: { account: string; accountId?: string };
  try {
    verified = await client.verifyToken();
  } catch (error) {
    if (error instanceof HostingError) {
      throw new AppError('API_HOSTING_TOKEN_REFUSED', { message: error.message, cause: error });
    }
    throw error;
  }
  await upsertHostingConnection(deps.db, {
    userId,
    provider,
    token: deps.cipher.encrypt(body.token),
    tokenLast4: lastFour(body.token),
    accountName: verified.account.slice(0, 200),
    accountId: verified.accountId ?? accountId,
  });
}

/** DELETE /api/me/hosting/:provider: forgets the token (sites already deployed stay where they are). */
export async function disconnectHosting(
  db: AppDb,
  config: HostingConfig,
  userId: string,
  provider: HostingProvider,
): Promise<void> {
  assertOffered(config, provider);
  await deleteHostingConnection(db, userId, provider);
}

/** The public part of a project's hosted site (never the host's ids or the claim key). */
export function toProjectHostingJson(stored: StoredHosting | null): ProjectHosting | null {
  if (!stored) return null;
  return {
    provider: stored.provider,
    mode: stored.mode,
    status: stored.status,
    url: stored.url,
    claim_url: stored.claimUrl,
    claim_expires_at: stored.claimExpiresAt,
    error: stored.error,
    progress: stored.progress,
    deployed_at: stored.deployedAt,
    deploy_id: stored.deployId,
  };
}

/**
 * POST /api/projects/:id/hosting (deploy or deploy again) and DELETE (remove): checks the project,
 * the provider and the credentials, records the run (one at a time per project) and queues it.
 */
export async function startHostingRun(
  deps: HostingDeps,
  userId: string,
  projectId: string,
  request:
    { action: 'deploy'; provider: HostingProvider; mode: HostingMode } | { action: 'remove' },
): Promise<HostingDeployRow> {
  const project = await findProjectHosting(deps.db, userId, projectId);
  if (!project) throw new AppError('API_PROJECT_NOT_FOUND');
  const current = project.hosting;
  let provider: HostingProvider;
  let mode: HostingMode;
  if (request.action === 'remove') {
    if (!current?.siteId) throw new AppError('API_HOSTING_NO_SITE');
    provider = current.provider;
    mode = current.mode;
  } else {
    ({ provider, mode } = request);
    assertOffered(deps.config, provider);
    if (project.status !== 'completed') throw new AppError('API_HOSTING_PROJECT_NOT_READY');
    if (current?.siteId && (current.provider !== provider || current.mode !== mode)) {
      throw new AppError('API_HOSTING_OTHER_SITE', {
        message: `This project is hosted at ${HOSTING_PROVIDER_LABELS[current.provider]}: remove that site first to deploy it elsewhere.`,
      });
    }
  }
  if (mode === 'claim') {
    if (!isClaimOffered(deps.config, provider)) throw new AppError('API_HOSTING_CLAIM_NOT_OFFERED');
  } else if (!(await findHostingConnection(deps.db, userId, provider))) {
    throw new AppError('API_HOSTING_NOT_CONNECTED', {
      message: `Connect ${HOSTING_PROVIDER_LABELS[provider]} in Settings → Hosting first.`,
    });
  }
  const row = await insertHostingDeploy(deps.db, {
    userId,
    projectId,
    provider,
    mode,
    action: request.action,
    hosting: (deployId) => ({
      provider,
      mode,
      siteId: current?.siteId ?? null,
      siteName: current?.siteName ?? null,
      claimKey: current?.claimKey ?? null,
      url: current?.url ?? null,
      claimUrl: current?.claimUrl ?? null,
      claimExpiresAt: current?.claimExpiresAt ?? null,
      deployedAt: current?.deployedAt ?? null,
      status: request.action === 'remove' ? 'removing' : 'deploying',
      error: null,
      progress: { label: 'Waiting for a worker', done: 0, total: 0 },
      deployId,
    }),
  });
  if (!row) throw new AppError('API_HOSTING_BUSY');
  await deps.enqueue({ deployId: row.id });
  return row;
}
