import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { contentTypeOf } from '@sitelift/engine';
import Cloudflare, { APIError } from 'cloudflare';
import {
  HostingError,
  parseRetryAfter,
  pause,
  retryUpload,
  toSiteName,
  withRetries,
  type DeployOutcome,
  type HostingClient,
  type SiteFile,
  type SiteRef,
} from './hosting-provider';

/** What the Cloudflare client needs: the API base (https://api.cloudflare.com/client/v4) and a token. */
export interface CloudflareClientOptions {
  apiUrl: string;
  token: string;
  /** The account the Pages projects live in (undefined: the first the token can use). */
  accountId?: string;
  pollMs?: number;
  readyTimeoutMs?: number;
}

/** Files per upload request (Wrangler sends small batches too). */
const UPLOAD_BATCH = 20;

/**
 * The digest Pages keys an asset by, as Wrangler computes it: BLAKE3 of the base64 content followed by
 * the extension, the first 32 hex digits.
 */
export function toPagesAssetHash(file: SiteFile): string {
  const base64 = Buffer.from(file.bytes).toString('base64');
  const extension = path.extname(file.path).slice(1);
  return bytesToHex(blake3(new TextEncoder().encode(base64 + extension))).slice(0, 32);
}

function toCloudflareError(error: unknown): HostingError {
  if (error instanceof HostingError) return error;
  if (error instanceof APIError && typeof error.status === 'number') {
    const first = (error.errors as { message?: string }[] | undefined)?.[0]?.message;
    return new HostingError('cloudflare', {
      status: error.status,
      hostMessage: first ?? error.message,
      retryAfterMs: parseRetryAfter(error.headers?.get('retry-after')),
      cause: error,
    });
  }
  return new HostingError('cloudflare', {
    hostMessage: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}

/**
 * Cloudflare Pages direct upload: the official SDK (`cloudflare`, pointed at `apiUrl`) for projects,
 * the upload token and deployments; the asset endpoints it does not cover (`/pages/assets/
 * check-missing`, `upload`, `upsert-hashes`, authorised by the upload token) through fetch against the
 * same base, as Wrangler calls them. Only the hashes Pages answers as missing are uploaded.
 */
export function createCloudflareClient(options: CloudflareClientOptions): HostingClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const client = new Cloudflare({ apiToken: options.token, baseURL: apiUrl, maxRetries: 0 });
  const pollMs = options.pollMs ?? 1000;
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  let accountId = options.accountId;
  const call = <T>(run: () => Promise<T>, signal?: AbortSignal) =>
    withRetries(run, toCloudflareError, { signal });

  async function resolveAccountId(): Promise<string> {
    if (accountId) return accountId;
    const page = await call(() => client.accounts.list());
    const first = page.result[0];
    if (!first) {
      throw new HostingError('cloudflare', {
        status: 403,
        hostMessage: 'the token cannot use any account',
      });
    }
    accountId = first.id;
    return first.id;
  }

  /** One call to an asset endpoint with the upload token (JSON in, `result` out). */
  async function assets<T>(endpoint: string, jwt: string, body: unknown): Promise<T> {
    const response = await fetch(`${apiUrl}/pages/assets/${endpoint}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: { success?: boolean; result?: T; errors?: { message?: string }[] } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // not JSON: the status and text say what happened
    }
    if (!response.ok || parsed.success === false) {
      throw new HostingError('cloudflare', {
        status: response.status,
        hostMessage: parsed.errors?.[0]?.message ?? text.slice(0, 300),
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
      });
    }
    return parsed.result as T;
  }

  return {
    provider: 'cloudflare',
    async verifyToken() {
      const verified = await call(() => client.user.tokens.verify());
      if (verified.status !== 'active') {
        throw new HostingError('cloudflare', {
          status: 401,
          hostMessage: `the token is ${verified.status}`,
        });
      }
      const id = await resolveAccountId();
      const account = await call(() => client.accounts.get({ account_id: id }));
      return { account: account.name, accountId: id };
    },
    async deploy(request): Promise<DeployOutcome> {
      const { reporter, signal } = request;
      const account_id = await resolveAccountId();
      let site: SiteRef | undefined = request.site;
      let created = false;
      let deploymentId: string | undefined;
      try {
        if (site) {
          const name = site.siteName;
          await call(() => client.pages.projects.get(name, { account_id }), signal);
          reporter.log(`Deploying again to the Pages project ${name}.`);
        } else {
          const name = toSiteName(request.name, randomUUID().slice(0, 6));
          const project = await call(
            () => client.pages.projects.create({ account_id, name, production_branch: 'main' }),
            signal,
          );
          site = { siteId: project.name, siteName: project.name };
          created = true;
          reporter.log(`Created the Pages project ${project.name}.`);
        }
        const projectName = site.siteName;
        // _redirects travels beside the manifest (Pages reads it from the form, not from the assets).
        const redirects = request.files.find((file) => file.path === '_redirects');
        const assetFiles = request.files.filter((file) => file !== redirects);
        const hashes = new Map<string, SiteFile>();
        const manifest: Record<string, string> = {};
        for (const file of assetFiles) {
          const hash = toPagesAssetHash(file);
          manifest[`/${file.path}`] = hash;
          if (!hashes.has(hash)) hashes.set(hash, file);
        }
        const { jwt } = await call(
          () => client.pages.projects.getUploadToken(projectName, { account_id }),
          signal,
        );
        if (!jwt) throw new HostingError('cloudflare', { hostMessage: 'no upload token' });
        const missing = await call(
          () => assets<string[]>('check-missing', jwt, { hashes: [...hashes.keys()] }),
          signal,
        );
        reporter.log(
          `Cloudflare already has ${hashes.size - missing.length} of ${hashes.size} files; uploading ${missing.length}.`,
        );
        let done = 0;
        reporter.progress('Uploading files', done, missing.length);
        for (let index = 0; index < missing.length; index += UPLOAD_BATCH) {
          const batch = missing.slice(index, index + UPLOAD_BATCH);
          const payload = batch.map((hash) => {
            const file = hashes.get(hash);
            if (!file)
              throw new HostingError('cloudflare', { hostMessage: `unknown hash ${hash}` });
            return {
              key: hash,
              value: Buffer.from(file.bytes).toString('base64'),
              metadata: { contentType: contentTypeOf(file.path) ?? 'application/octet-stream' },
              base64: true,
            };
          });
          await retryUpload(
            `${batch.length} files`,
            () => assets('upload', jwt, payload),
            toCloudflareError,
            reporter,
            signal,
          );
          done += batch.length;
          reporter.progress('Uploading files', done, missing.length);
        }
        await call(() => assets('upsert-hashes', jwt, { hashes: [...hashes.keys()] }), signal);
        const deployment = await call(
          () =>
            client.pages.projects.deployments.create(projectName, {
              account_id,
              branch: 'main',
              manifest: JSON.stringify(manifest),
              ...(redirects
                ? {
                    _redirects: new File([Buffer.from(redirects.bytes)], '_redirects', {
                      type: 'text/plain',
                    }),
                  }
                : {}),
            }),
          signal,
        );
        deploymentId = deployment.id;
        reporter.log('Waiting for Cloudflare to publish the deployment.');
        const deadline = Date.now() + readyTimeoutMs;
        let state = deployment;
        while (state.latest_stage?.status !== 'success') {
          if (
            state.latest_stage?.status === 'failure' ||
            state.latest_stage?.status === 'canceled'
          ) {
            throw new HostingError('cloudflare', {
              status: 422,
              hostMessage: `the deployment's ${state.latest_stage.name ?? 'stage'} failed`,
            });
          }
          if (Date.now() > deadline) {
            throw new HostingError('cloudflare', {
              status: 504,
              hostMessage: `the deployment was not live after ${Math.round(readyTimeoutMs / 1000)} s`,
            });
          }
          await pause(pollMs, signal);
          const id = deployment.id;
          state = await call(
            () =>
              client.pages.projects.deployments.get(id, {
                account_id,
                project_name: projectName,
              }),
            signal,
          );
        }
        return {
          site,
          url: `https://${projectName}.pages.dev`,
          deployId: deployment.id,
        };
      } catch (error) {
        if (created && site) {
          const name = site.siteName;
          await client.pages.projects.delete(name, { account_id }).catch(() => undefined);
          reporter.log(`Removed the Pages project ${name} that this deploy had created.`);
        } else if (deploymentId && site) {
          const id = deploymentId;
          const project_name = site.siteName;
          await client.pages.projects.deployments
            .delete(id, { account_id, project_name })
            .catch(() => undefined);
        }
        throw toCloudflareError(error);
      }
    },
    async deleteSite(site) {
      const account_id = await resolveAccountId();
      try {
        await call(() => client.pages.projects.delete(site.siteName, { account_id }));
      } catch (error) {
        if (error instanceof HostingError && error.status === 404) return;
        throw error;
      }
    },
  };
}
