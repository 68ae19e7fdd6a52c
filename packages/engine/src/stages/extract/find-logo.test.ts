import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Node } from './dom';
import { findStaticLogo, toProbedLogo } from './find-logo';

const PAGE = 'https://example.com/';
const doc = (body: string) => parse(`<html><body>${body}</body></html>`) as Node;

describe('logo kinds', () => {
  it("reads the brand element's <img> with its alt, sized from the downloaded asset", () => {
    const found = findStaticLogo(
      doc(
        '<header><a class="navbar-brand" href="/"><img src="/img/logo.png" alt="Acme"></a></header>',
      ),
      PAGE,
      new Map([['https://example.com/img/logo.png', { width: 240, height: 80 }]]),
    );
    expect(found).toEqual({
      logo: {
        kind: 'img',
        src: 'https://example.com/img/logo.png',
        alt: 'Acme',
        asset: 'https://example.com/img/logo.png',
        width: 240,
        height: 80,
      },
    });
  });

  it('turns an inline <svg> logo into an SVG asset of its own, named by its <title>', () => {
    const found = findStaticLogo(
      doc(
        '<a class="logo" href="/"><svg viewBox="0 0 10 10"><title>Svg Co</title><rect width="10" height="10"/></svg></a>',
      ),
      PAGE,
      new Map(),
    );
    expect(found?.logo).toMatchObject({ kind: 'svg', alt: 'Svg Co' });
    expect(found?.logo.asset).toBe(found?.svgAsset?.url);
    expect(found?.svgAsset?.contentType).toBe('image/svg+xml');
    const markup = new TextDecoder().decode(found!.svgAsset!.body);
    expect(markup).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 10 10">/);
  });

  it('keeps a CSS background logo the probe saw, with the downloaded picture', () => {
    expect(
      toProbedLogo(
        {
          kind: 'css-background',
          src: 'https://example.com/images/logo.png',
          alt: '',
          width: 208,
          height: 240,
        },
        new Map([['https://example.com/images/logo.png', { width: 208, height: 201 }]]),
      ),
    ).toEqual({
      logo: {
        kind: 'css-background',
        src: 'https://example.com/images/logo.png',
        alt: '',
        width: 208,
        height: 201,
        // As high as the page drew it (the probe's box), whatever the file's own size.
        shownHeight: 240,
        shownWidth: 208,
        asset: 'https://example.com/images/logo.png',
      },
    });
  });

  it('finds no logo where the brand is words only', () => {
    expect(
      findStaticLogo(doc('<a class="navbar-brand" href="/">Acme</a>'), PAGE, new Map()),
    ).toBeUndefined();
  });
});
