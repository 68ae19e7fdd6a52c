import { z } from 'zod';

/** How long a new share link of a preview lives, in days (issue 22 item 3); 7 unless chosen. */
export const SHARE_LINK_EXPIRY_DAYS = [1, 7, 30] as const;
export const DEFAULT_SHARE_LINK_EXPIRY_DAYS = 7;

/** `POST /api/projects/:id/share-links`. */
export const createShareLinkBodySchema = z.strictObject({
  expires_in_days: z
    .union([z.literal(1), z.literal(7), z.literal(30)])
    .default(DEFAULT_SHARE_LINK_EXPIRY_DAYS),
});

/** A share link as the API lists it; `url` only in the answer that created it (it is not stored). */
export const shareLinkSchema = z.object({
  id: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
  url: z.string().optional(),
});

/** `GET /api/projects/:id/share-links`: the links that still open the preview, newest first. */
export const shareLinkListSchema = z.object({ items: z.array(shareLinkSchema) });

export type ShareLink = z.infer<typeof shareLinkSchema>;
