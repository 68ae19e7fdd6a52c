import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockProject } from '../../../testing/mocks/db';
import { ProjectProgress, formatRemaining, formatWait } from './project-progress';

describe('ProjectProgress', () => {
  it('shows step k of n and one bar for the whole job, with the time left', () => {
    const running = createMockProject({
      status: 'processing',
      job_status: 'RUNNING',
      progress: {
        stage: 'verify',
        label: 'Building and verifying',
        done: 8,
        total: 8,
        step: 6,
        steps: 7,
        overall: 0.83,
        estimated_remaining_seconds: 42,
      },
    });
    const { rerender } = render(<ProjectProgress project={running} />);
    expect(screen.getByTestId('project-progress')).toHaveTextContent(
      'Step 6 of 7 · Building and verifying… (8 of 8)about 40 s left',
    );
    const bar = screen.getByRole('progressbar', { name: 'Modernization progress' });
    // The whole job's share, not the stage's 100 %.
    expect(bar).toHaveAttribute('aria-valuenow', '83');
    expect(bar).toHaveAttribute(
      'aria-valuetext',
      'Step 6 of 7, Building and verifying: 83 %, about 40 s left',
    );
    // The next stage starts at its own 0 of n: the bar stays where the job is.
    rerender(
      <ProjectProgress
        project={{
          ...running,
          progress: {
            stage: 'package',
            label: 'Packaging',
            done: 0,
            total: 1,
            step: 7,
            steps: 7,
            overall: 0.9,
            estimated_remaining_seconds: 5,
          },
        }}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Modernization progress' })).toHaveAttribute(
      'aria-valuenow',
      '90',
    );
    expect(screen.getByTestId('project-progress')).toHaveTextContent(
      'Step 7 of 7 · Packaging…almost done',
    );
  });

  it('shows the running stage with a progress bar for a job without whole-job figures', () => {
    const project = createMockProject({
      status: 'processing',
      job_status: 'RUNNING',
      progress: { stage: 'fetch', label: 'Reading the site', done: 3, total: 8 },
    });
    render(<ProjectProgress project={project} />);
    expect(screen.getByText('Reading the site…')).toBeInTheDocument();
    expect(screen.getByText('(3 of 8)')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Reading the site' });
    expect(bar).toHaveAttribute('aria-valuenow', '38');
  });

  it('says where a waiting project stands in line and roughly when it starts', () => {
    const waiting = createMockProject({
      status: 'queued',
      job_status: 'QUEUED',
      queue: { position: 3, estimated_wait_seconds: 130 },
    });
    const { rerender } = render(<ProjectProgress project={waiting} />);
    expect(screen.getByTestId('project-queue')).toHaveTextContent(
      'Waiting: number 3 in line — about 2 min until it starts.',
    );
    rerender(
      <ProjectProgress
        project={{ ...waiting, queue: { position: 1, estimated_wait_seconds: 0 } }}
      />,
    );
    expect(screen.getByTestId('project-queue')).toHaveTextContent(
      'Next in line — starting shortly.',
    );
  });

  it('shows nothing for a finished project', () => {
    const { container } = render(
      <ProjectProgress project={createMockProject({ status: 'completed' })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('says the time left as people say it', () => {
    expect(formatRemaining(4)).toBe('almost done');
    expect(formatRemaining(12)).toBe('about 10 s left');
    expect(formatRemaining(42)).toBe('about 40 s left');
    expect(formatRemaining(150)).toBe('about 3 min left');
  });

  it('says waits as people say them', () => {
    expect(formatWait(5)).toBe('starting shortly');
    expect(formatWait(42)).toBe('about 40 s');
    expect(formatWait(150)).toBe('about 3 min');
  });
});
