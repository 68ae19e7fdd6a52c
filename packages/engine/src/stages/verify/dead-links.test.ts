import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDeadLinks, listFiles, MAX_LISTED_DEAD_LINKS } from './dead-links';
import type { RenderedLink, RenderedRoute } from './render-routes';

function rendered(
  route: string,
  links: (string | RenderedLink)[],
  /** null: the page did not load (no ids read). */
  ids: string[] | null = [],
): RenderedRoute {
  return {
    route,
    text: '',
    overflow375: false,
    consoleErrors: [],
    brokenImages: [],
    screenshots: {},
    links: links.map((link) => (typeof link === 'string' ? { href: link, path: link } : link)),
    ...(ids === null ? {} : { ids }),
  };
}

const TARGETS = {
  routes: ['/', '/about', '/blog/first-post', '/not-rendered'],
  files: new Set(['index.html', 'about/index.html', 'files/prices.pdf', 'images/café.webp']),
};

describe('findDeadLinks', () => {
  it('passes links to routes, files of the build and anchors that exist', () => {
    const result = findDeadLinks(
      [
        rendered(
          '/',
          [
            '/',
            '/about/',
            '/about?tab=2',
            '/blog/first-post#comments',
            '/files/prices.pdf',
            '/images/caf%C3%A9.webp',
            '/index.html',
            '/#top',
            '/#',
            // The ids of a route that was not rendered are unknown: its path is enough.
            '/not-rendered#anything',
            { href: '#main', path: '/#main' },
          ],
          ['main'],
        ),
        rendered('/blog/first-post', [], ['comments']),
      ],
      TARGETS,
    );
    expect(result).toEqual({ count: 0, links: [] });
  });

  it('counts a path that is no route nor file, and an anchor missing from a rendered route', () => {
    const result = findDeadLinks(
      [
        rendered('/', ['/manual.html', '/about#team', { href: '#gone', path: '/#gone' }], []),
        rendered('/about', ['/files/missing.pdf', '/blog/first-post/comments'], ['intro']),
      ],
      TARGETS,
    );
    expect(result).toEqual({
      count: 5,
      links: [
        { route: '/', href: '/manual.html' },
        { route: '/', href: '/about#team' },
        { route: '/', href: '#gone' },
        { route: '/about', href: '/files/missing.pdf' },
        { route: '/about', href: '/blog/first-post/comments' },
      ],
    });
  });

  it('counts a link to the root when the project has no route there (index.html is the app)', () => {
    const result = findDeadLinks([rendered('/about', ['/', '/about'])], {
      routes: ['/about'],
      files: TARGETS.files,
    });
    expect(result.links).toEqual([{ route: '/about', href: '/' }]);
  });

  it('does not check anchors on a page that did not load', () => {
    const result = findDeadLinks(
      [rendered('/', ['/about#team']), rendered('/about', [], null)],
      TARGETS,
    );
    expect(result.count).toBe(0);
  });

  it('lists the first ones and counts them all', () => {
    const links = Array.from({ length: MAX_LISTED_DEAD_LINKS + 5 }, (_, n) => `/gone-${n}`);
    const result = findDeadLinks([rendered('/', links)], TARGETS);
    expect(result.count).toBe(MAX_LISTED_DEAD_LINKS + 5);
    expect(result.links).toHaveLength(MAX_LISTED_DEAD_LINKS);
  });
});

describe('listFiles', () => {
  it('lists every file under a folder as POSIX paths', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dead-links-'));
    try {
      await mkdir(path.join(dir, 'about'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), '');
      await writeFile(path.join(dir, 'about', 'index.html'), '');
      expect([...(await listFiles(dir))].sort()).toEqual(['about/index.html', 'index.html']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
