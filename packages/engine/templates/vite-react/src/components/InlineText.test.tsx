// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { InlineRun } from '../content/types';
import { InlineText } from './InlineText';

afterEach(cleanup);

function renderRuns(runs: InlineRun[]) {
  return render(
    <MemoryRouter>
      <p>
        <InlineText runs={runs} />
      </p>
    </MemoryRouter>,
  );
}

describe('InlineText: buttons and icons of the original (issue 12)', () => {
  it('keeps an icon and its words in one link, the icon hidden from screen readers', () => {
    renderRuns([
      { text: '', icon: 'fas:envelope', href: 'mailto:a@b.example' },
      { text: ' Write to us', href: 'mailto:a@b.example' },
    ]);
    const link = screen.getByRole('link', { name: 'Write to us' });
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(link.querySelector('path')?.getAttribute('d')).toMatch(/^M48 64/);
  });

  it('names a link that is only an icon by the icon', () => {
    renderRuns([{ text: '', icon: 'fas:envelope', href: 'mailto:a@b.example' }]);
    const svg = screen.getByRole('img', { name: 'Envelope' });
    expect(svg.closest('a')?.getAttribute('href')).toBe('mailto:a@b.example');
  });

  it('draws nothing for an icon it does not have', () => {
    const { container } = renderRuns([{ text: '', icon: 'fas:unknown-glyph' }]);
    expect(container.querySelector('svg')).toBeNull();
  });

  it('keeps a button a button: a link in the brand colour, or a styled label when it led nowhere', () => {
    renderRuns([
      { text: 'Book a table', href: '/contact', button: 'primary' },
      { text: ' or ' },
      { text: 'Learn More', button: 'secondary' },
    ]);
    expect(screen.getByRole('link', { name: 'Book a table' }).className).toBe('btn');
    expect(screen.getByText('Learn More').closest('.btn')?.className).toBe('btn btn-secondary');
    expect(screen.queryByRole('link', { name: 'Learn More' })).toBeNull();
  });
});
