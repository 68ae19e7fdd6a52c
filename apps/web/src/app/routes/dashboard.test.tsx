import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { createMockProject, createMockUser, mockDb, signInAs } from '../../testing/mocks/db';
import { renderApp } from '../../testing/test-utils';

describe('dashboard composition', () => {
  it('opens the log viewer of a project, which follows job status events from /api/events', async () => {
    signInAs(createMockUser());
    createMockProject({ name: 'Running site', status: 'processing', job_id: 'job-run' });
    mockDb.jobs.set('job-run', {
      id: 'job-run',
      status: 'RUNNING',
      logs: [
        { id: '1', level: 'INFO', message: 'Fetching pages', created_at: '2026-11-21T08:00:00Z' },
      ],
    });
    const { user } = renderApp('/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Running site' });
    await user.click(within(card).getByRole('button', { name: /Logs/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Logs: Running site' });
    expect(await within(dialog).findByText('Fetching pages')).toBeInTheDocument();
    expect(within(dialog).queryByText('Job completed.')).not.toBeInTheDocument();

    await waitFor(() => expect(mockDb.eventStreams.length).toBeGreaterThan(0));
    act(() =>
      mockDb.eventStreams[0]!.send(
        `event: job\ndata: ${JSON.stringify({ id: 'job-run', project_id: 'x', status: 'COMPLETED' })}\n\n`,
      ),
    );
    expect(await within(dialog).findByText('Job completed.')).toBeInTheDocument();
  });

  it('shows a success message from the previous screen once, and gives way to a later toast', async () => {
    signInAs(createMockUser());
    const { router } = renderApp('/');
    await act(() =>
      router.navigate('/dashboard?status=completed', {
        state: { message: 'Project created successfully! Modernization is now in progress.' },
      }),
    );
    const banner = await screen.findByText(
      'Project created successfully! Modernization is now in progress.',
    );
    expect(banner).toBeVisible();
    // Dropped from the history entry at once (browsers keep history state across a reload)…
    await waitFor(() => expect(router.state.location.state).toBeNull());
    // …without losing the address.
    expect(router.state.location.search).toBe('?status=completed');
    expect(
      screen.getByText('Project created successfully! Modernization is now in progress.'),
    ).toBeVisible();

    act(() => {
      toast.success('Retrying Bakery.');
    });
    expect(await screen.findByText('Retrying Bakery.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByText('Project created successfully! Modernization is now in progress.'),
      ).not.toBeInTheDocument(),
    );
  });
});
