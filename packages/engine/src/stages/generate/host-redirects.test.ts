import { describe, expect, it } from 'vitest';
import {
  toHostRedirects,
  toNetlifyToml,
  toRedirectsFile,
  toVercelConfig,
  type HostRedirect,
} from './host-redirects';

/** What a plan's redirect map holds: old path (+ query) -> route. */
const PLAN_REDIRECTS: Record<string, string> = {
  '/index.html': '/',
  '/about.html': '/about',
  '/docs/': '/docs',
  '/docs/index.html': '/docs',
  '/café menu.html': '/cafe-menu',
  '/page(2).html': '/page-2',
  '/index.php?page=contact': '/page-contact',
  '/a#b.html': '/ab',
  '/files/*.html': '/files',
  '/:weird.html': '/weird',
  '/same': '/same',
};

interface Rule {
  from: string;
  to: string;
  status: number;
}

/** `_redirects` read back: one rule a line, comments skipped. */
function readRedirectsFile(text: string): Rule[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = '', status = ''] = line.split(' ');
      return { from, to, status: Number(status) };
    });
}

/** `netlify.toml`'s [[redirects]] tables read back (their values are JSON-compatible strings). */
function readNetlifyToml(text: string): Rule[] {
  return text
    .split('[[redirects]]')
    .slice(1)
    .map((table) => ({
      from: JSON.parse(/^from = (".*")$/m.exec(table)![1]!) as string,
      to: JSON.parse(/^to = (".*")$/m.exec(table)![1]!) as string,
      status: Number(/^status = (\d+)$/m.exec(table)![1]),
    }));
}

/** vercel.json's source, a path-to-regexp pattern, as the literal path it matches. */
function unescapeVercel(source: string): string {
  return source.replace(/\\(.)/g, '$1');
}

describe('the hosts’ redirect files', () => {
  const redirects: HostRedirect[] = toHostRedirects(PLAN_REDIRECTS);

  it('take every old path a host can match, encoded, in the plan’s order', () => {
    expect(redirects).toEqual([
      { from: '/index.html', to: '/' },
      { from: '/about.html', to: '/about' },
      { from: '/docs/', to: '/docs' },
      { from: '/docs/index.html', to: '/docs' },
      { from: '/caf%C3%A9%20menu.html', to: '/cafe-menu' },
      { from: '/page(2).html', to: '/page-2' },
      // A decoded "#" of the path stays part of it.
      { from: '/a%23b.html', to: '/ab' },
    ]);
  });

  it('agree: _redirects, netlify.toml and vercel.json hold the same 301s, the app’s fallback last', () => {
    const expected: Rule[] = redirects.map(({ from, to }) => ({ from, to, status: 301 }));
    const fallback = { from: '/*', to: '/index.html', status: 200 };
    expect(readRedirectsFile(toRedirectsFile(redirects))).toEqual([...expected, fallback]);
    expect(readNetlifyToml(toNetlifyToml(redirects))).toEqual([...expected, fallback]);
    const vercel = toVercelConfig(redirects);
    expect(
      vercel.redirects.map(({ source, destination, permanent }) => ({
        from: unescapeVercel(source),
        to: destination,
        status: permanent ? 301 : 302,
      })),
    ).toEqual(expected);
    expect(vercel.rewrites).toEqual([{ source: '/(.*)', destination: '/index.html' }]);
  });

  it('escape vercel.json’s pattern characters, so an old path matches only itself', () => {
    const sources = toVercelConfig(redirects).redirects.map(({ source }) => source);
    expect(sources).toContain('/page\\(2\\).html');
    expect(sources.every((source) => !/(?<!\\)[()*+?:]/.test(source))).toBe(true);
  });

  it('tell Netlify how to build the project', () => {
    expect(toNetlifyToml([])).toMatch(/^\[build\]\ncommand = "npm run build"\npublish = "dist"$/m);
  });
});
