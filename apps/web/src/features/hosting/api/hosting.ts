import { z } from 'zod';
import {
  hostingDeploySchema,
  hostingSettingsSchema,
  projectHostingSchema,
  type HostingConnectBody,
  type HostingDeploy,
  type HostingMode,
  type HostingProvider,
  type HostingSettings,
} from '@sitelift/shared/schemas/hosting';
import { apiRequest } from '../../../lib/api-client';
import { queryOptions, useQuery } from '../../../lib/query-client';

/** Query key of Settings → Hosting. */
export const HOSTING_SETTINGS_QUERY_KEY = ['me', 'hosting'] as const;

/** The providers this server offers and the user's connection to each (never a token). */
export function getHostingSettings(): Promise<HostingSettings> {
  return apiRequest('/api/me/hosting', { schema: hostingSettingsSchema });
}

/** The hosting settings of the signed-in user. */
export function useHostingSettings(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...queryOptions({
      queryKey: HOSTING_SETTINGS_QUERY_KEY,
      queryFn: getHostingSettings,
      retry: false,
    }),
    enabled: options.enabled ?? true,
  });
}

/** Connects a provider with a token (checked by the provider, stored encrypted). */
export function connectHosting(
  provider: HostingProvider,
  body: HostingConnectBody,
): Promise<HostingSettings> {
  return apiRequest(`/api/me/hosting/${provider}`, {
    method: 'PUT',
    body,
    schema: hostingSettingsSchema,
  });
}

/** Forgets the token of a provider. */
export function disconnectHosting(provider: HostingProvider): Promise<HostingSettings> {
  return apiRequest(`/api/me/hosting/${provider}`, {
    method: 'DELETE',
    schema: hostingSettingsSchema,
  });
}

const runAnswerSchema = z.object({ deploy: hostingDeploySchema });

/** Deploys (again) the project's built site; the card follows the run through project events. */
export function deployToHost(
  projectId: string,
  body: { provider: HostingProvider; mode: HostingMode },
): Promise<HostingDeploy> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/hosting`, {
    method: 'POST',
    body,
    schema: runAnswerSchema,
  }).then((answer) => answer.deploy);
}

/** Removes the project's hosted site at the host. */
export function removeHostedSite(projectId: string): Promise<HostingDeploy> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/hosting`, {
    method: 'DELETE',
    schema: runAnswerSchema,
  }).then((answer) => answer.deploy);
}

const projectHostingAnswerSchema = z.object({
  hosting: projectHostingSchema.nullable(),
  deploys: z.array(hostingDeploySchema),
});

/** The project's site and its latest runs with their logs. */
export function useProjectHostingRuns(
  projectId: string,
  deployId: string | null,
  enabled: boolean,
) {
  return useQuery({
    ...queryOptions({
      // The run's id in the key: a new run (or its end, through the project event) fetches again.
      queryKey: ['projects', projectId, 'hosting', deployId],
      queryFn: () =>
        apiRequest(`/api/projects/${encodeURIComponent(projectId)}/hosting`, {
          schema: projectHostingAnswerSchema,
        }),
    }),
    enabled,
  });
}
