import { shareLinkListSchema, shareLinkSchema } from '@sitelift/shared/schemas/share-link';
import type { ShareLink } from '@sitelift/shared/schemas/share-link';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';
import { PROJECTS_QUERY_KEY } from './get-projects';

/** The query key of a project's share links. */
export function shareLinksQueryKey(projectId: string) {
  return [...PROJECTS_QUERY_KEY, 'share-links', projectId] as const;
}

/** The project's share links that still open its preview, newest first (issue 22 item 3). */
export function useShareLinks(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareLinksQueryKey(projectId),
    queryFn: async () =>
      (
        await apiRequest(`/api/projects/${encodeURIComponent(projectId)}/share-links`, {
          schema: shareLinkListSchema,
        })
      ).items,
    enabled,
    staleTime: 0,
  });
}

/** Makes a share link that lives `days` days; its `url` is only in this answer. */
export function createShareLink(projectId: string, days: number): Promise<ShareLink> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/share-links`, {
    method: 'POST',
    body: { expires_in_days: days },
    schema: shareLinkSchema,
  });
}

/** Revokes a share link: it stops opening the preview at once. */
export async function revokeShareLink(projectId: string, linkId: string): Promise<void> {
  await apiRequest(
    `/api/projects/${encodeURIComponent(projectId)}/share-links/${encodeURIComponent(linkId)}`,
    { method: 'DELETE' },
  );
}
