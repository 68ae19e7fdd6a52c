import type { Logger } from 'pino';
import type { ArtifactStore } from '../artifacts/artifact-store';
import {
  buildAccountExport,
  EXPORT_ARCHIVE_NAME,
  EXPORT_LIFETIME_MS,
} from '../account/export-account';
import {
  deleteDataExportRow,
  findDataExport,
  listExpiredDataExports,
  updateDataExport,
} from '../db/account.repository';
import type { AppDb } from '../db/database';
import { getProfile } from '../services/get-profile';
import { buildExportReadyEmail } from '../mail/auth-emails';
import type { Mailer } from '../mail/mailer';
import { exportPayloadSchema } from './queue';

/** Where the export e-mail sends the user (the Security section shows the download). */
export const EXPORT_PAGE_PATH = '/profile/edit#data';

/** What preparing an export needs. */
export interface ExportJobDeps {
  db: AppDb;
  artifacts: ArtifactStore;
  mailer?: Mailer;
  logger: Logger;
  baseUrl: string;
}

/**
 * Prepares one data export: builds the archive, stores it under the export's id, marks the row ready
 * and e-mails the user. A row already ready (a repeated delivery) is left alone; a failure marks it
 * failed on the last attempt only (pg-boss retries the others). Expired archives are removed first
 * (and by every worker sweep).
 */
export async function runExportJob(
  deps: ExportJobDeps,
  data: unknown,
  options: { isLastAttempt: boolean },
): Promise<void> {
  const { exportId } = exportPayloadSchema.parse(data);
  await removeExpiredExports(deps);
  const row = await findDataExport(deps.db, exportId);
  if (!row || row.status !== 'pending') return;
  try {
    const archive = await buildAccountExport(deps, row.userId);
    await deps.artifacts.replaceProjectArtifacts(
      exportId,
      new Map([[EXPORT_ARCHIVE_NAME, archive]]),
    );
    const completedAt = new Date();
    const expiresAt = new Date(completedAt.getTime() + EXPORT_LIFETIME_MS);
    await updateDataExport(deps.db, exportId, {
      status: 'ready',
      sizeBytes: archive.byteLength,
      completedAt,
      expiresAt,
    });
    const profile = await getProfile(deps.db, row.userId);
    deps.mailer?.enqueue({
      to: profile.email,
      ...buildExportReadyEmail(`${deps.baseUrl}${EXPORT_PAGE_PATH}`, expiresAt),
    });
  } catch (error) {
    deps.logger.error({ err: error, exportId }, 'data export failed');
    if (options.isLastAttempt) {
      await updateDataExport(deps.db, exportId, {
        status: 'failed',
        error: 'The export could not be prepared.',
        completedAt: new Date(),
      });
      return;
    }
    throw error;
  }
}

/** Deletes archives (and rows) of exports past their download window. */
export async function removeExpiredExports(deps: ExportJobDeps, now = new Date()): Promise<void> {
  for (const exportId of await listExpiredDataExports(deps.db, now)) {
    await deps.artifacts.deleteProject(exportId);
    await deleteDataExportRow(deps.db, exportId);
  }
}
