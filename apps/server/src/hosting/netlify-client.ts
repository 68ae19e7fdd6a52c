import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { NetlifyAPI } from '@netlify/api';
import {
  HostingError,
  pause,
  retryUpload,
  toSiteName,
  withRetries,
  type ClaimLink,
  type DeployOutcome,
  type DeployRequest,
  type HostingClient,
  type SiteFile,
  type SiteRef,
} from './hosting-provider';

/** Netlify's partner settings for claimable sites (an OAuth application's id and secret). */
export interface NetlifyClaimSettings {
  clientId: string;
  clientSecret: string;
  /** Netlify's web origin (https://app.netlify.com): the claim page lives there. */
  webUrl: string;
}

/** What the Netlify client needs: the API base (https://api.netlify.com/api/v1) and a token. */
export interface NetlifyClientOptions {
  apiUrl: string;
  token: string;
  claim?: NetlifyClaimSettings;
  /** Milliseconds between two looks at a deploy's state. */
  pollMs?: number;
  /** Longest wait for a deploy to go live. */
  readyTimeoutMs?: number;
}

interface NetlifySite {
  id: string;
  name: string;
  ssl_url?: string;
  url?: string;
}

interface NetlifyDeploy {
  id: string;
  state: string;
  required?: string[];
  error_message?: string | null;
  ssl_url?: string;
}

function toNetlifyError(error: unknown): HostingError {
  const failed = error as { status?: number; json?: { message?: string }; data?: string };
  if (typeof failed.status === 'number') {
    const hostMessage =
      failed.json?.message ??
      (typeof failed.data === 'string' ? failed.data : (error as Error).message);
    return new HostingError('netlify', { status: failed.status, hostMessage, cause: error });
  }
  return new HostingError('netlify', {
    hostMessage: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}

/** A JWT (HS256) over `payload`: Netlify's claim link carries one signed with the OAuth secret. */
function signJwt(payload: Record<string, unknown>, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * Netlify through its official client (`@netlify/api`, pointed at `apiUrl`): a site, a deploy that
 * names every file by SHA-1 (`files`), uploads of only the digests Netlify answers as `required`, then
 * the deploy's state until `ready`. The client waits out 429s itself (X-RateLimit-Reset).
 */
export function createNetlifyClient(options: NetlifyClientOptions): HostingClient {
  const base = new URL(options.apiUrl);
  const api = new NetlifyAPI(options.token, {
    scheme: base.protocol.replace(':', ''),
    host: base.host,
    pathPrefix: base.pathname.replace(/\/+$/, ''),
    userAgent: 'sitelift',
  });
  const pollMs = options.pollMs ?? 1000;
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const call = <T>(run: () => Promise<T>, signal?: AbortSignal) =>
    withRetries(run, toNetlifyError, { signal, attempts: 3 });

  async function uploadRequired(
    deploy: NetlifyDeploy,
    files: SiteFile[],
    digests: Map<string, SiteFile>,
    request: DeployRequest,
  ): Promise<void> {
    const required = deploy.required ?? [];
    const { reporter } = request;
    reporter.log(
      `Netlify already has ${files.length - required.length} of ${files.length} files; uploading ${required.length}.`,
    );
    let done = 0;
    reporter.progress('Uploading files', done, required.length);
    for (const digest of required) {
      const file = digests.get(digest);
      if (!file) throw new HostingError('netlify', { hostMessage: `unknown digest ${digest}` });
      await retryUpload(
        file.path,
        () =>
          api.uploadDeployFile({
            deploy_id: deploy.id,
            path: file.path,
            // Typed as a file stream; node-fetch (the client's fetch) sends a Buffer as it is.
            body: Buffer.from(file.bytes) as unknown as ReadStream,
          }),
        toNetlifyError,
        reporter,
        request.signal,
      );
      done += 1;
      reporter.progress('Uploading files', done, required.length);
    }
  }

  async function waitUntilReady(deployId: string, signal?: AbortSignal): Promise<NetlifyDeploy> {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      const deploy = (await call(
        () => api.getDeploy({ deploy_id: deployId }),
        signal,
      )) as NetlifyDeploy;
      if (deploy.state === 'ready') return deploy;
      if (deploy.state === 'error') {
        throw new HostingError('netlify', {
          status: 422,
          hostMessage: deploy.error_message ?? 'the deploy failed',
        });
      }
      if (Date.now() > deadline) {
        throw new HostingError('netlify', {
          status: 504,
          hostMessage: `the deploy was still "${deploy.state}" after ${Math.round(readyTimeoutMs / 1000)} s`,
        });
      }
      await pause(pollMs, signal);
    }
  }

  return {
    provider: 'netlify',
    async verifyToken() {
      const user = (await call(() => api.getCurrentUser())) as {
        full_name?: string;
        email?: string;
        slug?: string;
      };
      return { account: user.email ?? user.full_name ?? user.slug ?? 'Netlify account' };
    },
    async deploy(request): Promise<DeployOutcome> {
      const { reporter, signal } = request;
      let site: NetlifySite | undefined;
      let created = false;
      let deployId: string | undefined;
      let claimKey = request.site?.claimKey ?? null;
      try {
        if (request.site) {
          const siteId = request.site.siteId;
          site = (await call(() => api.getSite({ site_id: siteId }), signal)) as NetlifySite;
          reporter.log(`Deploying again to the Netlify site ${site.name}.`);
        } else {
          claimKey = request.claimable ? randomUUID() : null;
          const name = toSiteName(request.name, randomUUID().slice(0, 6));
          site = (await call(
            () =>
              api.createSite({
                // created_via and session_id (claimable sites) are not in the client's types.
                body: {
                  name,
                  created_via: 'sitelift',
                  ...(claimKey ? { session_id: claimKey } : {}),
                } as { name: string },
              }),
            signal,
          )) as NetlifySite;
          created = true;
          reporter.log(`Created the Netlify site ${site.name}.`);
        }
        const digests = new Map<string, SiteFile>();
        const manifest: Record<string, string> = {};
        for (const file of request.files) {
          const digest = createHash('sha1').update(file.bytes).digest('hex');
          manifest[`/${file.path}`] = digest;
          if (!digests.has(digest)) digests.set(digest, file);
        }
        const siteId = site.id;
        let deploy = (await call(
          () => api.createSiteDeploy({ site_id: siteId, body: { files: manifest } }),
          signal,
        )) as NetlifyDeploy;
        deployId = deploy.id;
        // An async deploy first prepares its list of required files.
        while (deploy.state === 'preparing') {
          await pause(pollMs, signal);
          deploy = (await call(
            () => api.getDeploy({ deploy_id: deploy.id }),
            signal,
          )) as NetlifyDeploy;
        }
        await uploadRequired(deploy, request.files, digests, request);
        reporter.log('Waiting for Netlify to publish the deploy.');
        const ready = await waitUntilReady(deploy.id, signal);
        return {
          site: { siteId: site.id, siteName: site.name, claimKey },
          url: site.ssl_url ?? ready.ssl_url ?? site.url ?? '',
          deployId: deploy.id,
        };
      } catch (error) {
        // Nothing half made: a site made here goes; an existing site loses the failed deploy.
        if (created && site) {
          const siteId = site.id;
          await api.deleteSite({ site_id: siteId }).catch(() => undefined);
          reporter.log(`Removed the Netlify site ${site.name} that this deploy had created.`);
        } else if (deployId) {
          const id = deployId;
          await api.deleteDeploy({ deploy_id: id }).catch(() => undefined);
        }
        throw error instanceof HostingError ? error : toNetlifyError(error);
      }
    },
    async deleteSite(site) {
      try {
        await call(() => api.deleteSite({ site_id: site.siteId }));
      } catch (error) {
        if (error instanceof HostingError && error.status === 404) return;
        throw error;
      }
    },
    ...(options.claim
      ? {
          async createClaimLink(site: SiteRef): Promise<ClaimLink> {
            const claim = options.claim as NetlifyClaimSettings;
            if (!site.claimKey) {
              throw new HostingError('netlify', {
                status: 409,
                hostMessage: 'this site was not made claimable',
              });
            }
            const token = signJwt(
              { client_id: claim.clientId, session_id: site.claimKey },
              claim.clientSecret,
            );
            return { url: `${claim.webUrl.replace(/\/+$/, '')}/claim#${token}`, expiresAt: null };
          },
        }
      : {}),
  };
}
