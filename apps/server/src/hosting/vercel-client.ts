import { createHash, randomUUID } from 'node:crypto';
import { Vercel } from '@vercel/sdk';
import { VercelError } from '@vercel/sdk/models/vercelerror.js';
import {
  HostingError,
  parseRetryAfter,
  pause,
  retryUpload,
  toSiteName,
  withRetries,
  type ClaimLink,
  type DeployOutcome,
  type HostingClient,
  type SiteFile,
  type SiteRef,
} from './hosting-provider';

/** What the Vercel client needs: the API base (https://api.vercel.com), a token and its team. */
export interface VercelClientOptions {
  apiUrl: string;
  token: string;
  /** The team the projects live in (undefined: the token's personal account). */
  teamId?: string;
  /** Vercel's web origin (https://vercel.com): the claim page lives there. */
  webUrl?: string;
  pollMs?: number;
  readyTimeoutMs?: number;
}

/** How long a Vercel transfer request (the claim link) works. */
export const VERCEL_CLAIM_LIFETIME_MS = 24 * 60 * 60 * 1000;

function toVercelError(error: unknown): HostingError {
  if (error instanceof VercelError) {
    let hostMessage = error.body;
    try {
      const parsed = JSON.parse(error.body) as { error?: { message?: string } };
      hostMessage = parsed.error?.message ?? hostMessage;
    } catch {
      // a plain-text body stays as it is
    }
    return new HostingError('vercel', {
      status: error.statusCode,
      hostMessage,
      retryAfterMs: parseRetryAfter(error.headers.get('retry-after')),
      cause: error,
    });
  }
  return new HostingError('vercel', {
    hostMessage: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}

/** The digests Vercel answered as missing (400 `missing_files`), or undefined for any other error. */
function toMissingDigests(error: unknown): string[] | undefined {
  const cause = error instanceof HostingError ? error.cause : error;
  if (!(cause instanceof VercelError) || cause.statusCode !== 400) return undefined;
  try {
    const parsed = JSON.parse(cause.body) as { error?: { code?: string; missing?: string[] } };
    return parsed.error?.code === 'missing_files' ? (parsed.error.missing ?? []) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Vercel through its official SDK (`@vercel/sdk`, pointed at `apiUrl`): a project, a production
 * deployment that names every file by SHA-1; Vercel answers `missing_files` with the digests it lacks,
 * which are uploaded (`/v2/files`) before the deployment is created again; then its state until READY.
 * The SDK's own retries are off: rate limits wait what Retry-After says (withRetries).
 */
export function createVercelClient(options: VercelClientOptions): HostingClient {
  const vercel = new Vercel({
    bearerToken: options.token,
    serverURL: options.apiUrl,
    retryConfig: { strategy: 'none' },
  });
  const teamId = options.teamId;
  const team = teamId ? { teamId } : {};
  const pollMs = options.pollMs ?? 1000;
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const call = <T>(run: () => Promise<T>, signal?: AbortSignal) =>
    withRetries(run, toVercelError, { signal });

  return {
    provider: 'vercel',
    async verifyToken() {
      const answer = await call(() => vercel.user.getAuthUser());
      const user = answer?.user as { username?: string; email?: string } | undefined;
      return { account: user?.username ?? user?.email ?? 'Vercel account' };
    },
    async deploy(request): Promise<DeployOutcome> {
      const { reporter, signal } = request;
      let site: SiteRef | undefined = request.site;
      let created = false;
      let deploymentId: string | undefined;
      try {
        if (site) {
          const existing = site;
          const project = await call(
            () => vercel.projects.getProject({ idOrName: existing.siteId, ...team }),
            signal,
          );
          site = { siteId: project.id, siteName: project.name };
          reporter.log(`Deploying again to the Vercel project ${project.name}.`);
        } else {
          const name = toSiteName(request.name, randomUUID().slice(0, 6));
          const project = await call(
            () => vercel.projects.createProject({ ...team, requestBody: { name } }),
            signal,
          );
          site = { siteId: project.id, siteName: project.name };
          created = true;
          reporter.log(`Created the Vercel project ${project.name}.`);
        }
        const files = request.files.map((file) => ({
          file: file.path,
          sha: createHash('sha1').update(file.bytes).digest('hex'),
          size: file.bytes.byteLength,
        }));
        const bySha = new Map<string, SiteFile>();
        request.files.forEach((file, index) => bySha.set(files[index]?.sha ?? '', file));
        const project = site;
        const createDeployment = () =>
          call(
            () =>
              vercel.deployments.createDeployment({
                ...team,
                requestBody: {
                  name: project.siteName,
                  project: project.siteId,
                  target: 'production',
                  files,
                  projectSettings: { framework: null },
                },
              }),
            signal,
          );
        let deployment;
        try {
          deployment = await createDeployment();
          reporter.log(`Vercel already has all ${files.length} files.`);
        } catch (error) {
          const missing = toMissingDigests(error);
          if (!missing) throw error;
          reporter.log(
            `Vercel already has ${files.length - missing.length} of ${files.length} files; uploading ${missing.length}.`,
          );
          let done = 0;
          reporter.progress('Uploading files', done, missing.length);
          for (const sha of missing) {
            const file = bySha.get(sha);
            if (!file) throw new HostingError('vercel', { hostMessage: `unknown digest ${sha}` });
            await retryUpload(
              file.path,
              () =>
                vercel.deployments.uploadFile({
                  ...team,
                  xVercelDigest: sha,
                  contentLength: file.bytes.byteLength,
                  requestBody: file.bytes,
                }),
              toVercelError,
              reporter,
              signal,
            );
            done += 1;
            reporter.progress('Uploading files', done, missing.length);
          }
          deployment = await createDeployment();
        }
        deploymentId = deployment.id;
        reporter.log('Waiting for Vercel to publish the deployment.');
        const deadline = Date.now() + readyTimeoutMs;
        let state: { readyState?: string; alias?: string[]; url?: string; errorMessage?: unknown } =
          deployment as never;
        while (state.readyState !== 'READY') {
          if (state.readyState === 'ERROR' || state.readyState === 'CANCELED') {
            throw new HostingError('vercel', {
              status: 422,
              hostMessage:
                typeof state.errorMessage === 'string'
                  ? state.errorMessage
                  : 'the deployment failed',
            });
          }
          if (Date.now() > deadline) {
            throw new HostingError('vercel', {
              status: 504,
              hostMessage: `the deployment was still "${state.readyState ?? 'unknown'}" after ${Math.round(readyTimeoutMs / 1000)} s`,
            });
          }
          await pause(pollMs, signal);
          const id = deploymentId;
          state = (await call(
            () => vercel.deployments.getDeployment({ idOrUrl: id, ...team }),
            signal,
          )) as typeof state;
        }
        const host = state.alias?.[0] ?? state.url ?? `${project.siteName}.vercel.app`;
        return { site: project, url: `https://${host}`, deployId: deployment.id };
      } catch (error) {
        if (created && site) {
          const id = site.siteId;
          await vercel.projects.deleteProject({ idOrName: id, ...team }).catch(() => undefined);
          reporter.log(`Removed the Vercel project ${site.siteName} that this deploy had created.`);
        } else if (deploymentId) {
          const id = deploymentId;
          await vercel.deployments.deleteDeployment({ id, ...team }).catch(() => undefined);
        }
        throw error instanceof HostingError ? error : toVercelError(error);
      }
    },
    async deleteSite(site) {
      try {
        await call(() => vercel.projects.deleteProject({ idOrName: site.siteId, ...team }));
      } catch (error) {
        if (error instanceof HostingError && error.status === 404) return;
        throw error;
      }
    },
    async createClaimLink(site): Promise<ClaimLink> {
      const answer = await call(() =>
        vercel.projects.createProjectTransferRequest({
          idOrName: site.siteId,
          ...team,
          requestBody: {},
        }),
      );
      const web = (options.webUrl ?? 'https://vercel.com').replace(/\/+$/, '');
      return {
        url: `${web}/claim-deployment?code=${encodeURIComponent(answer.code)}`,
        expiresAt: new Date(Date.now() + VERCEL_CLAIM_LIFETIME_MS),
      };
    },
  };
}
