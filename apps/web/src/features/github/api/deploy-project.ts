import { deployResultSchema } from '@sitelift/shared/api/github';
import type { Project } from '@sitelift/shared/schemas/project';
import { apiRequest } from '../../../lib/api-client';

/** What a deploy created: the repository's address and the project that now links to it. */
export interface DeployResult {
  githubRepoUrl: string;
  project: Project;
}

/**
 * Publishes a completed project as a new GitHub repository (`POST /api/projects/:id/deploy`),
 * private unless `isPublic`.
 */
export async function deployProject(id: string, isPublic: boolean): Promise<DeployResult> {
  const answer = await apiRequest(`/api/projects/${encodeURIComponent(id)}/deploy`, {
    method: 'POST',
    body: { public: isPublic },
    schema: deployResultSchema,
  });
  return { githubRepoUrl: answer.github_repo_url, project: answer.project };
}
