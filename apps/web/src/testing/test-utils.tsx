import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { buildQueryClient } from '../lib/query-client';

/**
 * Renders the whole app (routes, guards, providers) at `path`, talking to the MSW server.
 * `fakeTimers` swaps in fake timers that user-event knows how to advance.
 */
export function renderApp(path: string, options: { fakeTimers?: boolean } = {}) {
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = buildQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: Infinity },
  });
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {},
  );
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}
