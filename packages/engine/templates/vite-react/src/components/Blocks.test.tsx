// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Block } from '../content/types';
import { Blocks } from './Blocks';

afterEach(cleanup);

const blocks: Block[] = [
  { kind: 'paragraph', inlines: [{ text: 'Centred' }], align: 'center' },
  { kind: 'heading', level: 2, inlines: [{ text: 'Title' }], align: 'center' },
  {
    kind: 'list',
    ordered: false,
    inline: true,
    align: 'center',
    items: [[{ text: '1', href: '/one' }], [{ text: '2', href: '/two' }]],
  },
  { kind: 'image', image: { src: '/images/a.png', alt: 'A' }, align: 'center' },
  {
    kind: 'items',
    columns: 2,
    items: [{ blocks: [{ kind: 'paragraph', inlines: [{ text: 'In' }], align: 'center' }] }],
  },
];

function classesOf(keepAlignment?: boolean): (string | null)[] {
  const { container } = render(
    <MemoryRouter>
      <Blocks blocks={blocks} keepAlignment={keepAlignment} />
    </MemoryRouter>,
  );
  return ['p', 'h2', 'ul', 'figure', '.item p'].map(
    (selector) => container.querySelector(selector)?.getAttribute('class') ?? null,
  );
}

describe('Blocks', () => {
  it("keeps the original's alignment where asked (pages of a kind), nested blocks included", () => {
    expect(classesOf(true)).toEqual([
      'center',
      'heading-center',
      'list-inline center',
      'center',
      'center',
    ]);
  });

  it("draws every block in the design's own alignment otherwise (content modules)", () => {
    // A list shown in a row stays a row (issue 23: filter pills, a pager), not centred.
    expect(classesOf()).toEqual([null, null, 'list-inline', null, null]);
  });

  it('draws pictures on one line with the label that ended their row (issue 23)', () => {
    const { container } = render(
      <MemoryRouter>
        <Blocks
          blocks={[
            { kind: 'image', image: { src: '/images/button.gif', alt: '' }, inline: 'start' },
            { kind: 'image', image: { src: '/images/bird.gif', alt: '' }, inline: 'continue' },
            {
              kind: 'paragraph',
              inlines: [{ text: 'Games', href: '/games' }],
              tone: { step: 1 },
              inline: 'continue',
            },
            { kind: 'paragraph', inlines: [{ text: 'After' }], inline: 'continue' },
          ]}
        />
      </MemoryRouter>,
    );
    const row = container.querySelector('.image-row');
    expect(row?.querySelectorAll('img')).toHaveLength(2);
    expect(row?.querySelector('.image-row-label.tone-1 a')?.textContent).toBe('Games');
    // A row ends with its label: a second label is a paragraph of its own.
    expect(container.querySelector('.image-row + p')?.textContent).toBe('After');
  });

  it("keeps a layout row's columns side by side at their shares (a title and its date)", () => {
    const { container } = render(
      <MemoryRouter>
        <Blocks
          blocks={[
            {
              kind: 'items',
              columns: 2,
              widths: [75, 25],
              items: [
                { blocks: [{ kind: 'heading', level: 3, inlines: [{ text: 'A talk' }] }] },
                { blocks: [{ kind: 'paragraph', inlines: [{ text: 'May 2024' }] }] },
              ],
            },
          ]}
        />
      </MemoryRouter>,
    );
    const row = container.querySelector<HTMLElement>('.layout-row');
    expect(row?.style.gridTemplateColumns).toBe('75fr 25fr');
    expect([...(row?.children ?? [])].map((column) => column.textContent)).toEqual([
      'A talk',
      'May 2024',
    ]);
    expect(container.querySelector('.items')).toBeNull();
  });
});
