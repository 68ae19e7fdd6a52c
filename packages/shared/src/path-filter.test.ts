import { describe, expect, it } from 'vitest';
import { hasPathFilter, matchesPathFilter, toFilterPath } from './path-filter';

const included = (path: string, ...include: string[]) => matchesPathFilter(path, { include });
const excluded = (path: string, ...exclude: string[]) => !matchesPathFilter(path, { exclude });

describe('matchesPathFilter', () => {
  it('reads every page when there is no pattern, or only blank ones', () => {
    expect(matchesPathFilter('/anything/at/all.html', {})).toBe(true);
    expect(matchesPathFilter('/x', { include: [], exclude: [] })).toBe(true);
    expect(matchesPathFilter('/x', { include: ['', '  '], exclude: [' '] })).toBe(true);
    expect(hasPathFilter({ include: [' '], exclude: [] })).toBe(false);
    expect(hasPathFilter({ exclude: ['/tag/'] })).toBe(true);
  });

  it('takes a prefix on segment boundaries', () => {
    expect(included('/blog/2020/post.html', '/blog/')).toBe(true);
    expect(included('/blog', '/blog/')).toBe(true);
    expect(included('/blog/', '/blog')).toBe(true);
    expect(included('/blogroll.html', '/blog')).toBe(false);
    expect(included('/blogroll.html', '/blog/')).toBe(false);
    expect(included('/about.html', '/blog/')).toBe(false);
    // The root prefix is the whole site.
    expect(included('/about.html', '/')).toBe(true);
    // A pattern without its leading slash, or written as a full URL, is the same path.
    expect(included('/blog/a.html', 'blog/')).toBe(true);
    expect(included('/blog/a.html', 'https://example.com/blog/')).toBe(true);
  });

  it('matches `*` within one segment and `**` at any depth', () => {
    expect(included('/blog/a.html', '/blog/*')).toBe(true);
    expect(included('/blog/2020/a.html', '/blog/*')).toBe(false);
    expect(included('/blog/2020/a.html', '/blog/**')).toBe(true);
    expect(included('/blog', '/blog/**')).toBe(true);
    expect(included('/blog/a.html', '/blog/**/*.html')).toBe(true);
    expect(included('/blog/2020/05/a.html', '/blog/**/*.html')).toBe(true);
    expect(included('/blog/2020/05/a.php', '/blog/**/*.html')).toBe(false);
    expect(included('/docs/v2/intro', '/docs/*/intro')).toBe(true);
    expect(included('/docs/v2/beta/intro', '/docs/*/intro')).toBe(false);
    expect(included('/a/b/c.html', '**/*.html')).toBe(true);
    expect(included('/c.html', '**/*.html')).toBe(true);
    expect(included('/post-12.html', '/post-*.html')).toBe(true);
    // Other characters are literal, regular-expression ones included.
    expect(included('/post-1x2.html', '/post-1.2.html')).toBe(false);
    expect(included('/a+b/(c)', '/a+b/*')).toBe(true);
  });

  it('compares percent-encoded and plain paths alike', () => {
    expect(included('/caf%C3%A9/menu.html', '/café/')).toBe(true);
    expect(included('/café/menu.html', '/caf%C3%A9/')).toBe(true);
    expect(included('/my%20page.html', '/my page.html')).toBe(true);
    // An escaped slash stays within its segment: it is no folder.
    expect(included('/a%2Fb/c', '/a/')).toBe(false);
    // A malformed escape is compared as written, not thrown on.
    expect(included('/100%/x', '/100%/')).toBe(true);
  });

  it('ignores a trailing slash on either side', () => {
    expect(included('/docs/', '/docs/*')).toBe(false);
    expect(included('/docs/', '/docs')).toBe(true);
    expect(included('/docs/intro/', '/docs/*')).toBe(true);
    expect(included('/docs/intro', '/docs/*/')).toBe(true);
    expect(toFilterPath('/docs///')).toBe('/docs');
    expect(toFilterPath('/')).toBe('/');
  });

  it('ignores query strings and fragments', () => {
    expect(included('/shop/item.php?id=3', '/shop/')).toBe(true);
    expect(included('/shop/item.php?id=3#reviews', '/shop/*.php')).toBe(true);
    expect(excluded('/tag/news?page=2', '/tag/')).toBe(true);
    expect(included('/shop?x=/blog/', '/blog/')).toBe(false);
    expect(included('https://example.com/blog/a?b=1', '/blog/**')).toBe(true);
  });

  it('reads a page that matches some include and no exclude', () => {
    const filter = { include: ['/blog/', '/docs/'], exclude: ['/blog/tag/', '**/*.php'] };
    expect(matchesPathFilter('/blog/post.html', filter)).toBe(true);
    expect(matchesPathFilter('/docs/intro', filter)).toBe(true);
    expect(matchesPathFilter('/about.html', filter)).toBe(false);
    expect(matchesPathFilter('/blog/tag/news', filter)).toBe(false);
    expect(matchesPathFilter('/docs/search.php', filter)).toBe(false);
    expect(excluded('/private/a.html', '/private')).toBe(true);
  });
});
