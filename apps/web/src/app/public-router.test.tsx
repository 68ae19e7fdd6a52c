import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/reload-page';
import { BrowserRouter, Link, NavLink, useLocation, useNavigate } from './public-router';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.hash}`}</p>;
}

function SignInButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/login', { state: { from: '/#pricing' } })}>
      Sign in to buy
    </button>
  );
}

function renderRouter() {
  return render(
    <BrowserRouter>
      <Where />
      <Link to="/terms">Terms</Link>
      <Link to="/#pricing">Pricing</Link>
      <NavLink to="/privacy" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Privacy
      </NavLink>
      <Link to="/register">Get Started</Link>
      <SignInButton />
    </BrowserRouter>,
  );
}

// The public pages' stand-in for react-router (issue 13 item 6): public paths change in place,
// others load the app with the navigation's state where react-router reads it.
describe('public pages router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('moves between the public pages without a page load', async () => {
    window.history.replaceState(null, '', '/');
    const user = userEvent.setup();
    renderRouter();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/terms');
    expect(window.location.pathname).toBe('/terms');
    await user.click(screen.getByRole('link', { name: 'Privacy' }));
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/#pricing');
    window.history.back();
    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/privacy'));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('loads any other path from the server, keeping the state as react-router stores it', async () => {
    window.history.replaceState(null, '', '/');
    const user = userEvent.setup();
    renderRouter();
    await user.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(window.location.pathname).toBe('/register');
    expect(reloadPage).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Sign in to buy' }));
    expect(window.location.pathname).toBe('/login');
    expect(window.history.state).toMatchObject({ usr: { from: '/#pricing' }, idx: 2 });
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });
});
