import { describe, expect, it } from 'vitest';
import { toRawSite } from '../generate/testing/load-fixture';
import { extractSite } from './extract-site';

function nameShown(body: string, title = 'Jane Doe'): boolean | undefined {
  const html = `<html><head><title>${title}</title><meta property="og:site_name" content="Jane Doe"></head><body>${body}</body></html>`;
  return extractSite(toRawSite(html)).identity.nameShown;
}

describe("the header shows the site's name where the original's did (issue 12)", () => {
  it('counts a name set as a heading of the header, without a home link', () => {
    expect(
      nameShown('<header><h1>Jane Doe</h1><p>Statistics</p></header><main><p>Words.</p></main>'),
    ).toBe(true);
  });

  it('does not count a header whose headings only share a word with the name', () => {
    expect(
      nameShown(
        '<header><h2>Doe</h2><nav><a href="/a">About</a></nav></header><main><p>Words.</p></main>',
      ),
    ).toBe(false);
  });
});
