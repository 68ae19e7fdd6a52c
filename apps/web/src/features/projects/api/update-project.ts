import type { EditProjectFormInput } from '@sitelift/shared/validation/edit-project';
import { apiRequest } from '../../../lib/api-client';

/** Saves a project's name and description. */
export async function updateProject(id: string, values: EditProjectFormInput): Promise<void> {
  await apiRequest(`/api/projects/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { name: values.name, description: values.description === '' ? null : values.description },
  });
}
