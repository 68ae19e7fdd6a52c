import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { AppDb } from '../db/database';
import {
  appendHostingLogs,
  failLostHostingDeploy,
  findHostingConnection,
  findLostHostingDeploys,
  findHostingDeployById,
  findProjectHosting,
  finishHostingDeploy,
  startHostingDeploy,
  updateProjectHosting,
  type HostingDeployRow,
  type HostingLogLine,
} from '../db/hosting.repository';
import type { StoredHosting } from '../db/schema';
import type { TokenCipher } from '../github/token-crypto';
import type { HostingConfig } from './hosting-config';
import { HostingError, type DeployReporter, type SiteRef } from './hosting-provider';
import { buildHostingClient, partnerCredentials, type HostingCredentials } from './hosting.service';
import { readSiteFiles } from './site-files';

/** The pg-boss queue of deploy and removal runs (issue 27). */
export const HOSTING_QUEUE = 'deploy-site';

/** A queue message: which run to do. */
export const hostingPayloadSchema = z.object({ deployId: z.uuid() });

/**
 * The pg-boss queue of claimable sites to delete at the host after their project was deleted: the
 * project row is gone, so the message carries what the host needs, and pg-boss retries it.
 */
export const SITE_REMOVAL_QUEUE = 'remove-hosted-site';

/** A removal message: the host's site, deleted with the operator's partner token. */
export const siteRemovalPayloadSchema = z.object({
  provider: z.enum(['netlify', 'vercel', 'cloudflare']),
  siteId: z.string().min(1),
  siteName: z.string().min(1),
  claimKey: z.string().nullable(),
});

/** Makes sure both queues exist (pg-boss sends only to existing queues). */
export async function ensureHostingQueue(boss: PgBoss): Promise<void> {
  if (!(await boss.getQueue(SITE_REMOVAL_QUEUE))) {
    await boss.createQueue(SITE_REMOVAL_QUEUE, {
      policy: 'standard',
      // A host that is down now is tried again for about a day.
      retryLimit: 12,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      retentionSeconds: 2 * 24 * 3600,
      deleteAfterSeconds: 7 * 24 * 3600,
    });
  }
  if (await boss.getQueue(HOSTING_QUEUE)) return;
  await boss.createQueue(HOSTING_QUEUE, {
    policy: 'standard',
    // A run is not repeated by the queue: a failed run says why, and the user deploys again.
    retryLimit: 0,
    expireInSeconds: 900,
    retentionSeconds: 24 * 3600,
    deleteAfterSeconds: 24 * 3600,
  });
}

/** What a run needs. */
export interface HostingJobDeps {
  db: AppDb;
  artifacts: ArtifactStore;
  cipher: TokenCipher;
  config: HostingConfig;
  logger: Logger;
  /** Milliseconds between two looks at a deploy's state at the host (tests shorten it). */
  pollMs?: number;
}

/** The credentials of a run: the user's connection, or the operator's partner token. */
async function resolveCredentials(
  deps: HostingJobDeps,
  run: HostingDeployRow,
): Promise<HostingCredentials> {
  const provider = run.provider as StoredHosting['provider'];
  if (run.mode === 'claim') {
    const partner = partnerCredentials(deps.config, provider);
    if (!partner) throw new Error('Claimable deploys are no longer offered for this provider.');
    return partner;
  }
  const connection = await findHostingConnection(deps.db, run.userId, provider);
  if (!connection) throw new Error('The hosting connection was removed: connect it again.');
  return {
    token: deps.cipher.decrypt(connection.token),
    accountId: connection.accountId,
    claimable: false,
  };
}

/**
 * Runs one deploy or removal: takes the run (QUEUED → RUNNING once, so a redelivery does nothing),
 * deploys the project's stored dist/ with the host's redirect file, or deletes the site, writing log
 * lines and progress the project card shows. A failure ends the run FAILED with the host's answer in
 * plain words on the card; the client has already removed what it made.
 */
export async function runHostingJob(deps: HostingJobDeps, data: unknown): Promise<void> {
  const parsed = hostingPayloadSchema.safeParse(data);
  if (!parsed.success) return;
  const run = await findHostingDeployById(deps.db, parsed.data.deployId);
  if (!run || !(await startHostingDeploy(deps.db, run.id))) return;
  const { db } = deps;
  const project = await findProjectHosting(db, run.userId, run.projectId);
  if (!project?.hosting) {
    await finishHostingDeploy(db, run.id, { status: 'FAILED', error: 'The project is gone.' });
    return;
  }
  let hosting: StoredHosting = project.hosting;
  const save = async (changes: Partial<StoredHosting>) => {
    hosting = { ...hosting, ...changes };
    await updateProjectHosting(db, run.userId, run.projectId, hosting);
  };
  const pending: HostingLogLine[] = [];
  let writing = Promise.resolve();
  const log = (message: string, level: HostingLogLine['level'] = 'INFO') => {
    pending.push({ at: new Date().toISOString(), level, message });
    writing = writing.then(async () => {
      const lines = pending.splice(0);
      if (lines.length > 0) await appendHostingLogs(db, run.id, lines);
    });
  };
  let lastProgressAt = 0;
  const reporter: DeployReporter = {
    log,
    progress(label, done, total) {
      // The card follows at most a few times a second, and always at the end.
      const now = Date.now();
      if (done < total && now - lastProgressAt < 300) return;
      lastProgressAt = now;
      writing = writing.then(() => save({ progress: { label, done, total } }));
    },
  };
  const provider = run.provider as StoredHosting['provider'];
  const site: SiteRef | undefined =
    hosting.siteId && hosting.siteName
      ? { siteId: hosting.siteId, siteName: hosting.siteName, claimKey: hosting.claimKey }
      : undefined;
  try {
    const client = buildHostingClient(deps.config, provider, await resolveCredentials(deps, run), {
      pollMs: deps.pollMs,
    });
    if (run.action === 'remove') {
      if (site) {
        log(`Deleting ${site.siteName} at the host.`);
        await client.deleteSite(site);
      }
      log('The site was removed.');
      await writing;
      // The run ends first: a client that sees the card change may start the next one at once.
      await finishHostingDeploy(db, run.id, { status: 'COMPLETED', error: null });
      await updateProjectHosting(db, run.userId, run.projectId, null);
      return;
    }
    await save({ progress: { label: 'Reading the built site', done: 0, total: 0 } });
    const files = await readSiteFiles(deps.artifacts, run.projectId, provider);
    if (files.length === 0) {
      throw new Error('This project has no built site to deploy: run it again to build one.');
    }
    const bytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    log(`Deploying ${files.length} files (${(bytes / 1024).toFixed(0)} KB).`);
    const outcome = await client.deploy({
      site,
      name: project.name,
      files,
      claimable: run.mode === 'claim',
      reporter,
    });
    let claim: { url: string; expiresAt: Date | null } | undefined;
    if (run.mode === 'claim' && client.createClaimLink) {
      claim = await client.createClaimLink(outcome.site);
      log('Made the claim link for the site’s owner.');
    }
    log(`Live at ${outcome.url}`);
    await writing;
    await finishHostingDeploy(db, run.id, { status: 'COMPLETED', error: null });
    await save({
      status: 'live',
      siteId: outcome.site.siteId,
      siteName: outcome.site.siteName,
      claimKey: outcome.site.claimKey ?? null,
      url: outcome.url,
      claimUrl: claim?.url ?? null,
      claimExpiresAt: claim?.expiresAt?.toISOString() ?? null,
      deployedAt: new Date().toISOString(),
      error: null,
      progress: null,
    });
  } catch (error) {
    const message =
      error instanceof HostingError
        ? error.message
        : error instanceof Error
          ? error.message
          : 'The deploy stopped.';
    if (!(error instanceof HostingError)) {
      deps.logger.error({ err: error, deployId: run.id }, 'hosting run failed');
    }
    log(message, 'ERROR');
    await writing.catch(() => undefined);
    await finishHostingDeploy(db, run.id, { status: 'FAILED', error: message });
    await save({ status: 'failed', error: message, progress: null });
  }
}

/**
 * After a project is deleted: a site deployed in claim mode lives in the operator's account, so it
 * is deleted at the host too (a site already claimed has moved to its owner's account, and the host
 * answers "not found", which counts as done). A site in the user's own account is theirs and stays.
 */
export async function queueDeletedProjectSite(
  boss: PgBoss,
  hosting: StoredHosting | null,
): Promise<boolean> {
  if (!hosting || hosting.mode !== 'claim' || !hosting.siteId || !hosting.siteName) return false;
  const payload: z.infer<typeof siteRemovalPayloadSchema> = {
    provider: hosting.provider,
    siteId: hosting.siteId,
    siteName: hosting.siteName,
    claimKey: hosting.claimKey,
  };
  await boss.send(SITE_REMOVAL_QUEUE, payload);
  return true;
}

/** Deletes one deleted project's claimable site; a throw makes pg-boss try again later. */
export async function runSiteRemoval(
  deps: Pick<HostingJobDeps, 'config' | 'logger' | 'pollMs'>,
  data: unknown,
): Promise<void> {
  const parsed = siteRemovalPayloadSchema.safeParse(data);
  if (!parsed.success) return;
  const { provider, ...site } = parsed.data;
  const partner = partnerCredentials(deps.config, provider);
  if (!partner) {
    deps.logger.warn({ provider, siteName: site.siteName }, 'no partner token: site left at host');
    return;
  }
  const client = buildHostingClient(deps.config, provider, partner, { pollMs: deps.pollMs });
  await client.deleteSite(site);
  deps.logger.info({ provider, siteName: site.siteName }, 'deleted project’s site removed at host');
}

/** The message a lost run ends with, on its log and the project's card. */
export function lostRunMessage(action: string): string {
  return action === 'remove'
    ? 'The removal stopped: the worker running it went away. Remove the site again.'
    : 'The deploy stopped: the worker running it went away. Deploy again.';
}

/** Ends runs whose worker died (see HOSTING_RUN_LIMITS), so the card stops showing them as going. */
export async function recoverLostHostingRuns(db: AppDb, logger: Logger): Promise<number> {
  let ended = 0;
  for (const run of await findLostHostingDeploys(db)) {
    if (await failLostHostingDeploy(db, run, lostRunMessage(run.action))) {
      ended += 1;
      logger.warn({ deployId: run.id, status: run.status }, 'lost hosting run ended');
    }
  }
  return ended;
}

/** A running consumer of the hosting queue. */
export interface HostingWorker {
  stop(): Promise<void>;
}

/** Consumes the hosting queue: one run at a time per worker process. */
export async function startHostingWorker(
  boss: PgBoss,
  deps: HostingJobDeps,
  options: { pollingIntervalSeconds: number },
): Promise<HostingWorker> {
  await ensureHostingQueue(boss);
  const inFlight = new Set<Promise<void>>();
  await boss.work(
    HOSTING_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
    async ([message]) => {
      if (!message) return;
      const task = runHostingJob(deps, message.data).catch((error: unknown) => {
        deps.logger.error({ err: error }, 'hosting run could not be recorded');
      });
      inFlight.add(task);
      try {
        await task;
      } finally {
        inFlight.delete(task);
      }
    },
  );
  await boss.work(
    SITE_REMOVAL_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
    async ([message]) => {
      if (!message) return;
      const task = runSiteRemoval(deps, message.data);
      const settled = task.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      try {
        await task;
      } finally {
        inFlight.delete(settled);
      }
    },
  );
  return {
    async stop() {
      await boss.offWork(SITE_REMOVAL_QUEUE).catch(() => undefined);
      await boss.offWork(HOSTING_QUEUE).catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    },
  };
}
