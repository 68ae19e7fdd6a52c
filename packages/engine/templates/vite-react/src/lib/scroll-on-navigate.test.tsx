// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollOnNavigate } from './scroll-on-navigate';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Page() {
  useScrollOnNavigate();
  const navigate = useNavigate();
  return (
    <>
      <Link to="/about">About</Link>
      <Link to="/#program">Program</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <section id="program">Program of the day</section>
    </>
  );
}

describe('useScrollOnNavigate', () => {
  it('opens another page at its top and an anchor at its element; back keeps its place', () => {
    // jsdom lays nothing out: the calls are what the hook decides, spied on.
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page />
      </MemoryRouter>,
    );
    // The first render leaves the page as it loads.
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    fireEvent.click(screen.getByRole('link', { name: 'Program' }));
    expect(intoView).toHaveBeenCalledTimes(1);
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
