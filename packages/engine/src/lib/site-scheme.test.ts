import { describe, expect, it } from 'vitest';
import { toSiteScheme } from './site-scheme';

describe('toSiteScheme', () => {
  const https = new Set(['https://a.example']);

  it('reads a link to the other scheme of the site’s host at the site’s scheme', () => {
    expect(toSiteScheme('http://a.example/about.html#team', https)).toBe(
      'https://a.example/about.html#team',
    );
    expect(toSiteScheme('http://A.EXAMPLE:80/x?y=1', https)).toBe('https://a.example/x?y=1');
    expect(toSiteScheme('https://a.example/x', new Set(['http://a.example']))).toBe(
      'http://a.example/x',
    );
  });

  it('leaves the site’s own links, other hosts, other ports and other schemes alone', () => {
    expect(toSiteScheme('https://a.example/x', https)).toBe('https://a.example/x');
    expect(toSiteScheme('http://www.a.example/x', https)).toBe('http://www.a.example/x');
    expect(toSiteScheme('http://a.example:8080/x', https)).toBe('http://a.example:8080/x');
    expect(toSiteScheme('ftp://a.example/x', https)).toBe('ftp://a.example/x');
    expect(toSiteScheme('not a url', https)).toBe('not a url');
  });
});
