import type { ReactNode } from 'react';
import {
  QueryClientProvider as TanStackQueryClientProvider,
  buildQueryClient,
  useInfiniteQuery as useTanStackInfiniteQuery,
  useMutation as useTanStackMutation,
  useQuery as useTanStackQuery,
} from '../lib/query-client';

/**
 * `lib/query-client.ts` for the prerendered public pages (issue 13 item 6): the same hooks, bound to
 * one client of the page instead of a provider's, so the pages hydrate without TanStack Query and
 * only the parts that fetch (the pricing section, the credit balance, the user menu) load it, after
 * the first paint. `scripts/prerender.mjs` resolves `lib/query-client.ts` to this module in the
 * public builds only.
 */
const queryClient = buildQueryClient();

export { infiniteQueryOptions, keepPreviousData, queryOptions } from '../lib/query-client';
export type { InfiniteData, QueryClient } from '../lib/query-client';
export { buildQueryClient };

export const useQuery = ((options: Parameters<typeof useTanStackQuery>[0]) =>
  useTanStackQuery(options, queryClient)) as typeof useTanStackQuery;
export const useInfiniteQuery = ((options: Parameters<typeof useTanStackInfiniteQuery>[0]) =>
  useTanStackInfiniteQuery(options, queryClient)) as typeof useTanStackInfiniteQuery;
export const useMutation = ((options: Parameters<typeof useTanStackMutation>[0]) =>
  useTanStackMutation(options, queryClient)) as typeof useTanStackMutation;
export const useQueryClient = () => queryClient;

/** The page's client is used everywhere; a provider adds nothing. */
export function QueryClientProvider({ children }: { client?: unknown; children?: ReactNode }) {
  return <TanStackQueryClientProvider client={queryClient}>{children}</TanStackQueryClientProvider>;
}
