import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { buildQueryClient } from '../../../lib/query-client';
import { mockDb } from '../../../testing/mocks/db';
import type { MockJob } from '../../../testing/mocks/db';
import { JobLogViewer } from './job-log-viewer';

function addJob(job: Partial<MockJob> & { id: string }): MockJob {
  const full: MockJob = { status: 'RUNNING', logs: [], ...job };
  mockDb.jobs.set(full.id, full);
  return full;
}

function renderViewer(jobId: string) {
  const queryClient = buildQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProvider queryClient={queryClient}>
      <JobLogViewer jobId={jobId} title="Logs: My site" open onOpenChange={() => {}} />
    </AppProvider>,
  );
  return { queryClient };
}

const at = '2026-11-21T08:00:00.000Z';

describe('job log viewer', () => {
  it('is 90 % of the viewport high and at most 4xl wide, and colours lines by level', async () => {
    addJob({
      id: 'job-1',
      status: 'COMPLETED',
      logs: [
        { id: '1', level: 'INFO', message: 'Fetching pages', created_at: at },
        { id: '2', level: 'WARNING', message: 'Slow server', created_at: at },
        { id: '3', level: 'ERROR', message: 'One image missing', created_at: at },
        { id: '4', level: 'DEBUG', message: 'Plan ready', created_at: at },
        { id: '5', level: 'CRITICAL', message: 'Almost fell over', created_at: at },
        { id: '6', level: 'WARN', message: 'Odd markup', created_at: at },
      ],
    });
    renderViewer('job-1');
    const dialog = await screen.findByRole('dialog', { name: 'Logs: My site' });
    expect(dialog.className).toContain('h-[90vh]');
    expect(dialog.className).toContain('max-w-4xl');
    const log = within(dialog).getByRole('log');
    const line = async (text: string) => (await within(log).findByText(text)).closest('li');
    expect(await line('Fetching pages')).toHaveClass('text-green-400');
    expect(await line('Slow server')).toHaveClass('text-yellow-300');
    expect(await line('Odd markup')).toHaveClass('text-yellow-300');
    expect(await line('One image missing')).toHaveClass('text-red-400');
    expect(await line('Almost fell over')).toHaveClass('text-red-400');
    expect(await line('Plan ready')).toHaveClass('text-blue-400');
    expect(await within(log).findByText('Job completed.')).toBeInTheDocument();
  });

  it('follows a running job live and ends with the failure line', async () => {
    addJob({
      id: 'job-2',
      status: 'RUNNING',
      logs: [{ id: '1', level: 'INFO', message: 'Started', created_at: at }],
    });
    renderViewer('job-2');
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Started')).toBeInTheDocument();
    await waitFor(() => expect(mockDb.logStreams.has('job-2')).toBe(true));
    const stream = mockDb.logStreams.get('job-2')!;
    act(() => stream.send(`id: 2\ndata: ${at} - ERROR - Site refused the connection\n\n`));
    expect(await within(log).findByText('Site refused the connection')).toBeInTheDocument();
    // A replayed line (same id) is not shown twice.
    act(() => stream.send(`id: 2\ndata: ${at} - ERROR - Site refused the connection\n\n`));
    mockDb.jobs.get('job-2')!.status = 'FAILED';
    act(() => stream.send('event: end\ndata: {}\n\n'));
    expect(await within(log).findByText('Job failed.')).toBeInTheDocument();
    expect(within(log).getAllByText('Site refused the connection')).toHaveLength(1);
  });

  it('keeps following new lines, and stops when the user scrolls up to read', async () => {
    addJob({
      id: 'job-scroll',
      status: 'RUNNING',
      logs: [{ id: '1', level: 'INFO', message: 'First', created_at: at }],
    });
    renderViewer('job-scroll');
    const log = await screen.findByRole('log');
    await within(log).findByText('First');
    // jsdom has no layout: give the log a fixed viewport over taller content.
    let contentHeight = 1000;
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => contentHeight });
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 200 });
    await waitFor(() => expect(mockDb.logStreams.has('job-scroll')).toBe(true));
    const stream = mockDb.logStreams.get('job-scroll')!;

    act(() => stream.send(`id: 2\ndata: ${at} - INFO - Second\n\n`));
    await within(log).findByText('Second');
    expect(log.scrollTop).toBe(1000);

    log.scrollTop = 300;
    fireEvent.scroll(log);
    contentHeight = 1200;
    act(() => stream.send(`id: 3\ndata: ${at} - INFO - Third\n\n`));
    await within(log).findByText('Third');
    expect(log.scrollTop).toBe(300);

    // Back at the bottom: following again.
    log.scrollTop = 1000;
    fireEvent.scroll(log);
    contentHeight = 1400;
    act(() => stream.send(`id: 4\ndata: ${at} - INFO - Fourth\n\n`));
    await within(log).findByText('Fourth');
    expect(log.scrollTop).toBe(1400);
  });

  it.each([
    ['QUEUED', 'Job is queued and will start soon...'],
    ['COMPLETED', 'Job completed with no logs.'],
    ['FAILED', 'Job failed with no logs.'],
  ] as const)('shows the empty-log message of a %s job', async (status, message) => {
    addJob({ id: `job-${status}`, status });
    renderViewer(`job-${status}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("says 'Connecting to log stream...' before the stream answers", async () => {
    addJob({ id: 'job-3', status: 'RUNNING' });
    renderViewer('job-3');
    expect(await screen.findByText('Connecting to log stream...')).toBeInTheDocument();
  });

  it('explains a refused stream (401) and a failing one (503)', async () => {
    addJob({ id: 'job-4', status: 'RUNNING' });
    mockDb.logStreamStatus = 401;
    renderViewer('job-4');
    expect(
      await screen.findByText('Authentication error: User is not logged in.'),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to connect: {status} {statusText}' when the server fails", async () => {
    addJob({ id: 'job-5', status: 'RUNNING' });
    mockDb.logStreamStatus = 503;
    renderViewer('job-5');
    expect(
      await screen.findByText('Failed to connect: 503 Service Unavailable'),
    ).toBeInTheDocument();
  });
});
