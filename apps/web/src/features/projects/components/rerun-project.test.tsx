import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockProject, createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

describe("'Run again' on a project (issue 13)", () => {
  it('re-runs a completed project with another strategy for one credit, keeping the previous download', async () => {
    signInAs(createMockUser());
    mockDb.credits = 3;
    const project = createMockProject({ name: 'Bakery', status: 'completed' });
    const { user } = renderApp('/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Bakery' });
    expect((await screen.findAllByTestId('credit-balance'))[0]).toHaveTextContent('3 credits');

    await user.click(within(card).getByRole('button', { name: 'Run again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run "Bakery" again?' });
    expect(dialog).toHaveTextContent('uses 1 credit');
    expect(dialog).toHaveTextContent('stays available for download until the new run completes');
    const same = within(dialog).getByRole('radio', { name: /Incremental Update/ });
    expect(same).toBeChecked();
    expect(same.closest('label')).toHaveTextContent('Same as last run');
    await user.click(within(dialog).getByRole('radio', { name: /Full Rebuild/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Run Again (1 credit)' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.calls).toContainEqual({
      method: 'POST',
      path: `/api/projects/${project.id}/rerun`,
      body: { modernizationStrategy: 'FULL_REBUILD' },
    });
    expect(await within(card).findByText('QUEUED')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Download previous result' }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Run again' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('credit-balance')[0]).toHaveTextContent('2 credits'),
    );
  });

  it('says there is no credit left (402) with a link to pricing, and spends nothing', async () => {
    signInAs(createMockUser());
    mockDb.credits = 0;
    createMockProject({ name: 'Garage', status: 'failed', generated_code_url: null });
    const { user } = renderApp('/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Garage' });
    await user.click(within(card).getByRole('button', { name: 'Run again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run "Garage" again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run Again (1 credit)' }));
    expect(await within(dialog).findByText('No credits left')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute(
      'href',
      '/#pricing',
    );
    expect(mockDb.credits).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText('Failed')).toBeInTheDocument();
  });
});
