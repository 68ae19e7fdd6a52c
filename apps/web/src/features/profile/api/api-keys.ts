import {
  apiKeyListSchema,
  createdApiKeySchema,
  type ApiKeyList,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@sitelift/shared/schemas/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { queryOptions, useQuery } from '../../../lib/query-client';

/** Query key of Profile → API keys. */
export const API_KEYS_QUERY_KEY = ['me', 'api-keys'] as const;

/** The active API keys (never a key itself) and whether the plan includes API access. */
export function getApiKeys(): Promise<ApiKeyList> {
  return apiRequest('/api/me/api-keys', { schema: apiKeyListSchema });
}

/** Query options of the API keys. */
export function getApiKeysQueryOptions() {
  return queryOptions({ queryKey: API_KEYS_QUERY_KEY, queryFn: getApiKeys, retry: false });
}

/** The API keys of the signed-in user. */
export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}

/** Makes a key; the answer holds the key itself, this once. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return apiRequest('/api/me/api-keys', { method: 'POST', body, schema: createdApiKeySchema });
}

/** Revokes a key: it stops working at once. */
export function revokeApiKey(id: string): Promise<unknown> {
  return apiRequest(`/api/me/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
