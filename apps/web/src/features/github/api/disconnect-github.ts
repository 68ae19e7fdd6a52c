import { apiRequest } from '../../../lib/api-client';

/** Disconnects the user's GitHub account (`POST /api/github/disconnect`). */
export async function disconnectGithub(): Promise<void> {
  await apiRequest('/api/github/disconnect', { method: 'POST', body: {} });
}
