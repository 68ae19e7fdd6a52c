import { describe, expect, it } from 'vitest';
import type { PageModel, SiteModel } from '../../model';
import { planRoutes } from './plan-routes';

/** A site model with just what routing reads: the start address and the pages' addresses. */
function siteOf(startUrl: string, urls: string[]): SiteModel {
  return {
    startUrl,
    pages: urls.map((url) => ({ url }) as PageModel),
  } as unknown as SiteModel;
}

describe('planRoutes', () => {
  it('gives an index file that differs from its folder a route named after the file', () => {
    // An old site's splash page at `/` and its real home at `/index.html`, read as two pages.
    const routeOf = planRoutes(
      siteOf('http://a.example/', [
        'http://a.example/',
        'http://a.example/index.html',
        'http://a.example/docs/',
        'http://a.example/docs/default.htm',
        'http://a.example/about.html',
      ]),
    );
    expect(routeOf('http://a.example/')).toBe('/');
    expect(routeOf('http://a.example/index.html')).toBe('/index');
    expect(routeOf('http://a.example/docs/')).toBe('/docs');
    expect(routeOf('http://a.example/docs/default.htm')).toBe('/docs/default');
    expect(routeOf('http://a.example/about.html')).toBe('/about');
    // A link with a fragment reaches the page it names.
    expect(routeOf('http://a.example/index.html#news')).toBe('/index');
  });

  it('sends every spelling of a folder to its one page when only one was read', () => {
    const routeOf = planRoutes(
      siteOf('http://a.example/index.html', [
        'http://a.example/index.html',
        'http://a.example/news/index.htm',
      ]),
    );
    expect(routeOf('http://a.example/')).toBe('/');
    expect(routeOf('http://a.example/index.html')).toBe('/');
    expect(routeOf('http://a.example/news/')).toBe('/news');
    expect(routeOf('http://a.example/news/index.htm')).toBe('/news');
  });

  it('numbers other pages whose routes collide', () => {
    const routeOf = planRoutes(
      siteOf('http://a.example/', [
        'http://a.example/',
        'http://a.example/About.html',
        'http://a.example/about.htm',
      ]),
    );
    expect(routeOf('http://a.example/About.html')).toBe('/about');
    expect(routeOf('http://a.example/about.htm')).toBe('/about-2');
  });
});
