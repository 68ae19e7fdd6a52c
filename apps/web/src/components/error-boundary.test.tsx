import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { reloadPage } from '../lib/reload-page';
import type * as ReloadPageModule from '../lib/reload-page';
import { ErrorBoundary, RouteErrorFallback } from './error-boundary';

vi.mock('../lib/reload-page', async (importOriginal) => ({
  ...(await importOriginal<typeof ReloadPageModule>()),
  reloadPage: vi.fn(),
}));

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong' and renders again on 'Try Again'", async () => {
    // This test expects the error to be logged.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();

    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it("loads the page again on 'Try Again' after a code chunk failed to load", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    let loads = 0;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteErrorFallback />,
          HydrateFallback: () => <p>Loading…</p>,
          lazy: async () => {
            loads += 1;
            throw new TypeError(
              'Failed to fetch dynamically imported module: http://localhost/assets/dashboard-1a2b.js',
            );
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(loads).toBe(1);
    expect(consoleError).toHaveBeenCalled();
  });

  it("routes again on 'Try Again' after any other route error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(reloadPage).mockClear();
    const user = userEvent.setup();
    let fail = true;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteErrorFallback />,
          HydrateFallback: () => <p>Loading…</p>,
          loader: () => {
            if (fail) throw new Error('boom');
            return null;
          },
          Component: () => <p>Loaded</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
