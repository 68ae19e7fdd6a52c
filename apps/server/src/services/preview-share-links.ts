import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@sitelift/shared/error-codes';
import type { ShareLink } from '@sitelift/shared/schemas/share-link';
import type { AppDb } from '../db/database';
import {
  findShareLinkByHash,
  insertShareLink,
  listActiveShareLinks,
  revokeShareLink,
  type PreviewShareLinkRow,
} from '../db/preview-share-links.repository';
import { findProjectForUser } from '../db/projects.repository';

// Share links of a live preview (issue 22 item 3, docs/decisions/038-preview-share-links.md).

/** The cookie a share link becomes, limited to its preview's path. */
export const SHARE_COOKIE = 'sitelift_share';

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function toShareLink(row: PreviewShareLinkRow, url?: string): ShareLink {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ...(url ? { url } : {}),
  };
}

async function requirePreviewOf(db: AppDb, userId: string, projectId: string): Promise<void> {
  const project = await findProjectForUser(db, userId, projectId);
  if (!project) throw new AppError('API_PROJECT_NOT_FOUND');
  if (project.status !== 'completed' || !project.reportSummary?.preview) {
    throw new AppError('API_PROJECT_NOT_COMPLETED');
  }
}

/**
 * Makes a link to the user's completed project's preview that lives `days` days. Its URL, which holds
 * the token, is in this answer only: the database keeps the token's SHA-256.
 */
export async function createShareLink(
  db: AppDb,
  options: { userId: string; projectId: string; days: number; previewOrigin: string },
): Promise<ShareLink> {
  await requirePreviewOf(db, options.userId, options.projectId);
  const token = randomBytes(32).toString('base64url');
  const row = await insertShareLink(db, {
    projectId: options.projectId,
    userId: options.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + options.days * DAY_MS),
  });
  const url = `${options.previewOrigin}/preview/${options.projectId}/?share=${token}`;
  return toShareLink(row, url);
}

/** The user's project's links that still open it, newest first. */
export async function listShareLinks(
  db: AppDb,
  userId: string,
  projectId: string,
): Promise<ShareLink[]> {
  const project = await findProjectForUser(db, userId, projectId);
  if (!project) throw new AppError('API_PROJECT_NOT_FOUND');
  return (await listActiveShareLinks(db, userId, projectId)).map((row) => toShareLink(row));
}

/** Turns one link off at once; API_SHARE_LINK_NOT_FOUND when the user has no such live link. */
export async function revokeShareLinkOf(
  db: AppDb,
  userId: string,
  projectId: string,
  linkId: string,
): Promise<void> {
  if (!(await revokeShareLink(db, userId, projectId, linkId))) {
    throw new AppError('API_SHARE_LINK_NOT_FOUND');
  }
}

/** What a share token opens: the link, or why it opens nothing. */
export type ShareTokenState =
  { kind: 'ok'; link: PreviewShareLinkRow } | { kind: 'link-not-found' | 'expired' | 'revoked' };

/** Checks a token against the stored links of `projectId` (a token of another project is unknown). */
export async function checkShareToken(
  db: AppDb,
  projectId: string,
  token: string,
): Promise<ShareTokenState> {
  if (!TOKEN_PATTERN.test(token)) return { kind: 'link-not-found' };
  const link = await findShareLinkByHash(db, hashToken(token));
  if (!link || link.projectId !== projectId) return { kind: 'link-not-found' };
  if (link.revokedAt) return { kind: 'revoked' };
  if (link.expiresAt.getTime() <= Date.now()) return { kind: 'expired' };
  return { kind: 'ok', link };
}
