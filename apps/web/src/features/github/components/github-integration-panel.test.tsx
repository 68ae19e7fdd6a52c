import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockProject, createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';
import { leaveForGithub } from '../utils/leave-for-github';
import { OAUTH_STATE_STORAGE_KEY } from '../utils/oauth-state';

vi.mock('../utils/leave-for-github', () => ({ leaveForGithub: vi.fn() }));

const OCTO = { login: 'octo-ada', name: 'Ada Lovelace', email: null, avatar_url: null };

async function findPanel() {
  return screen.findByRole('region', { name: 'GitHub' });
}

describe('GitHub integration panel', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(leaveForGithub).mockClear();
    signInAs(createMockUser());
  });

  it('says calmly that GitHub is not configured on this server, with no button to press', async () => {
    mockDb.github.configured = false;
    createMockProject({ name: 'Bakery' });
    renderApp('/dashboard');
    const panel = await findPanel();
    expect(
      await within(panel).findByText(/GitHub integration is not configured on this server/),
    ).toBeVisible();
    expect(within(panel).getByText(/downloaded as a zip/)).toBeVisible();
    expect(within(panel).queryByRole('button')).toBeNull();
    // No dead Deploy button on the project either.
    const card = await screen.findByRole('listitem', { name: 'Bakery' });
    expect(within(card).getByRole('button', { name: /Download/ })).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Deploy/ })).toBeNull();
  });

  it('connects: the dialog makes a 64-hex state, keeps it under github_oauth_state, binds it on the server and continues to GitHub', async () => {
    const { user } = renderApp('/dashboard');
    const panel = await findPanel();
    expect(await within(panel).findByText(/create repositories automatically/)).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Connect GitHub' }));

    const dialog = await screen.findByRole('dialog', { name: 'Connect your GitHub account' });
    const install = await within(dialog).findByRole('link', { name: /Install the GitHub App/ });
    const state = localStorage.getItem(OAUTH_STATE_STORAGE_KEY);
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    const installUrl = new URL(install.getAttribute('href')!);
    expect(installUrl.origin + installUrl.pathname).toBe(
      'https://github.com/apps/sitelift-test/installations/new',
    );
    expect(installUrl.searchParams.get('state')).toBe(state);
    expect(install).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(mockDb.calls).toContainEqual({
      method: 'POST',
      path: '/api/github/state',
      body: { state },
    });

    await user.click(within(dialog).getByRole('button', { name: /Continue to GitHub/ }));
    expect(leaveForGithub).toHaveBeenCalledWith(
      `https://github.com/login/oauth/authorize?client_id=Iv1.test&state=${state}`,
    );
  });

  it('makes a new state each time the dialog opens', async () => {
    const { user } = renderApp('/dashboard');
    const panel = await findPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Connect GitHub' }));
    let dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('link', { name: /Install the GitHub App/ });
    const first = localStorage.getItem(OAUTH_STATE_STORAGE_KEY);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(panel).getByRole('button', { name: 'Connect GitHub' }));
    dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('link', { name: /Install the GitHub App/ });
    const second = localStorage.getItem(OAUTH_STATE_STORAGE_KEY);
    expect(second).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(mockDb.github.states).toEqual([first, second]);
  });

  it('shows the connected account and disconnects only after confirming', async () => {
    mockDb.github.user = OCTO;
    const { user } = renderApp('/dashboard');
    const panel = await findPanel();
    expect(await within(panel).findByText('Ada Lovelace')).toBeVisible();
    expect(within(panel).getByText('@octo-ada')).toBeVisible();
    expect(within(panel).getByText('Connected')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    let confirm = await screen.findByRole('dialog', { name: 'Disconnect GitHub?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mockDb.calls.some((call) => call.path === '/api/github/disconnect')).toBe(false);
    expect(mockDb.github.user).not.toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    confirm = await screen.findByRole('dialog', { name: 'Disconnect GitHub?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    expect(await within(panel).findByRole('button', { name: 'Connect GitHub' })).toBeVisible();
    expect(within(panel).queryByText('@octo-ada')).toBeNull();
    expect(mockDb.github.user).toBeNull();
  });

  it('says so when disconnecting fails, and stays connected', async () => {
    // The server's 500 is logged by the app (reportError); this test expects that log.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockDb.github.user = OCTO;
    mockDb.github.disconnectFailure = 500;
    const { user } = renderApp('/dashboard');
    const panel = await findPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Disconnect' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disconnect GitHub?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    expect(
      await within(panel).findByText('Failed to disconnect GitHub account. Please try again.'),
    ).toBeVisible();
    expect(within(panel).getByText('@octo-ada')).toBeVisible();
  });
});
