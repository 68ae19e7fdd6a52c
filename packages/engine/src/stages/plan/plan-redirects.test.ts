import { describe, expect, it } from 'vitest';
import type { RawSite } from '../../types';
import { extractSite } from '../extract/extract-site';
import { toRawPage } from '../generate/testing/load-fixture';
import { planSite } from './plan-site';
import { toOldPaths } from './plan-redirects';

describe('toOldPaths', () => {
  it.each([
    ['http://a.example/about.html', ['/about.html']],
    ['http://a.example/docs/', ['/docs/', '/docs/index.html']],
    ['http://a.example/docs/index.htm', ['/docs/index.htm', '/docs/']],
    ['http://a.example/', ['/', '/index.html']],
    ['http://a.example/index.php?page=contact', ['/index.php?page=contact']],
    ['http://a.example/caf%C3%A9.html', ['/café.html']],
    // A client-side route never reaches a server: no old path of it can redirect.
    ['http://a.example/#/guide', []],
  ])('%s -> %j', (url, paths) => {
    expect(toOldPaths(url)).toEqual(paths);
  });
});

describe('planSite redirects', () => {
  it('never redirects an old path that is the route of another page', () => {
    const page = (path: string, title: string) =>
      toRawPage(
        `http://a.example${path}`,
        `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>${title} text.</p></body></html>`,
        path === '/' ? 0 : 1,
      );
    const raw: RawSite = {
      startUrl: 'http://a.example/',
      finalUrl: 'http://a.example/',
      notRead: [],
      // /a/b and /a/b/ are two pages: the second's route is /a/b-2, and /a/b/ stays /a/b's.
      pages: [page('/', 'Home'), page('/a/b', 'First'), page('/a/b/', 'Second')],
      stylesheets: [],
      assets: [],
      diagnostics: [],
    };
    const plan = planSite(extractSite(raw), { strategy: 'FULL_REBUILD' });
    expect(plan.pages.map((planned) => planned.route)).toEqual(['/', '/a/b', '/a/b-2']);
    expect(plan.redirects).toEqual({ '/index.html': '/', '/a/b/index.html': '/a/b-2' });
  });
});
