import { projectSchema } from '@sitelift/shared/schemas/project';
import type { Project } from '@sitelift/shared/schemas/project';
import type { ModernizationStrategy } from '@sitelift/shared/validation/create-project';
import { apiRequest } from '../../../lib/api-client';

/**
 * Runs a completed or failed project again (`POST /api/projects/:id/rerun`, issue 13) with the same or
 * another strategy, for one credit; 402 when there is none. The previous result stays downloadable
 * until the new run completes.
 */
export function rerunProject(
  id: string,
  modernizationStrategy: ModernizationStrategy,
): Promise<Project> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/rerun`, {
    method: 'POST',
    body: { modernizationStrategy },
    schema: projectSchema,
  });
}
