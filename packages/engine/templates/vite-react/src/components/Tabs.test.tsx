// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';

const TABS = [
  { id: 'starters', label: 'Starters', content: <p>Soup of the day</p> },
  { id: 'mains', label: 'Mains', content: <p>Fish and chips</p> },
  { id: 'desserts', label: 'Desserts', content: <p>Apple pie</p> },
];

afterEach(() => {
  cleanup();
  window.location.hash = '';
  // jsdom has no layout, so no scrollIntoView: the hash test lends one.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function selected(): string | undefined {
  return (
    screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')
      ?.textContent ?? undefined
  );
}

describe('Tabs (WAI-ARIA tabs pattern)', () => {
  it('shows the first panel; the others stay in the page, hidden', () => {
    render(<Tabs label="Menu" tabs={TABS} />);
    expect(screen.getByRole('tablist', { name: 'Menu' })).toBeTruthy();
    expect(selected()).toBe('Starters');
    expect(screen.getByRole('tabpanel').textContent).toBe('Soup of the day');
    expect(document.getElementById('desserts')?.hidden).toBe(true);
    expect(document.getElementById('desserts')?.textContent).toBe('Apple pie');
  });

  it('moves with the arrow keys (wrapping), Home and End, and keeps one tab in the tab order', () => {
    render(<Tabs label="Menu" tabs={TABS} />);
    const [starters] = screen.getAllByRole('tab');
    starters!.focus();
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });

    press('ArrowRight');
    expect(selected()).toBe('Mains');
    expect(document.activeElement?.textContent).toBe('Mains');
    press('End');
    expect(selected()).toBe('Desserts');
    press('ArrowRight');
    expect(selected()).toBe('Starters');
    press('ArrowLeft');
    expect(selected()).toBe('Desserts');
    press('Home');
    expect(selected()).toBe('Starters');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel').textContent).toBe('Soup of the day');
  });

  it('opens the tab whose panel a link names (#mains), as the original did', () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 0;
    });
    window.location.hash = '#mains';
    render(<Tabs label="Menu" tabs={TABS} />);
    expect(selected()).toBe('Mains');
    expect(scrollIntoView).toHaveBeenCalledOnce();

    act(() => {
      window.location.hash = '#desserts';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(selected()).toBe('Desserts');
  });
});
