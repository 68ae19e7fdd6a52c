import {
  aiSettingsSchema,
  aiTestResultSchema,
  type AiSettings,
  type AiSettingsBody,
  type AiTestBody,
  type AiTestResult,
} from '@sitelift/shared/schemas/ai-settings';
import { apiRequest } from '../../../lib/api-client';
import { queryOptions, useQuery } from '../../../lib/query-client';

/** Query key of Settings → AI model. */
export const AI_SETTINGS_QUERY_KEY = ['me', 'ai-settings'] as const;

/** The user's own model (never its key), the server's default and this month's usage. */
export function getAiSettings(): Promise<AiSettings> {
  return apiRequest('/api/me/ai-settings', { schema: aiSettingsSchema });
}

/** Query options of the AI settings. */
export function getAiSettingsQueryOptions() {
  return queryOptions({ queryKey: AI_SETTINGS_QUERY_KEY, queryFn: getAiSettings, retry: false });
}

/** The AI settings of the signed-in user. */
export function useAiSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAiSettingsQueryOptions(), enabled: options.enabled ?? true });
}

/** Saves the user's own model; the answer is the settings as they now are. */
export function saveAiSettings(body: AiSettingsBody): Promise<AiSettings> {
  return apiRequest('/api/me/ai-settings', { method: 'PUT', body, schema: aiSettingsSchema });
}

/** Forgets the user's own model and its key. */
export function deleteAiSettings(): Promise<AiSettings> {
  return apiRequest('/api/me/ai-settings', { method: 'DELETE', schema: aiSettingsSchema });
}

/** One small call to the form's model. */
export function testAiConnection(body: AiTestBody): Promise<AiTestResult> {
  return apiRequest('/api/me/ai-settings/test', {
    method: 'POST',
    body,
    schema: aiTestResultSchema,
  });
}
