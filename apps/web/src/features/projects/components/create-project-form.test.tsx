import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { siteCheckAnswers } from '../../../testing/mocks/handlers/projects';
import { renderApp } from '../../../testing/test-utils';

async function fill(user: ReturnType<typeof renderApp>['user'], url: string, name: string) {
  if (url) await user.type(await screen.findByLabelText('Website URL'), url);
  if (name) await user.type(screen.getByLabelText('Project Name'), name);
}

describe('Create Project', () => {
  it('shows the validation messages of spec §5', async () => {
    signInAs(createMockUser());
    const { user } = renderApp('/create-project');
    await user.click(await screen.findByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Website URL is required')).toBeInTheDocument();
    expect(screen.getByText('Project name is required')).toBeInTheDocument();
    await fill(user, 'not a url', 'ab');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(
      await screen.findByText('Please enter a valid URL (e.g., https://example.com)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Project name must be at least 3 characters')).toBeInTheDocument();
    expect(mockDb.calls.some((call) => call.path === '/api/projects')).toBe(false);
  });

  it('defaults to INCREMENTAL_UPDATE, sends the payload and lands on the dashboard with the message', async () => {
    signInAs(createMockUser());
    const { user, router } = renderApp('/create-project');
    expect(await screen.findByRole('radio', { name: /Incremental Update/ })).toBeChecked();
    expect(screen.getByText(/Responsive design, modern CSS, basic SEO, performance/)).toBeVisible();
    await fill(user, 'https://old.example.com', 'Old site');
    await user.type(screen.getByLabelText(/Description/), 'Our shop');
    await user.click(screen.getByRole('radio', { name: /Full Rebuild/ }));
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(
      await screen.findByText('Project created successfully! Modernization is now in progress.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(
      mockDb.calls.find((call) => call.path === '/api/projects' && call.method === 'POST'),
    ).toMatchObject({
      body: {
        name: 'Old site',
        description: 'Our shop',
        sourceUrl: 'https://old.example.com',
        modernizationStrategy: 'FULL_REBUILD',
        targetFramework: 'React',
      },
    });
  });

  it('links to pricing when there is no credit left (402), keeping what was typed', async () => {
    signInAs(createMockUser());
    mockDb.createFailure = {
      status: 402,
      code: 'API_NO_CREDITS',
      message: 'You have no credits left.',
    };
    const { user } = renderApp('/create-project');
    await fill(user, 'https://old.example.com', 'Old site');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('You have no credits left.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute(
      'href',
      '/#pricing',
    );
    expect(screen.getByLabelText('Project Name')).toHaveValue('Old site');
  });

  it('offers to resend the verification e-mail when the address is not verified (403)', async () => {
    signInAs(createMockUser({ email: 'new@example.com', emailVerified: false }));
    mockDb.createFailure = {
      status: 403,
      code: 'API_EMAIL_NOT_VERIFIED',
      message: 'Please verify your e-mail address first.',
    };
    const { user } = renderApp('/create-project');
    await fill(user, 'https://old.example.com', 'Old site');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    const alert = (await screen.findByText('Please verify your e-mail address first.')).closest(
      '[role=status]',
    ) as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(
      await screen.findByText('Verification e-mail sent. Please check your inbox.'),
    ).toBeInTheDocument();
    expect(mockDb.calls.at(-1)).toMatchObject({
      path: '/api/auth/send-verification-email',
      body: { email: 'new@example.com' },
    });
  });

  it('turns a bare host into https:// and shows the quick check before a credit is spent', async () => {
    signInAs(createMockUser());
    siteCheckAnswers.set('https://old.example.com', {
      url: 'https://old.example.com',
      final_url: 'https://www.old.example.com/',
      title: 'Old Bakery',
      robots_allowed: true,
      estimated_pages: 12,
      pages_capped: false,
      pages_found: 12,
      paths: ['/', ...Array.from({ length: 11 }, (_, index) => `/page-${index}.html`)],
      robots_excluded: [],
      page_limit: 25,
      needs_javascript: true,
      warnings: [
        {
          code: 'needs_javascript',
          message: 'This page builds its content with JavaScript.',
        },
      ],
    });
    const { user } = renderApp('/create-project');
    await user.type(await screen.findByLabelText('Website URL'), 'old.example.com');
    await user.tab();
    expect(screen.getByLabelText('Website URL')).toHaveValue('https://old.example.com');
    const check = await screen.findByTestId('site-check');
    expect(check).toHaveTextContent('Reachable — “Old Bakery”, 12 pages found');
    expect(screen.getByTestId('page-scope')).toHaveTextContent('12 of 12 pages will be rebuilt.');
    expect(check).toHaveTextContent('Redirects to https://www.old.example.com/');
    expect(check).toHaveTextContent('This page builds its content with JavaScript.');
    // The check spends nothing: no project was created.
    expect(mockDb.calls.filter((call) => call.path === '/api/projects')).toEqual([]);
    await user.type(screen.getByLabelText('Project Name'), 'Old site');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    await screen.findByText('Project created successfully! Modernization is now in progress.');
    expect(mockDb.calls.find((call) => call.path === '/api/projects')?.body).toMatchObject({
      sourceUrl: 'https://old.example.com',
    });
  });

  it('counts the pages a run rebuilds with the paths chosen, and sends them', async () => {
    signInAs(createMockUser());
    const posts = Array.from({ length: 30 }, (_, index) => `/blog/post-${index + 1}.html`);
    siteCheckAnswers.set('https://club.example.com', {
      url: 'https://club.example.com',
      final_url: 'https://club.example.com/',
      title: 'Rowing Club',
      robots_allowed: true,
      estimated_pages: 36,
      pages_capped: false,
      pages_found: 37,
      paths: ['/', ...posts, '/about.html', '/team/a.html', '/team/b.html', '/x/1', '/x/2', '/x/3'],
      robots_excluded: ['/x/1', '/x/2'],
      page_limit: 25,
      needs_javascript: false,
      warnings: [],
    });
    const { user } = renderApp('/create-project');
    await user.type(await screen.findByLabelText('Website URL'), 'https://club.example.com');
    await user.tab();
    const scope = await screen.findByTestId('page-scope');
    await within(scope).findByText(/25 of 37 pages/);
    expect(scope).toHaveTextContent('Your plan rebuilds up to 25 pages per site, those closest');
    expect(scope).toHaveTextContent('2 pages excluded by the site’s robots.txt.');
    expect(within(scope).getByRole('link', { name: 'See plans' })).toBeInTheDocument();

    await user.click(within(scope).getByText('Choose pages and links'));
    await user.type(within(scope).getByLabelText('Only these paths'), '/team/');
    // The start page and the two team pages.
    expect(scope).toHaveTextContent('3 of 37 pages will be rebuilt (3 pages match your paths).');
    expect(within(scope).queryByRole('link', { name: 'See plans' })).not.toBeInTheDocument();
    await user.type(within(scope).getByLabelText('Leave out'), '/team/b.html');
    expect(scope).toHaveTextContent('2 of 37 pages will be rebuilt');
    await user.click(within(scope).getByRole('radio', { name: /Remove the link/ }));

    await user.type(screen.getByLabelText('Project Name'), 'Rowing club');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    await screen.findByText('Project created successfully! Modernization is now in progress.');
    expect(mockDb.calls.find((call) => call.path === '/api/projects')?.body).toMatchObject({
      includePaths: ['/team/'],
      excludePaths: ['/team/b.html'],
      unbuiltLinks: 'remove',
    });
  });

  it('refuses a path without its slash and keeps what was typed', async () => {
    signInAs(createMockUser());
    const { user } = renderApp('/create-project');
    await user.type(await screen.findByLabelText('Website URL'), 'https://old.example.com');
    await user.type(screen.getByLabelText('Project Name'), 'Old site');
    const scope = screen.getByTestId('page-scope');
    await user.click(within(scope).getByText('Choose pages and links'));
    await user.type(within(scope).getByLabelText('Leave out'), '/tag/{enter}print');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(
      await within(scope).findByText('Each path starts with / (for example /blog/ or /news/*)'),
    ).toBeInTheDocument();
    expect(within(scope).getByLabelText('Leave out')).toHaveValue('/tag/\nprint');
    expect(mockDb.calls.filter((call) => call.path === '/api/projects')).toEqual([]);
  });

  it('says when the site cannot be read, and still lets the user create the project', async () => {
    signInAs(createMockUser());
    siteCheckAnswers.set('https://down.example.com', {
      status: 422,
      code: 'ENGINE_FETCH_CONNECTION_FAILED',
      message: 'We could not connect to the site.',
    });
    const { user } = renderApp('/create-project');
    await user.type(await screen.findByLabelText('Website URL'), 'https://down.example.com');
    await user.tab();
    const alert = (await screen.findByText('We could not read this site')).closest(
      '[role=status]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('We could not connect to the site.');
    expect(alert).toHaveTextContent('your credit is refunded automatically');
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeEnabled();
  });

  it('shows an unverified user the verification notice before the form is filled in', async () => {
    signInAs(createMockUser({ email: 'new@example.com', emailVerified: false }));
    const { user } = renderApp('/create-project');
    const notice = (
      await screen.findByText('Please verify your e-mail address before creating a project.')
    ).closest('[role=status]') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(
      await screen.findByText('Verification e-mail sent. Please check your inbox.'),
    ).toBeInTheDocument();
  });

  it("says 'Failed to create project: {reason}' for other failures", async () => {
    signInAs(createMockUser());
    mockDb.createFailure = { status: 422, code: 'API_UNPROCESSABLE', message: 'Bad URL.' };
    const { user } = renderApp('/create-project');
    await fill(user, 'https://old.example.com', 'Old site');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Failed to create project: Bad URL.')).toBeInTheDocument();
  });

  it("opens the 'How It Works' dialog with its three steps", async () => {
    signInAs(createMockUser());
    const { user } = renderApp('/create-project');
    await user.click(await screen.findByRole('button', { name: 'How It Works' }));
    const dialog = await screen.findByRole('dialog', { name: 'How It Works' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
  });
});
