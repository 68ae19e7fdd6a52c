// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Seo, toDirection } from './Seo';

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('dir');
});

describe('Seo: the page is laid out in its language’s direction (issue 23)', () => {
  it('reads right-to-left languages and scripts, everything else left to right', () => {
    expect(['ar', 'ar-YE', 'fa', 'he', 'ur', 'ps', 'az-Arab', 'pa-arab'].map(toDirection)).toEqual(
      Array(8).fill('rtl'),
    );
    expect(['en', 'ja', 'de-CH', '', 'ku-Latn', 'arn', 'uz-Cyrl'].map(toDirection)).toEqual(
      Array(7).fill('ltr'),
    );
  });

  it('sets the document’s dir with its lang, and back when the next page is in another', () => {
    const view = render(<Seo title="الرئيسية" description="كلية" route="/" language="ar" />);
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    view.rerender(<Seo title="Home" description="College" route="/en" language="en" />);
    expect(document.documentElement.dir).toBe('ltr');
  });
});
