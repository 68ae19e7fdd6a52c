import { apiRequest } from '../../../lib/api-client';

/** Deletes a project with its jobs, logs and artifacts. */
export async function deleteProject(id: string): Promise<void> {
  await apiRequest(`/api/projects/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
