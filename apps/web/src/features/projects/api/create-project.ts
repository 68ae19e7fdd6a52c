import type { CreateProjectFormInput } from '@sitelift/shared/validation/create-project';
import { apiRequest } from '../../../lib/api-client';
import { projectSchema } from '@sitelift/shared/schemas/project';
import type { Project } from '@sitelift/shared/schemas/project';

/** Submits a website for modernization (spends one credit; the server queues the job). */
export async function createProject(values: CreateProjectFormInput): Promise<Project> {
  return apiRequest('/api/projects', {
    method: 'POST',
    body: {
      name: values.name,
      ...(values.description ? { description: values.description } : {}),
      sourceUrl: values.sourceUrl,
      modernizationStrategy: values.modernizationStrategy,
      targetFramework: 'React',
      includePaths: values.includePaths,
      excludePaths: values.excludePaths,
      unbuiltLinks: values.unbuiltLinks,
      aiAdditions: values.aiAdditions,
    },
    schema: projectSchema,
  });
}
