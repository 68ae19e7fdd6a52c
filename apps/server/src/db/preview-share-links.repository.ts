import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppDb } from './database';
import { previewShareLinks } from './schema';

/** A stored share link of a preview (the token itself is never stored, only its hash). */
export type PreviewShareLinkRow = typeof previewShareLinks.$inferSelect;

/** Stores a new link of `userId`'s project. */
export async function insertShareLink(
  db: AppDb,
  values: { projectId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<PreviewShareLinkRow> {
  const rows = await db.insert(previewShareLinks).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The links of a project that still open it (not revoked, not expired), newest first. */
export async function listActiveShareLinks(
  db: AppDb,
  userId: string,
  projectId: string,
): Promise<PreviewShareLinkRow[]> {
  return db
    .select()
    .from(previewShareLinks)
    .where(
      and(
        eq(previewShareLinks.userId, userId),
        eq(previewShareLinks.projectId, projectId),
        isNull(previewShareLinks.revokedAt),
        gt(previewShareLinks.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(previewShareLinks.createdAt), desc(previewShareLinks.id));
}

/** Revokes one link of the user's project; false when there is no such link (or it is revoked). */
export async function revokeShareLink(
  db: AppDb,
  userId: string,
  projectId: string,
  linkId: string,
): Promise<boolean> {
  const rows = await db
    .update(previewShareLinks)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(previewShareLinks.id, linkId),
        eq(previewShareLinks.userId, userId),
        eq(previewShareLinks.projectId, projectId),
        isNull(previewShareLinks.revokedAt),
      ),
    )
    .returning({ id: previewShareLinks.id });
  return rows.length > 0;
}

/** The link whose token hashes to `tokenHash`, whatever its state. */
export async function findShareLinkByHash(
  db: AppDb,
  tokenHash: string,
): Promise<PreviewShareLinkRow | undefined> {
  const rows = await db
    .select()
    .from(previewShareLinks)
    .where(eq(previewShareLinks.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}
