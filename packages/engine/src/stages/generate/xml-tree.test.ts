import { describe, expect, it } from 'vitest';
import { toXmlDocument, x } from './xml-tree';

describe('xml-tree', () => {
  it('prints a document with the declaration, indented children and escaped values', () => {
    const doc = x('urlset', { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' }, [
      x('url', {}, [x('loc', {}, ['https://a.example/?x=1&y=<2>'])]),
    ]);
    expect(toXmlDocument(doc, { indent: '  ' })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url>\n    <loc>https://a.example/?x=1&amp;y=&lt;2&gt;</loc>\n  </url>\n</urlset>\n',
    );
  });

  it('escapes attribute values, leaves out undefined ones and characters XML cannot hold', () => {
    const svg = x('svg', { fill: '"/><script>alert(1)</script>', title: undefined }, [
      'A\u0000<b>',
    ]);
    expect(toXmlDocument(svg, { declaration: false })).toBe(
      '<svg fill="&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;">A&lt;b&gt;</svg>\n',
    );
  });

  it('refuses a name that is not an XML name (a generator bug)', () => {
    expect(() => x('a b')).toThrow(/Not an XML name/);
    expect(() => x('a', { 'on"x': '1' })).toThrow(/Not an XML name/);
  });
});
