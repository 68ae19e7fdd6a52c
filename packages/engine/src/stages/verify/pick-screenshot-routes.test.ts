import { describe, expect, it } from 'vitest';
import {
  pickScreenshotRoutes,
  SCREENSHOT_ROUTES_BOUND,
  toRouteFamily,
} from './pick-screenshot-routes';

/** A site's routes in crawl order: the home, plain pages, 150 dated posts, 30 products. */
function buildSiteRoutes(): string[] {
  return [
    '/',
    '/about',
    '/contact',
    '/blog',
    '/blog/archive-2',
    ...Array.from(
      { length: 150 },
      (_, index) => `/blog/20${10 + (index % 5)}/0${1 + (index % 9)}/post-${index}`,
    ),
    ...Array.from({ length: 30 }, (_, index) => `/products/item-${index}`),
    '/privacy',
  ];
}

describe('toRouteFamily', () => {
  it('groups routes by first segment and depth, every top-level route in one family', () => {
    expect(toRouteFamily('/')).toBe('/');
    expect(toRouteFamily('/about')).toBe('/');
    expect(toRouteFamily('/blog')).toBe('/');
    expect(toRouteFamily('/blog/archive-2')).toBe('/blog/*/');
    expect(toRouteFamily('/blog/2009/03/a-post')).toBe('/blog/*/*/*/');
    expect(toRouteFamily('/blog/2011/12/another?x=1')).toBe('/blog/*/*/*/');
    expect(toRouteFamily('/products/lamp')).toBe('/products/*/');
  });
});

describe('pickScreenshotRoutes', () => {
  it('picks every route, unsampled, up to the bound', () => {
    const routes = Array.from({ length: SCREENSHOT_ROUTES_BOUND }, (_, index) => `/page-${index}`);
    expect(pickScreenshotRoutes(['/', ...routes.slice(1)])).toEqual({
      routes: ['/', ...routes.slice(1)],
      sampled: false,
    });
    expect(pickScreenshotRoutes(['/', '/a', '/a'], 2)).toEqual({
      routes: ['/', '/a'],
      sampled: false,
    });
  });

  it('samples `bound` routes past it: the start page, one of each family, the rest spread out', () => {
    const routes = buildSiteRoutes();
    const picked = pickScreenshotRoutes(routes, 10);
    expect(picked.sampled).toBe(true);
    expect(picked.routes).toHaveLength(10);
    expect(picked.routes[0]).toBe('/');
    // The first route of each family, whatever its place in the crawl.
    expect(picked.routes).toEqual(
      expect.arrayContaining(['/blog/archive-2', '/blog/2010/01/post-0', '/products/item-0']),
    );
    // In crawl order, without duplicates.
    expect(picked.routes).toEqual(routes.filter((route) => picked.routes.includes(route)));
    // The others are spread over the whole list, not bunched at its start.
    const positions = picked.routes.map((route) => routes.indexOf(route));
    expect(Math.max(...positions)).toBeGreaterThan(routes.length * 0.8);
    expect(positions.filter((position) => position > routes.length / 2).length).toBeGreaterThan(2);
  });

  it('picks the same routes for the same list', () => {
    const routes = buildSiteRoutes();
    expect(pickScreenshotRoutes(routes)).toEqual(pickScreenshotRoutes([...routes]));
    expect(pickScreenshotRoutes(routes).routes).toHaveLength(SCREENSHOT_ROUTES_BOUND);
  });

  it('keeps to the bound when there are more families than it allows', () => {
    const routes = ['/', ...Array.from({ length: 20 }, (_, index) => `/section-${index}/page`)];
    const picked = pickScreenshotRoutes(routes, 5);
    expect(picked.routes).toEqual([
      '/',
      '/section-0/page',
      '/section-1/page',
      '/section-2/page',
      '/section-3/page',
    ]);
  });
});
