import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockDb } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

describe('Register', () => {
  it('updates the five-bar strength meter as the user types', async () => {
    const { user } = renderApp('/register');
    const meter = await screen.findByTestId('password-strength');
    expect(meter).toHaveTextContent('Very Weak');
    await user.type(screen.getByLabelText('Password'), 'abcdefgh');
    expect(meter).toHaveTextContent('Weak');
    expect(meter).toHaveAttribute('data-score', '2');
    await user.type(screen.getByLabelText('Password'), 'A1!');
    expect(meter).toHaveTextContent('Strong');
    expect(meter.querySelectorAll('[data-filled="true"]')).toHaveLength(5);
  });

  it("shows the spec's messages, including 'Passwords do not match.'", async () => {
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Password'), 'abcdefgh');
    await user.type(screen.getByLabelText('Confirm Password'), 'abcdefgX');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(mockDb.calls).toHaveLength(0);
  });

  it('shows the success message, then goes to /login after 3 seconds', async () => {
    const { user, router } = renderApp('/register', { fakeTimers: true });
    await user.type(await screen.findByLabelText('Email Address'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abcdefg1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText(
        'Registration successful! Please check your email to verify your account.',
      ),
    ).toBeInTheDocument();
    expect(mockDb.calls[0]).toMatchObject({
      path: '/api/auth/sign-up/email',
      body: { email: 'new@example.com', name: '', callbackURL: '/auth/callback' },
    });

    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/register');
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server message and keeps the input when the e-mail is taken', async () => {
    mockDb.users.set('ada@example.com', {
      id: 'u1',
      email: 'ada@example.com',
      password: 'x',
      name: '',
      emailVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      fullName: null,
      companyName: null,
      avatarUrl: null,
    });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abcdefg1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com');
  });
});
