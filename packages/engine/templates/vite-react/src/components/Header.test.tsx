// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './Header';

afterEach(cleanup);

function renderHeader() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Header />
    </MemoryRouter>,
  );
  // The desktop menu (the mobile one is the same list behind the menu button).
  const [desktop, mobile] = screen.getAllByRole('navigation', { hidden: true });
  return { desktop: desktop!, mobile: mobile! };
}

describe('Header: the original menu with disclosure dropdowns (issue 12)', () => {
  it('shows the name and every top-level item; a dropdown is a collapsed button', () => {
    const { desktop } = renderHeader();
    expect(screen.getByRole('link', { name: 'Example Bakery' }).getAttribute('href')).toBe('/');
    const nav = within(desktop);
    expect(nav.getByRole('link', { name: 'Home' })).toBeTruthy();
    const toggle = nav.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list.hidden).toBe(true);
    // All children are in the page, the dropdown's own link first.
    expect([...list.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Menu',
      'Breads',
      'Cakes',
    ]);
  });

  it('opens on click, closes with Escape and gives focus back to its button', () => {
    const { desktop } = renderHeader();
    const toggle = within(desktop).getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const cakes = within(desktop).getByRole('link', { name: 'Cakes' });
    cakes.focus();
    fireEvent.keyDown(cakes, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when focus leaves it or a click lands elsewhere', () => {
    const { desktop } = renderHeader();
    const toggle = within(desktop).getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    fireEvent.blur(toggle, { relatedTarget: within(desktop).getByRole('link', { name: 'Home' }) });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.pointerDown(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('has a mobile menu with the same items behind an expandable menu button', () => {
    const { mobile } = renderHeader();
    const button = document.querySelector<HTMLButtonElement>('[aria-controls="mobile-menu"]')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toBe('Menu');
    expect(mobile.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(mobile.hidden).toBe(false);
    expect(within(mobile).getByRole('button', { name: 'Menu' })).toBeTruthy();
    fireEvent.keyDown(within(mobile).getByRole('link', { name: 'Home' }), { key: 'Escape' });
    expect(mobile.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });
});
