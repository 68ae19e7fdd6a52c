import { apiRequest } from '../../../lib/api-client';

/** Runs the modernization of a project again (one credit; refunded if it fails). */
export async function retryProject(id: string): Promise<void> {
  await apiRequest(`/api/projects/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} });
}
