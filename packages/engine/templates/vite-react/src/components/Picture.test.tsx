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
});
