import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import type { QueryClient } from '../lib/query-client';
import { BaseProvider } from './base-provider';

/** App-wide providers: error boundary, data cache, confirm dialog and toasts. */
export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <BaseProvider queryClient={queryClient}>
      <ConfirmProvider>{children}</ConfirmProvider>
    </BaseProvider>
  );
}
