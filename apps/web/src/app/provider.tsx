import { useState } from 'react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '../components/error-boundary';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { QueryClientProvider, buildQueryClient } from '../lib/query-client';
import type { QueryClient } from '../lib/query-client';

/** App-wide providers: error boundary, data cache, confirm dialog and toasts. */
export function AppProvider({
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
        <ConfirmProvider>
          {children}
          <Toaster position="top-center" richColors closeButton />
        </ConfirmProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
