import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockProject, createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

vi.mock('../utils/leave-for-github', () => ({ leaveForGithub: vi.fn() }));

const OCTO = { login: 'octo-ada', name: 'Ada Lovelace', email: null, avatar_url: null };

async function openDeployDialog(name: string) {
  const view = renderApp('/dashboard');
  const card = await screen.findByRole('listitem', { name });
  await view.user.click(
    await within(card).findByRole('button', { name: `Deploy ${name} to GitHub` }),
  );
  const dialog = await screen.findByRole('dialog', { name: `Deploy "${name}" to GitHub` });
  return { ...view, card, dialog };
}

describe('Deploy on a project card', () => {
  beforeEach(() => {
    signInAs(createMockUser());
    mockDb.github.user = OCTO;
  });

  it("deploys as a private repository by default: 'Deploying...', then the 'Deployed' link", async () => {
    createMockProject({ name: 'Bakery Site' });
    server.use(
      http.post('*/api/projects/:id/deploy', async () => {
        await delay(300);
        return undefined;
      }),
    );
    const { user, card, dialog } = await openDeployDialog('Bakery Site');
    const isPublic = within(dialog).getByRole('checkbox', { name: /Public repository/ });
    expect(isPublic).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await within(dialog).findByRole('button', { name: 'Deploying...' })).toBeDisabled();

    const link = await within(dialog).findByRole('link', { name: /Deployed/ });
    const url = mockDb.github.repositories[0]!.url;
    expect(url).toMatch(/^https:\/\/github\.com\/octo-ada\/bakery-site-modernized-\d{6}$/);
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(mockDb.calls.find((call) => call.path.endsWith('/deploy'))?.body).toEqual({
      public: false,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByRole('link', { name: /Deployed/ })).toHaveAttribute('href', url);
    expect(within(card).getByRole('button', { name: 'Deploy Bakery Site again' })).toBeVisible();
  });

  it("sends public: true when 'Public repository' is ticked", async () => {
    createMockProject({ name: 'Open Site' });
    const { user, dialog } = await openDeployDialog('Open Site');
    await user.click(within(dialog).getByRole('checkbox', { name: /Public repository/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    await within(dialog).findByRole('link', { name: /Deployed/ });
    expect(mockDb.github.repositories).toEqual([expect.objectContaining({ isPublic: true })]);
  });

  it('shows the link of a project deployed before, and deploys again only when asked', async () => {
    createMockProject({
      name: 'Old Site',
      github_repo_url: 'https://github.com/octo-ada/old-site-modernized-123456',
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Old Site' });
    expect(await within(card).findByRole('link', { name: /Deployed/ })).toHaveAttribute(
      'href',
      'https://github.com/octo-ada/old-site-modernized-123456',
    );
    expect(within(card).getByRole('button', { name: 'Deploy Old Site again' })).toBeVisible();
    expect(mockDb.calls.some((call) => call.path.endsWith('/deploy'))).toBe(false);
  });

  it("shows the server's GitHub error and keeps the dialog open to try again", async () => {
    // The server's 502 is logged by the app (reportError); this test expects that log.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    createMockProject({ name: 'Broken Site' });
    mockDb.github.deployFailure = {
      status: 502,
      code: 'API_GITHUB_API_ERROR',
      message: 'GitHub API Error: Bad credentials',
    };
    const { user, dialog } = await openDeployDialog('Broken Site');
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'GitHub API Error: Bad credentials',
    );
    mockDb.github.deployFailure = null;
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await within(dialog).findByRole('link', { name: /Deployed/ })).toBeVisible();
  });

  it("says 'Repository created, but failed to save the link. Please refresh.' when the server says so", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    createMockProject({ name: 'Half Site' });
    mockDb.github.deployFailure = {
      status: 500,
      code: 'API_GITHUB_LINK_NOT_SAVED',
      message: 'Repository created, but failed to save the link. Please refresh.',
    };
    const { user, dialog } = await openDeployDialog('Half Site');
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Repository created, but failed to save the link. Please refresh.',
    );
  });

  it("says 'An unknown error occurred.' when the failure carries no message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    createMockProject({ name: 'Mystery Site' });
    server.use(
      http.post('*/api/projects/:id/deploy', () => new HttpResponse(null, { status: 500 })),
    );
    const { user, dialog } = await openDeployDialog('Mystery Site');
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An unknown error occurred.',
    );
  });

  it("says 'You must be logged in to deploy to GitHub.' when the session has ended", async () => {
    createMockProject({ name: 'Late Site' });
    const { user, dialog } = await openDeployDialog('Late Site');
    mockDb.sessionEmail = null;
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You must be logged in to deploy to GitHub.',
    );
  });

  it('leads to connecting GitHub when no account is connected', async () => {
    mockDb.github.user = null;
    createMockProject({ name: 'Fresh Site' });
    const { user } = renderApp('/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Fresh Site' });
    await user.click(
      await within(card).findByRole('button', { name: 'Deploy Fresh Site to GitHub' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Connect your GitHub account' });
    expect(within(dialog).getByText(/publish "Fresh Site" as a new repository/)).toBeVisible();
    expect(
      await within(dialog).findByRole('link', { name: /Install the GitHub App/ }),
    ).toBeVisible();
    expect(mockDb.calls.some((call) => call.path.endsWith('/deploy'))).toBe(false);
  });
});
