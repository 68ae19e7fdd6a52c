import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createMockProject, createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

function signIn() {
  signInAs(createMockUser({ email: 'ada@example.com' }));
}

async function findList() {
  return screen.findByRole('list', { name: 'Projects' });
}

function cardNames(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

describe('dashboard project list', () => {
  it("shows 'No Projects Yet!' with a link to create one, and the first-visit banner", async () => {
    signIn();
    renderApp('/dashboard');
    expect(await screen.findByText('No Projects Yet!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first project' })).toHaveAttribute(
      'href',
      '/create-project',
    );
    expect(
      screen.queryByText('Ready to sprinkle some modern magic on more websites?'),
    ).not.toBeInTheDocument();
  });

  it("shows 5 projects, then 5 more per 'Load More Projects', with 'Showing X of Y projects'", async () => {
    signIn();
    for (let index = 1; index <= 12; index += 1) createMockProject({ name: `Site ${index}` });
    const { user } = renderApp('/dashboard');
    const list = await findList();
    expect(cardNames(list)).toEqual(['Site 12', 'Site 11', 'Site 10', 'Site 9', 'Site 8']);
    expect(screen.getByText('Showing 5 of 12 projects')).toBeInTheDocument();
    expect(
      await screen.findByText('Ready to sprinkle some modern magic on more websites?'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More Projects' }));
    expect(await screen.findByText('Showing 10 of 12 projects')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More Projects' }));
    expect(await screen.findByText('Showing 12 of 12 projects')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Projects' })).not.toBeInTheDocument();
    expect(cardNames(list)).toHaveLength(12);
  });

  it("explains 'Retry' and 'Run again' where both appear (issue 22)", async () => {
    signIn();
    createMockProject({ name: 'Flaky', status: 'failed' });
    createMockProject({ name: 'Done', status: 'completed' });
    renderApp('/dashboard');
    await findList();
    const failed = screen.getByRole('listitem', { name: 'Flaky' });
    const help =
      'Retry runs the project again as it is set up now. Run again lets you choose the strategy first and keeps the previous result until the new one is ready. Each uses one credit, refunded if the run fails.';
    const retry = within(failed).getByRole('button', { name: /Retry/ });
    const rerun = within(failed).getByRole('button', { name: /Run again/ });
    expect(retry).toHaveAccessibleDescription(help);
    expect(rerun).toHaveAccessibleDescription(help);
    expect(retry).toHaveAttribute('title', 'Retry: run it again as it is set up now.');
    expect(rerun.getAttribute('title')).toMatch(/^Run again: choose the same or another strategy/);
    expect(within(failed).getByText(help)).toBeVisible();
    // A completed project offers only 'Run again': nothing to tell apart.
    const done = screen.getByRole('listitem', { name: 'Done' });
    expect(within(done).queryByText(help)).toBeNull();
    expect(within(done).getByRole('button', { name: /Run again/ })).not.toHaveAttribute('title');
  });

  it('labels every status (unknown → QUEUED) and offers download and deploy only when completed with code', async () => {
    signIn();
    const statuses = ['completed', 'PROCESSING', 'generating', 'failed', 'mystery'];
    for (const status of statuses) createMockProject({ name: `P ${status}`, status });
    createMockProject({ name: 'P no code', status: 'completed', generated_code_url: null });
    const { user } = renderApp('/dashboard');
    await findList();
    await user.click(screen.getByRole('button', { name: 'Load More Projects' }));
    await screen.findByText('Showing 6 of 6 projects');
    const card = (name: string) => screen.getByRole('listitem', { name });
    expect(within(card('P completed')).getByText('Completed')).toBeInTheDocument();
    expect(within(card('P PROCESSING')).getByText('Processing')).toBeInTheDocument();
    expect(within(card('P generating')).getByText('Generating')).toBeInTheDocument();
    expect(within(card('P failed')).getByText('Failed')).toBeInTheDocument();
    expect(within(card('P mystery')).getByText('QUEUED')).toBeInTheDocument();
    expect(within(card('P completed')).getByRole('button', { name: /Download/ })).toBeVisible();
    expect(within(card('P no code')).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(within(card('P failed')).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(within(card('P failed')).getByRole('button', { name: /Retry/ })).toBeVisible();
    expect(
      within(card('P completed')).getByRole('link', { name: 'Edit P completed' }),
    ).toHaveAttribute('href', `/project/${card('P completed').dataset.projectId}/edit`);
    // Deploy, like Download, only on a completed project with generated code (spec §2).
    expect(
      await within(card('P completed')).findByRole('button', { name: /Deploy P completed/ }),
    ).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Deploy/ })).toHaveLength(1);
  });

  it("searches on the server and says 'No Projects Found' when nothing matches", async () => {
    signIn();
    createMockProject({ name: 'Bakery', source_url: 'https://bread.example.com' });
    createMockProject({ name: 'Garage', source_url: 'https://cars.example.com' });
    const { user } = renderApp('/dashboard');
    const list = await findList();
    await user.type(screen.getByPlaceholderText('Search projects by name or URL...'), 'BREAD');
    await waitFor(() => expect(cardNames(list)).toEqual(['Bakery']));
    expect(mockDb.listQueries.some((query) => query.includes('search=BREAD'))).toBe(true);
    await user.clear(screen.getByPlaceholderText('Search projects by name or URL...'));
    await user.type(screen.getByPlaceholderText('Search projects by name or URL...'), 'nothing');
    expect(await screen.findByText('No Projects Found')).toBeInTheDocument();
  });

  it('filters with the stat cards and the status filter; the active card is pressed', async () => {
    signIn();
    createMockProject({ name: 'Done', status: 'completed' });
    createMockProject({ name: 'Busy', status: 'processing' });
    createMockProject({ name: 'Waiting', status: 'queued' });
    createMockProject({ name: 'Broken', status: 'failed' });
    const { user } = renderApp('/dashboard');
    const list = await findList();
    const transforming = screen.getByRole('button', { name: /Currently Transforming/ });
    expect(transforming).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: /Total Projects Launched/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(transforming);
    expect(transforming).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(cardNames(list)).toEqual(['Waiting', 'Busy']));
    expect(screen.getByLabelText('Filter by status')).toHaveValue('in-progress');

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'Completed');
    await waitFor(() => expect(cardNames(list)).toEqual(['Done']));
    expect(screen.getByRole('button', { name: /Successfully Modernized/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("deletes after the spec's confirmation and says so", async () => {
    signIn();
    createMockProject({ name: 'Keep me' });
    createMockProject({ name: 'Old site' });
    const { user } = renderApp('/dashboard');
    const list = await findList();
    await user.click(screen.getByRole('button', { name: 'Delete Old site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Project: Old site?' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this project? This will permanently remove all associated data, including jobs and generated assets. This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete Project' }));
    expect(await screen.findByText('Project "Old site" has been deleted.')).toBeInTheDocument();
    expect(cardNames(list)).toEqual(['Keep me']);
    expect(mockDb.projects.map((p) => p.name)).toEqual(['Keep me']);
  });

  it('retries a failed project and says so', async () => {
    signIn();
    createMockProject({ name: 'Flaky', status: 'failed' });
    const { user } = renderApp('/dashboard');
    await findList();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(
      await screen.findByText('Retrying modernization for project: Flaky.'),
    ).toBeInTheDocument();
    expect(mockDb.calls.some((call) => call.path.endsWith('/retry'))).toBe(true);
  });

  it('applies live events: inserts at the top, updates merged, deletes removed', async () => {
    signIn();
    const first = createMockProject({ name: 'First', status: 'processing' });
    createMockProject({ name: 'Second', status: 'completed' });
    renderApp('/dashboard');
    const list = await findList();
    await waitFor(() => expect(mockDb.eventStreams).toHaveLength(1));
    const events = mockDb.eventStreams[0]!;
    const inserted = {
      ...first,
      id: 'project-live',
      name: 'Live one',
      status: 'queued',
      job_id: 'job-live',
    };
    act(() =>
      events.send(
        `event: project\ndata: ${JSON.stringify({ type: 'INSERT', project: inserted })}\n\n`,
      ),
    );
    await waitFor(() => expect(cardNames(list)).toEqual(['Live one', 'Second', 'First']));
    expect(screen.getByText('Showing 3 of 3 projects')).toBeInTheDocument();

    act(() =>
      events.send(
        `event: project\ndata: ${JSON.stringify({ type: 'UPDATE', project: { ...first, status: 'completed', preview_url: '/preview/x/' } })}\n\n`,
      ),
    );
    const firstCard = screen.getByRole('listitem', { name: 'First' });
    expect(await within(firstCard).findByText('Completed')).toBeInTheDocument();
    expect(within(firstCard).getByRole('link', { name: /Preview/ })).toHaveAttribute(
      'target',
      '_blank',
    );

    act(() =>
      events.send(
        `event: project\ndata: ${JSON.stringify({ type: 'DELETE', project: { id: first.id } })}\n\n`,
      ),
    );
    await waitFor(() => expect(cardNames(list)).toEqual(['Live one', 'Second']));
  });

  it('shows the thumbnails and the report: routes, coverage, what was not carried, Lighthouse', async () => {
    signIn();
    const project = createMockProject({
      name: 'Reported',
      thumbnails: {
        before: '/api/projects/project-x/screenshots/before/index-desktop.png',
        after: '/api/projects/project-x/screenshots/after/index-desktop.png',
      },
    });
    mockDb.reports.set(project.id, {
      version: 1,
      source_url: 'https://old.example.com/',
      strategy: 'INCREMENTAL_UPDATE',
      pages: [
        { url: 'https://old.example.com/', route: '/', title: 'Home' },
        { url: 'https://old.example.com/about.html', route: '/about', title: 'About us' },
      ],
      verification: {
        build: { ok: true, ms: 300 },
        text_coverage: 0.962,
        overflow_375: [],
        console_errors: [],
        broken_images: [],
      },
      not_carried: [
        {
          kind: 'tracker',
          what: 'Google Analytics',
          page: '/',
          reason: 'Trackers are left out.',
        },
      ],
      timings: { fetch: 100 },
      lighthouse: {
        before: { performance: 41, accessibility: 70, bestPractices: 60, seo: 80 },
        after: { performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
      },
    });
    const { user } = renderApp('/dashboard');
    await findList();
    expect(screen.getByRole('img', { name: 'Before' })).toHaveAttribute(
      'src',
      expect.stringMatching(
        /^http:\/\/[^/]+\/api\/projects\/project-x\/screenshots\/before\/index-desktop\.png$/,
      ),
    );
    expect(screen.getByRole('img', { name: 'After' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View report' }));
    expect(await screen.findByText('About us')).toBeInTheDocument();
    expect(screen.getByText('/about')).toBeInTheDocument();
    expect(screen.getByText('Text coverage: 96.2 % of the original text kept')).toBeInTheDocument();
    expect(screen.getByText('Google Analytics')).toBeInTheDocument();
    expect(screen.getByText('Trackers are left out.')).toBeInTheDocument();
    const performance = screen.getByRole('row', { name: /Performance/ });
    expect(performance).toHaveTextContent('41');
    expect(performance).toHaveTextContent('98');
  });

  it('lists every page found with its state, searchable, and the links kept to the original (issue 24)', async () => {
    signIn();
    const project = createMockProject({
      name: 'Big site',
      report_summary: {
        pages: 2,
        pages_found: 5,
        routes: ['/', '/about'],
        text_coverage: 1,
        build_ok: true,
        not_carried: 0,
        screenshots: [],
      },
    });
    mockDb.reports.set(project.id, {
      version: 1,
      source_url: 'https://old.example.com/',
      strategy: 'INCREMENTAL_UPDATE',
      pages: [
        { url: 'https://old.example.com/', route: '/', title: 'Home' },
        { url: 'https://old.example.com/about.html', route: '/about', title: 'About us' },
      ],
      not_rebuilt: [
        { url: 'https://old.example.com/news/1.html', reason: 'over_limit' },
        { url: 'https://old.example.com/private/x.html', reason: 'robots' },
        {
          url: 'https://old.example.com/broken.html',
          reason: 'error',
          detail: 'The site answered 500.',
        },
      ],
      links_to_original: [{ route: '/', url: 'https://old.example.com/news/1.html' }],
      verification: {
        build: { ok: true, ms: 300 },
        text_coverage: 1,
        overflow_375: [],
        console_errors: [],
        broken_images: [],
        dead_links: { count: 0, links: [] },
      },
      not_carried: [],
      timings: { fetch: 100 },
    });
    const { user } = renderApp('/dashboard');
    const card = (await findList()).querySelector('li') as HTMLElement;
    expect(within(card).getByText('2 of 5 pages')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View report' }));
    expect(await screen.findByText('Pages: 2 of 5 rebuilt')).toBeInTheDocument();
    expect(screen.getByText('No links that lead nowhere')).toBeInTheDocument();
    expect(screen.getByText('Over your plan’s page limit')).toBeInTheDocument();
    expect(screen.getByText('Disallowed by the site’s robots.txt')).toBeInTheDocument();
    expect(screen.getByText('Could not be read: The site answered 500.')).toBeInTheDocument();
    expect(screen.getByTestId('links-to-original')).toHaveTextContent(
      'https://old.example.com/news/1.html',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search pages' }), 'about');
    expect(await screen.findByText('About us')).toBeInTheDocument();
    expect(screen.queryByText('Over your plan’s page limit')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search pages' }));
    await user.click(screen.getByRole('button', { name: 'Not rebuilt (3)' }));
    expect(screen.queryByText('About us')).not.toBeInTheDocument();
    expect(screen.getByText('Over your plan’s page limit')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch projects.' when the list cannot be read", async () => {
    signIn();
    server.use(
      http.get('*/api/projects', () =>
        HttpResponse.json({ error: { code: 'API_INTERNAL', message: 'x' } }, { status: 500 }),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Failed to fetch projects.')).toBeInTheDocument();
  });

  it("offers 'Retry' when the list cannot be read, and shows it once the server answers", async () => {
    signIn();
    createMockProject({ name: 'Bakery' });
    let fail = true;
    server.use(
      http.get('*/api/projects', () =>
        fail
          ? HttpResponse.json({ error: { code: 'API_INTERNAL', message: 'x' } }, { status: 500 })
          : undefined,
      ),
    );
    const { user } = renderApp('/dashboard');
    const alert = (await screen.findByText('Failed to fetch projects.')).closest(
      '[role=alert]',
    ) as HTMLElement;
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(cardNames(await findList())).toEqual(['Bakery']);
    expect(screen.queryByText('Failed to fetch projects.')).not.toBeInTheDocument();
  });

  it('says when a download fails and retries it from the toast', async () => {
    // The failure is reported to the console on purpose (reportError).
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    createMockProject({ name: 'Bakery', status: 'completed' });
    let downloads = 0;
    server.use(
      http.get('*/api/projects/:id/download', () => {
        downloads += 1;
        return HttpResponse.json(
          { error: { code: 'API_INTERNAL', message: 'Storage unavailable' } },
          { status: 500 },
        );
      }),
    );
    const { user } = renderApp('/dashboard');
    await findList();
    await user.click(screen.getByRole('button', { name: /Download/ }));
    // The server failed: the message says so, and does not send the user to check their connection.
    expect(
      await screen.findByText(
        'The server could not send Bakery: Storage unavailable. Try again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(downloads).toBe(2));
    expect(consoleError).toHaveBeenCalledTimes(2);
  });

  it('asks to check the connection only when the download broke off on the way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    createMockProject({ name: 'Bakery', status: 'completed' });
    server.use(http.get('*/api/projects/:id/download', () => HttpResponse.error()));
    const { user } = renderApp('/dashboard');
    await findList();
    await user.click(screen.getByRole('button', { name: /Download/ }));
    expect(
      await screen.findByText(
        'The download of Bakery did not complete. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the search and the status filter in the address: reload and back keep them', async () => {
    signIn();
    createMockProject({ name: 'Old bakery', status: 'completed' });
    createMockProject({ name: 'Old garage', status: 'failed' });
    createMockProject({ name: 'New shop', status: 'completed' });
    const { user, router } = renderApp('/dashboard?status=completed&q=old');
    const list = await findList();
    await waitFor(() => expect(cardNames(list)).toEqual(['Old bakery']));
    expect(screen.getByLabelText('Filter by status')).toHaveValue('completed');
    expect(screen.getByPlaceholderText('Search projects by name or URL...')).toHaveValue('old');
    expect(screen.getByRole('button', { name: /Successfully Modernized/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: /Total Projects Launched/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=old'));
    await waitFor(() => expect(cardNames(list)).toEqual(['Old garage', 'Old bakery']));

    await user.clear(screen.getByPlaceholderText('Search projects by name or URL...'));
    await user.type(screen.getByPlaceholderText('Search projects by name or URL...'), 'shop');
    await waitFor(() => expect(router.state.location.search).toBe('?q=shop'));

    // Back returns to the filtered view: typing replaced the entry, the card click pushed one.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Filter by status')).toHaveValue('completed'));
    await waitFor(() =>
      expect(screen.getByPlaceholderText('Search projects by name or URL...')).toHaveValue('old'),
    );
    await waitFor(() => expect(cardNames(list)).toEqual(['Old bakery']));
  });
});
