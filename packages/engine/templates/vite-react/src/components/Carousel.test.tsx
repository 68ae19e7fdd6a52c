// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Carousel, ItemGrid } from './Carousel';

const SLIDES = [
  { picture: <img src="/a.jpg" alt="Harbour at dawn" />, content: <h2>Fresh fish</h2> },
  { picture: <img src="/b.jpg" alt="Kitchen" />, content: <h2>Open kitchen</h2> },
  { content: <h2>Book a table</h2> },
];

afterEach(cleanup);

function current(): string | null | undefined {
  return screen
    .getAllByRole('group')
    .find((slide) => slide.getAttribute('aria-current') === 'true')
    ?.getAttribute('aria-label');
}

describe('Carousel (WAI-ARIA carousel pattern)', () => {
  it('is a named carousel region whose slides all stay in the page, each named "n of total"', () => {
    render(<Carousel slides={SLIDES} />);
    const region = screen.getByRole('region', { name: 'Slideshow' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = screen.getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
    expect(slides.every((slide) => slide.getAttribute('aria-roledescription') === 'slide')).toBe(
      true,
    );
    // Every slide's words are in the page (prerendered HTML, search engines, text coverage).
    expect(region.textContent).toContain('Fresh fish');
    expect(region.textContent).toContain('Book a table');
    expect(region.textContent).not.toMatch(/Caption \d/);
    expect(current()).toBe('1 of 3');
    // The track scrolls sideways: a keyboard can reach it (axe's scrollable-region-focusable).
    expect(region.querySelector('.carousel-track')?.getAttribute('tabindex')).toBe('0');
  });

  it('moves with Previous and Next (wrapping) and announces the current slide', () => {
    render(<Carousel slides={SLIDES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe('2 of 3');
    expect(screen.getByText('2 of 3', { selector: '.carousel-status' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe('3 of 3');
  });

  it('has no buttons for a single slide', () => {
    render(<Carousel slides={SLIDES.slice(0, 1)} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('ItemGrid', () => {
  it("keeps the original's column count (at most 6) as its desktop layout", () => {
    const { container, rerender } = render(
      <ItemGrid columns={3} items={SLIDES.map((slide) => ({ content: slide.content }))} />,
    );
    const list = container.querySelector('ul')!;
    expect(list.className).toBe('items cols-3');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    rerender(<ItemGrid columns={12} items={[]} />);
    expect(container.querySelector('ul')!.className).toBe('items cols-6');
  });

  it('draws items as boxes where the original did', () => {
    const { container } = render(<ItemGrid columns={2} items={[]} boxed={['border', 'shadow']} />);
    expect(container.querySelector('ul')!.className).toBe(
      'items cols-2 is-boxed box-border box-shadow',
    );
  });
});
