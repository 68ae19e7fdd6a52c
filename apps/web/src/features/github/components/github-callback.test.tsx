import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { routes } from '../../../app/router';
import { buildQueryClient } from '../../../lib/query-client';
import { createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';
import { OAUTH_STATE_STORAGE_KEY } from '../utils/oauth-state';

const STATE = 'a'.repeat(64);
const OTHER_STATE = 'b'.repeat(64);

/** The browser made STATE when the user pressed 'Connect GitHub', and the server bound it. */
function startConnecting() {
  localStorage.setItem(OAUTH_STATE_STORAGE_KEY, STATE);
  mockDb.github.states.push(STATE);
}

const exchangeCalls = () => mockDb.calls.filter((call) => call.path === '/api/github/callback');

describe('GitHub redirect handler', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signInAs(createMockUser());
  });

  it.each(['/integrations/github/redirect-handler', '/auth/github/callback'])(
    '%s keeps code and state, goes on to the callback screen and connects',
    async (path) => {
      startConnecting();
      const { router } = renderApp(`${path}?code=good-code&state=${STATE}`);
      expect(await screen.findByText('GitHub account connected successfully!')).toBeVisible();
      expect(router.state.location.pathname).toBe('/integrations/github/callback');
      // The code left the address: Back does not lead to the used code again.
      expect(router.state.historyAction).toBe('REPLACE');
      expect(exchangeCalls()).toEqual([
        {
          method: 'POST',
          path: '/api/github/callback',
          body: {
            code: 'good-code',
            state: STATE,
            redirect_uri: new URL(path, window.location.origin).toString(),
          },
        },
      ]);
      expect(localStorage.getItem(OAUTH_STATE_STORAGE_KEY)).toBeNull();
      expect(sessionStorage.length).toBe(0);
    },
  );

  it.each([
    ['the code', `state=${STATE}`],
    ['the state', 'code=good-code'],
    ['both (the user cancelled on GitHub)', 'error=access_denied'],
  ])('without %s goes to the dashboard with the failure message', async (_what, query) => {
    startConnecting();
    const { router } = renderApp(`/auth/github/callback?${query}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to connect GitHub account.');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(exchangeCalls()).toEqual([]);
  });
});

describe('GitHub callback screen', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signInAs(createMockUser());
  });

  it('shows loading, then success, and goes to the dashboard 1.5 s later with the message', async () => {
    startConnecting();
    server.use(
      http.post('*/api/github/callback', async () => {
        await delay(300);
        return undefined;
      }),
    );
    const { router } = renderApp(
      `/integrations/github/redirect-handler?code=good-code&state=${STATE}`,
      { fakeTimers: true },
    );
    expect(await screen.findByText('Connecting your GitHub account...')).toBeVisible();
    expect(await screen.findByText('GitHub account connected successfully!')).toBeVisible();
    expect(screen.getByText('@octo-ada')).toBeVisible();

    act(() => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/integrations/github/callback');
    act(() => vi.advanceTimersByTime(600));
    // The dashboard's code loads on demand, then the router settles there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The dashboard's success banner, and the panel shows the account.
    const banners = await screen.findAllByText('GitHub account connected successfully!');
    expect(banners[0]).toBeVisible();
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
  });

  it('refuses a state that does not match the one kept in local storage, without calling the server', async () => {
    startConnecting();
    const { user, router } = renderApp(
      `/integrations/github/redirect-handler?code=good-code&state=${OTHER_STATE}`,
    );
    expect(
      await screen.findByText('Invalid state parameter. Please try connecting again.'),
    ).toBeVisible();
    expect(exchangeCalls()).toEqual([]);
    // A mismatch leaves the kept state alone.
    expect(localStorage.getItem(OAUTH_STATE_STORAGE_KEY)).toBe(STATE);
    await user.click(screen.getByRole('link', { name: 'Return to Dashboard' }));
    expect(await screen.findByRole('region', { name: 'GitHub' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('says the code or state is missing when the screen is opened on its own', async () => {
    startConnecting();
    renderApp('/integrations/github/callback');
    expect(await screen.findByText('Missing authorization code or state parameter')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
    expect(exchangeCalls()).toEqual([]);
  });

  it("shows the server's message when GitHub refuses the code", async () => {
    // The server's 502 is logged by the app (reportError); this test expects that log.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    startConnecting();
    const { router } = renderApp(
      `/integrations/github/redirect-handler?code=stale-code&state=${STATE}`,
    );
    expect(
      await screen.findByText('Failed to exchange code for token or missing user data.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/integrations/github/callback');
    expect(mockDb.github.user).toBeNull();
  });

  it('exchanges the code exactly once under React StrictMode', async () => {
    startConnecting();
    const router = createMemoryRouter(routes, {
      initialEntries: [`/integrations/github/redirect-handler?code=good-code&state=${STATE}`],
    });
    const queryClient = buildQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('GitHub account connected successfully!')).toBeVisible();
    expect(exchangeCalls()).toHaveLength(1);
  });
});
