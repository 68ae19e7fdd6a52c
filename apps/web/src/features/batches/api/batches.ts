import {
  batchCheckSchema,
  batchListSchema,
  batchSchema,
  type Batch,
  type BatchCheck,
  type BatchSummary,
  type CreateBatchBody,
} from '@sitelift/shared/schemas/batches';
import { apiRequest, toApiUrl } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

/** Query key of the batches. */
export const BATCHES_QUERY_KEY = ['batches'] as const;

/** Pre-checks a list of URLs (nothing charged). */
export function checkBatch(urls: string[]): Promise<BatchCheck> {
  return apiRequest('/api/batches/check', {
    method: 'POST',
    body: { urls },
    schema: batchCheckSchema,
  });
}

/** Starts a batch. */
export function createBatch(body: CreateBatchBody): Promise<Batch> {
  return apiRequest('/api/batches', { method: 'POST', body, schema: batchSchema });
}

/** The user's newest batches. */
export function useBatches() {
  return useQuery({
    queryKey: BATCHES_QUERY_KEY,
    queryFn: async (): Promise<BatchSummary[]> =>
      (await apiRequest('/api/batches', { schema: batchListSchema })).items,
  });
}

/** One batch, refreshed every 3 s while it runs. */
export function useBatch(id: string) {
  return useQuery({
    queryKey: [...BATCHES_QUERY_KEY, id],
    queryFn: () => apiRequest(`/api/batches/${encodeURIComponent(id)}`, { schema: batchSchema }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 3000 : false),
    retry: false,
  });
}

/** Where the batch's combined zip downloads from. */
export function getBatchDownloadUrl(id: string): string {
  return toApiUrl(`/api/batches/${encodeURIComponent(id)}/download`);
}
