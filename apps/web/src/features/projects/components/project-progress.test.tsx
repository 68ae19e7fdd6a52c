import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockProject } from '../../../testing/mocks/db';
import { ProjectProgress, formatWait } from './project-progress';

describe('ProjectProgress', () => {
  it('shows the running stage with a progress bar', () => {
    const project = createMockProject({
      status: 'processing',
      job_status: 'RUNNING',
      progress: { stage: 'fetch', label: 'Reading the site', done: 3, total: 8 },
    });
    render(<ProjectProgress project={project} />);
    expect(screen.getByText('Reading the site…')).toBeInTheDocument();
    expect(screen.getByText('3 of 8')).toBeInTheDocument();
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

  it('says waits as people say them', () => {
    expect(formatWait(5)).toBe('starting shortly');
    expect(formatWait(42)).toBe('about 40 s');
    expect(formatWait(150)).toBe('about 3 min');
  });
});
