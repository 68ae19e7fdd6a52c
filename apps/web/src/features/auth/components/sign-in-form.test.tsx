import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockUser } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

describe('Sign In', () => {
  it('shows every validation message of spec §5 and calls nothing', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email Address'), 'not an email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('shows the server error above the form and keeps what the user typed', async () => {
    createMockUser({ email: 'ada@example.com', password: 'Right-pass1' });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-pass');
    expect(screen.getByLabelText('Email Address')).toBeEnabled();

    // The banner is cleared by the next submit.
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Right-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada!' })).toBeInTheDocument();
  });

  it("falls back to 'Login failed. Please try again.' when the server says nothing useful", async () => {
    server.use(
      http.post('*/api/auth/sign-in/email', () => new HttpResponse(null, { status: 401 })),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it("disables the inputs and reads 'Signing In...' while loading", async () => {
    createMockUser({ email: 'ada@example.com', password: 'Right-pass1' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/auth/sign-in/email', async () => {
        await gate;
        return HttpResponse.json(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          { status: 401 },
        );
      }),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Right-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(screen.getByLabelText('Email Address')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("'Forgot Password?' sends a reset link and answers the same for any address", async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(dialog).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText(/If an account exists for that e-mail, we've sent a link/),
    ).toBeInTheDocument();
  });
});

describe('Sign In with GitHub', () => {
  const githubOn = () =>
    server.use(http.get('*/api/sign-in-methods', () => HttpResponse.json({ github: true })));

  it('offers "Continue with GitHub" only where the server has GitHub configured', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull();
  });

  it('shows the button, and GitHub refusing access as a plain message', async () => {
    githubOn();
    renderApp('/login?error=access_denied&error_description=The+user+has+denied');
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'GitHub sign-in was cancelled. You can try again or sign in with your email.',
    );
  });

  it('groups GitHub and the passkey above the form under one divider', async () => {
    githubOn();
    renderApp('/login');
    const group = await screen.findByRole('group', { name: 'Other ways to sign in' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Continue with GitHub',
      'Continue with a passkey',
    ]);
    expect(screen.getAllByText(/^or\b/)).toHaveLength(1);
    // The group comes before the e-mail field.
    expect(
      group.compareDocumentPosition(screen.getByLabelText('Email Address')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows a failed passkey sign-in in the banner above the form', async () => {
    server.use(
      http.get('*/api/auth/passkey/generate-authenticate-options', () =>
        HttpResponse.json({ code: 'NOPE', message: 'Nope' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That passkey could not sign you in. Try again or use your password.',
    );
  });

  it('asks the owner of an existing account to sign in with the password to link GitHub', async () => {
    githubOn();
    renderApp('/login?error=account_not_linked');
    expect(
      await screen.findByText(
        'An account with this email already exists. Sign in with your password to link GitHub to it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull();
  });
});
