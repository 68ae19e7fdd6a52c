import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockUser, mockDb } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

// Issue 28: an account with two-factor authentication signs in in two steps.

/** The server's answers for a 2FA account: no session after the password, then one per right code. */
function useTwoFactorServer(options: { code: string; backupCode: string }) {
  const received: Array<{ path: string; body: Record<string, unknown> }> = [];
  server.use(
    http.post('*/api/auth/sign-in/email', async ({ request }) => {
      received.push({ path: 'sign-in', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    }),
    http.post('*/api/auth/two-factor/verify-totp', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      received.push({ path: 'totp', body });
      if (body.code !== options.code) {
        return HttpResponse.json(
          { code: 'INVALID_CODE', message: 'Invalid code' },
          { status: 401 },
        );
      }
      mockDb.sessionEmail = 'ada@example.com';
      return HttpResponse.json({ user: { id: 'u1' } });
    }),
    http.post('*/api/auth/two-factor/verify-backup-code', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      received.push({ path: 'backup', body });
      if (body.code !== options.backupCode) {
        return HttpResponse.json(
          { code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' },
          { status: 401 },
        );
      }
      mockDb.sessionEmail = 'ada@example.com';
      return HttpResponse.json({ user: { id: 'u1' } });
    }),
  );
  return received;
}

async function enterPassword(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Right-pass1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(
    await screen.findByText(
      'Enter the 6-digit code from your authenticator app to finish signing in.',
    ),
  ).toBeInTheDocument();
}

describe('Sign In with two-factor authentication', () => {
  it('asks for the code after the password, refuses a wrong one, then signs in trusting the device', async () => {
    createMockUser({ email: 'ada@example.com', password: 'Right-pass1' });
    const received = useTwoFactorServer({ code: '123456', backupCode: 'abcde-12345' });
    const { user } = renderApp('/login');
    await enterPassword(user);

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from your authenticator app',
    );
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByLabelText('Trust this device for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada!' })).toBeInTheDocument();
    expect(received.filter((item) => item.path === 'totp').at(-1)?.body).toEqual({
      code: '123456',
      trustDevice: true,
    });
  });

  it('signs in with a backup code instead', async () => {
    createMockUser({ email: 'ada@example.com', password: 'Right-pass1' });
    const received = useTwoFactorServer({ code: '123456', backupCode: 'abcde-12345' });
    const { user } = renderApp('/login');
    await enterPassword(user);
    await user.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    await user.type(screen.getByLabelText('Backup code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada!' })).toBeInTheDocument();
    expect(received.find((item) => item.path === 'backup')?.body).toEqual({
      code: 'abcde-12345',
      trustDevice: false,
    });
  });

  it('sends the user back to the password when the challenge is used up', async () => {
    createMockUser({ email: 'ada@example.com', password: 'Right-pass1' });
    useTwoFactorServer({ code: '123456', backupCode: 'abcde-12345' });
    server.use(
      http.post('*/api/auth/two-factor/verify-totp', () =>
        HttpResponse.json(
          {
            code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
            message: 'Too many attempts. Please request a new code.',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/login');
    await enterPassword(user);
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in timed out or had too many attempts. Please sign in again.',
    );
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Email Address')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('after GitHub, offers the passkey only where the server says the account has one', async () => {
    renderApp('/login?second_factor=passkey');
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey instead' })).toBeInTheDocument();
  });

  it('after GitHub, asks for the code alone for an account without a passkey', async () => {
    renderApp('/login?second_factor=1');
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).toBeNull();
  });
});
