// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Block, SectionData } from '../content/types';
import { Section } from './Section';

afterEach(cleanup);

const paragraph = (text: string): Block => ({ kind: 'paragraph', inlines: [{ text }] });
const heading = (level: number, text: string): Block => ({
  kind: 'heading',
  level,
  inlines: [{ text }],
});

function renderSection(section: Omit<SectionData, 'id'>, index = 1): HTMLElement {
  const { container } = render(
    <MemoryRouter>
      <Section section={{ id: 'breads', ...section }} index={index} />
    </MemoryRouter>,
  );
  return container.querySelector('section')!;
}

/**
 * The markup motion.css animates (a strategy with motion): each block of a section is a child of
 * `.section > .content`, each card or item a child of its grid, and the hero's headline, lead and
 * call to action children of `.hero-text`. Pages written as components (to-jsx.ts) share these.
 */
describe('Section: the hooks of the motion styles', () => {
  it("puts a section's blocks straight under its content, and a grid's cards under the grid", () => {
    const section = renderSection({
      variant: 'cards',
      heading: { level: 2, inlines: [{ text: 'Our breads' }] },
      blocks: [
        paragraph('Baked every morning.'),
        heading(3, 'Sourdough'),
        paragraph('Three days of rising.'),
        heading(3, 'Rye'),
        paragraph('Dark and dense.'),
      ],
    });
    expect(section.className.split(' ')).toContain('section');
    const children = Array.from(section.querySelectorAll(':scope > .content > *'));
    expect(children.map((child) => child.tagName)).toEqual(['H2', 'P', 'UL']);
    const cards = section.querySelectorAll(':scope > .content > .cards > li.card');
    expect(Array.from(cards, (card) => card.querySelector('h3')?.textContent)).toEqual([
      'Sourdough',
      'Rye',
    ]);
  });

  it('draws a prose section the same way, on its band', () => {
    const section = renderSection({
      variant: 'prose',
      heading: { level: 2, inlines: [{ text: 'Opening hours' }] },
      blocks: [paragraph('Tuesday to Sunday.'), paragraph('Closed on Mondays.')],
    });
    expect(section.className).toBe('section variant-prose section-alt');
    expect(section.querySelectorAll(':scope > .content > p')).toHaveLength(2);
  });

  it("keeps the hero's headline, lead and call to action as children of its text", () => {
    const section = renderSection(
      {
        variant: 'hero',
        heading: { level: 1, inlines: [{ text: 'Bread worth waking up for' }] },
        blocks: [
          paragraph('Wood-fired, by hand.'),
          { kind: 'paragraph', inlines: [{ text: 'Visit us', href: '/visit' }] },
        ],
      },
      0,
    );
    expect(section.classList.contains('hero')).toBe(true);
    const text = section.querySelector('.hero-text')!;
    expect(Array.from(text.children, (child) => child.tagName + '.' + child.className)).toEqual([
      'H1.',
      'P.',
      'P.cta',
    ]);
  });
});

describe('Section: a picture band (issue 23)', () => {
  it('shows a band with no words whole, at the original height, with no scrim', () => {
    const section = renderSection({
      variant: 'hero',
      blocks: [],
      backdrop: {
        image: { src: '/images/emblem.png', alt: 'The club emblem', width: 1200, height: 400 },
        shownHeight: 360,
      },
    });
    expect(section.className).toBe('section hero-picture');
    expect(section.style.maxHeight).toBe('360px');
    expect(section.querySelector('img.hero-picture-image')?.getAttribute('alt')).toBe(
      'The club emblem',
    );
    expect(section.querySelector('.hero-scrim')).toBeNull();
    expect(section.querySelector('.content')).toBeNull();
  });
});
