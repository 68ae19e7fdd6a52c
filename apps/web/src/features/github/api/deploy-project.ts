import { projectSchema } from '@sitelift/shared/schemas/project';
import type { Project } from '@sitelift/shared/schemas/project';
import { apiRequest } from '../../../lib/api-client';
import { deployResultSchema } from '../types';

/** What a deploy created: the repository's address and the project that now links to it. */
export interface DeployResult {
  githubRepoUrl: string;
  /** The updated project, or null when the server's copy could not be read. */
  project: Project | null;
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
  const project = projectSchema.safeParse(answer.project);
  return {
    githubRepoUrl: answer.github_repo_url,
    project: project.success ? project.data : null,
  };
}
