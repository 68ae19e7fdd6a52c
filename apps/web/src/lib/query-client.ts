/**
 * The one place that imports TanStack Query (STYLE.md §2): the client factory and the hooks the app
 * uses, so defaults live here and a swap touches one file.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

export {
  QueryClientProvider,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** A query client with the app's defaults: no retry on 4xx, one retry otherwise. */
export function buildQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
