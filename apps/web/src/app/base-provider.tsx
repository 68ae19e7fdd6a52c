import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { QueryClientProvider, buildQueryClient } from '../lib/query-client';
import type { QueryClient } from '../lib/query-client';

// The toast viewport loads after the first render: toasts only follow a user's action, and the
// prerendered public pages must hydrate without it (it renders nothing on the server).
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

function DeferredToaster() {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => setIsMounted(true), []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}

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
