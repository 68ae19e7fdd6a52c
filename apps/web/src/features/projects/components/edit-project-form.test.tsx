import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createMockProject, createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

describe('Edit Project', () => {
  it('saves name and description, then returns to the dashboard after 2 s', async () => {
    signInAs(createMockUser());
    const project = createMockProject({ name: 'Old name', description: 'Old text' });
    const { user, router } = renderApp(`/project/${project.id}/edit`, { fakeTimers: true });
    const name = await screen.findByLabelText('Project Name');
    expect(name).toHaveValue('Old name');
    await user.clear(name);
    await user.type(name, ' New name ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/Project updated successfully!/)).toBeInTheDocument();
    expect(mockDb.calls.at(-1)).toEqual({
      method: 'PATCH',
      path: `/api/projects/${project.id}`,
      body: { name: 'New name', description: 'Old text' },
    });
    expect(router.state.location.pathname).toBe(`/project/${project.id}/edit`);
    act(() => vi.advanceTimersByTime(2000));
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Project updated successfully!')).toBeInTheDocument();
  });

  it("says 'Failed to fetch project details.' for an unknown project", async () => {
    signInAs(createMockUser());
    renderApp('/project/nope/edit');
    expect(await screen.findByText('Failed to fetch project details.')).toBeInTheDocument();
  });

  it("says 'Failed to update project.' when saving fails", async () => {
    signInAs(createMockUser());
    const project = createMockProject({ name: 'Old name' });
    server.use(
      http.patch('*/api/projects/:id', () =>
        HttpResponse.json({ error: { code: 'API_INTERNAL', message: 'x' } }, { status: 500 }),
      ),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp(`/project/${project.id}/edit`);
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update project.')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('update project', expect.anything());
    expect(screen.getByLabelText('Project Name')).toHaveValue('Old name');
  });
});
