import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockUser, signInAs } from '../../testing/mocks/db';
import { renderApp } from '../../testing/test-utils';

describe('top bar', () => {
  it('shows Sign In and Get Started to guests, and the landing anchors on /', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
  });

  it('offers the user menu with the spec items, and Sign Out returns to /', async () => {
    signInAs(createMockUser({ email: 'grace@example.com', name: 'Grace Hopper' }));
    const { user, router } = renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'Open user menu' });
    expect(trigger).toHaveTextContent('GH');
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Signed in as');
    expect(menu).toHaveTextContent('grace@example.com');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());
    expect(items).toEqual(['Dashboard', 'Create Project', 'Edit Profile', 'Sign Out']);
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('top bar avatar', () => {
  it('shows the saved profile picture, as the profile panel does', async () => {
    signInAs(
      createMockUser({
        email: 'ada@example.com',
        fullName: 'Ada Lovelace',
        avatarUrl: 'https://example.com/ada.png',
      }),
    );
    renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'Open user menu' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', 'https://example.com/ada.png');
  });
});

describe('mobile menu', () => {
  it('opens from the menu button, mirrors the user menu and closes with Escape', async () => {
    signInAs(createMockUser({ email: 'grace@example.com' }));
    const { user } = renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    // The signed-in part loads with the menu's first opening.
    expect(await within(menu).findByText('Signed in as')).toBeInTheDocument();
    expect(menu).toHaveTextContent('grace@example.com');
    for (const name of ['Dashboard', 'Create Project', 'Edit Profile']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});
