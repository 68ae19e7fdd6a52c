// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Picture } from './Picture';

afterEach(cleanup);

describe('Picture', () => {
  it('draws a picture the original drew round round, any other with the theme corners', () => {
    render(
      <>
        <Picture image={{ src: '/kay.jpg', alt: 'Kay Garland', shape: 'round' }} />
        <Picture image={{ src: '/office.jpg', alt: 'The office' }} className="item-image" />
      </>,
    );
    expect(screen.getByAltText('Kay Garland').className).toBe('h-auto max-w-full picture-round');
    expect(screen.getByAltText('The office').className).toBe(
      'h-auto max-w-full rounded-theme item-image',
    );
  });

  it('shows a picture as wide as the original showed it', () => {
    render(
      <Picture image={{ src: '/logo.png', alt: 'BG', width: 983, height: 906, shownWidth: 160 }} />,
    );
    const img = screen.getByAltText('BG');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['160', '147']);
  });
});
