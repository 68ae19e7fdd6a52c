import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockUser, signInAs } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

describe('access guards (spec §2)', () => {
  it("shows 'Loading...' while the session resolves", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/auth/get-session', async () => {
        await gate;
        return HttpResponse.json(null);
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    release();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('sends a signed-out user to /login and back to where they came from after signing in', async () => {
    createMockUser({ email: 'ada@example.com', password: 'Secret123!' });
    const { user, router } = renderApp('/profile/edit?tab=1');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('sends a signed-in user away from /login and /register to /dashboard', async () => {
    signInAs(createMockUser());
    const { router } = renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('guards the project and GitHub routes that later issues fill', async () => {
    for (const path of ['/create-project', '/project/p1/edit', '/integrations/github/callback']) {
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      unmount();
    }
  });

  it('redirects any other path to /', async () => {
    const { router } = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: /Turn any outdated website/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
