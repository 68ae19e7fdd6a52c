import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createMockUser, signInAs } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

describe('pricing', () => {
  it('asks a guest to sign in and calls nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const attach = vi.fn();
    server.use(
      http.post('*/api/billing/attach', () => {
        attach();
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/');
    const pricing = await screen.findByRole('region', { name: 'One credit modernizes one site' });
    await user.click(within(pricing).getByRole('button', { name: 'Become a Founder' }));
    expect(alert).toHaveBeenCalledWith('Please sign in to make a purchase.');
    expect(attach).not.toHaveBeenCalled();
  });

  it('switches to yearly prices and keeps the struck-through regular price', async () => {
    const { user } = renderApp('/');
    const pricing = await screen.findByRole('region', { name: 'One credit modernizes one site' });
    const freelancer = within(pricing).getByRole('listitem', { name: 'Freelancer' });
    expect(within(freelancer).getByText('$69')).toBeInTheDocument();
    expect(within(freelancer).getByText(/\$99$/).tagName).toBe('S');
    expect(within(freelancer).getByText('Recommended')).toBeInTheDocument();
    await user.click(within(pricing).getByRole('radio', { name: /Yearly/ }));
    expect(within(freelancer).getByText('$690')).toBeInTheDocument();
    expect(within(freelancer).getByText(/\$990$/).tagName).toBe('S');
    expect(within(pricing).getByText('Save 15%')).toBeInTheDocument();
  });

  it('tells a signed-in user when the purchase cannot start', async () => {
    signInAs(createMockUser());
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    server.use(
      http.post('*/api/billing/attach', () =>
        HttpResponse.json({ error: { code: 'X', message: 'nope' } }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/');
    const pricing = await screen.findByRole('region', { name: 'One credit modernizes one site' });
    await screen.findByRole('button', { name: 'Open user menu' });
    await user.click(within(pricing).getByRole('button', { name: 'Choose Agency' }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'There was an error initiating the purchase. Please try again.',
      ),
    );
  });
});
