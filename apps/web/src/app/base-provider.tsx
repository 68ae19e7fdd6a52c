import { useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { QueryClientProvider, buildQueryClient } from '../lib/query-client';
import { DeferredToaster } from './deferred-toaster';
import type { QueryClient } from '../lib/query-client';

/**
 * The providers every page needs: error boundary, data cache and toasts. The public pages
 * (`/`, `/terms`, `/privacy`) hydrate inside this one alone (issue 13 item 6).
 */
export function BaseProvider({
  children,
  queryClient: givenClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => givenClient ?? buildQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <DeferredToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
