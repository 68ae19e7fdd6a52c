import type { Logger } from 'pino';
import { AppError } from '@sitelift/shared/error-codes';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { BillingProvider } from '../billing/billing-provider';
import { deleteUserRow, listDataExportIds, listProjectIds } from '../db/account.repository';
import { listLiveSubscriptionsForUser, updateSubscription } from '../db/billing.repository';
import type { AppDb } from '../db/database';
import { deleteProject, type ProjectServiceDeps } from '../services/projects.service';

/** What deleting an account needs. */
export interface DeleteAccountDeps {
  db: AppDb;
  artifacts: ArtifactStore;
  provider: BillingProvider;
  logger: Logger;
  projects: ProjectServiceDeps;
}

/**
 * Deletes a user and everything they own, in an order that never leaves a half-deleted account that
 * still bills: live subscriptions are cancelled at the provider first (a refusal stops here, nothing
 * deleted); then the artifacts of every project and data export (local disk or S3); then the user row,
 * whose foreign keys cascade to every table holding the user's id (sessions, accounts and password,
 * two-factor secrets, GitHub tokens, API keys, projects, jobs, logs, credits...). Payment records stay,
 * with the user set to null: bookkeeping law keeps them, and they hold no name or address.
 * The caller has checked the password (and second factor) and clears the session cache.
 */
export async function deleteAccount(deps: DeleteAccountDeps, userId: string): Promise<void> {
  const { db, artifacts, provider, logger } = deps;
  for (const subscription of await listLiveSubscriptionsForUser(db, userId)) {
    if (subscription.provider !== provider.kind) continue;
    try {
      await provider.cancelSubscription(subscription.providerSubscriptionId, {
        atPeriodEnd: false,
      });
    } catch (error) {
      logger.error(
        { err: error, subscriptionId: subscription.id },
        'account deletion: cancel failed',
      );
      throw new AppError('API_ACCOUNT_CANCEL_FAILED', { cause: error });
    }
    await updateSubscription(db, subscription.id, { status: 'canceled', canceledAt: new Date() });
  }
  // Each project as "Delete project" does it: a running job is stopped first, then its files go.
  const projectIds = await listProjectIds(db, userId);
  for (const projectId of projectIds) {
    await deleteProject(deps.projects, userId, projectId).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'API_PROJECT_NOT_FOUND')) throw error;
    });
  }
  const exportIds = await listDataExportIds(db, userId);
  for (const exportId of exportIds) await artifacts.deleteProject(exportId);
  await deleteUserRow(db, userId);
  logger.info({ userId, projects: projectIds.length }, 'account deleted');
}
