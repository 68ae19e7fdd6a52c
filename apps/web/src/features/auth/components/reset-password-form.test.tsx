import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockUser, mockDb } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

describe('/auth/reset-password', () => {
  it('sets the new password with the token, then asks to sign in', async () => {
    const { user, router } = renderApp('/auth/reset-password?token=good-token');
    await user.type(await screen.findByLabelText('New Password'), 'Abcdefg1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Abcdefg2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(mockDb.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Your password has been reset. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(mockDb.calls[0]?.body).toEqual({ newPassword: 'Abcdefg1', token: 'good-token' });
  });

  it('explains an invalid or reused link and offers a new one', async () => {
    const { user } = renderApp('/auth/reset-password?token=used-token');
    await user.type(await screen.findByLabelText('New Password'), 'Abcdefg1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText(
        'This password reset link is invalid or has expired. Please request a new one.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('shows the invalid-link state for ?error=INVALID_TOKEN', async () => {
    renderApp('/auth/reset-password?error=INVALID_TOKEN');
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInTheDocument();
  });

  it('calls a link without a token invalid, not expired', async () => {
    renderApp('/auth/reset-password');
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is incomplete');
    expect(screen.queryByText(/expired/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});

describe('/auth/callback', () => {
  it("shows 'Authenticating...' and lands on the dashboard once the session exists", async () => {
    createMockUser({ email: 'ada@example.com' });
    mockDb.sessionEmail = 'ada@example.com';
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/auth/get-session', async () => {
        await gate;
        return HttpResponse.json({
          session: { id: 's1' },
          user: {
            id: 'user-1',
            email: 'ada@example.com',
            name: '',
            image: null,
            emailVerified: true,
            createdAt: '2026-01-15T10:00:00.000Z',
          },
        });
      }),
    );
    const { router } = renderApp('/auth/callback');
    expect(await screen.findByText('Authenticating...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('goes to /login with a message when the link failed', async () => {
    const { router } = renderApp('/auth/callback?error=INVALID_TOKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not confirm that link/);
    expect(router.state.location.pathname).toBe('/login');
  });
});
