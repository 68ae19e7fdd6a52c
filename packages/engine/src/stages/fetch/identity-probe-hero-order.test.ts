import { describe, expect, it } from 'vitest';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, useProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

const INTRO =
  'Our yearly community conference brings two hundred developers together for a day of talks, ' +
  'workshops and a hackathon, with a keynote by a guest from abroad and sessions for every level. ';

const page = (
  body: string,
) => `<!doctype html><html lang="en"><head><title>Conference</title><style>
  body { margin: 0; width: 1000px; }
  img.photos { display: block; width: 960px; height: 460px; }
</style></head><body>${body}<script>window.ready = true;</script></body></html>`;

/**
 * An event page that opens with its introduction and shows a collage of photos under it, and a page
 * whose big picture comes first, above its words (issue 23).
 */
const site = useProbedSite(
  () => ({
    '/': page(
      `<h1>Conference 2015</h1><p>${INTRO}</p><img class="photos" src="/photos.png" alt="The hall">` +
        '<p><a href="/opening.html">Opening</a></p>',
    ),
    '/opening.html': page(
      `<h1>Conference 2015</h1><img class="photos" src="/photos.png" alt="The hall"><p>${INTRO}</p>` +
        '<p><a href="/">Home</a></p>',
    ),
  }),
  2,
);

describe.skipIf(!chromePath)('a picture under the opening words (issue 23)', () => {
  it('is no hero; a picture above the words is one', () => {
    const pages = site().raw!.pages;
    const start = pages.find((p) => new URL(p.url).pathname === '/');
    const opening = pages.find((p) => new URL(p.url).pathname === '/opening.html');
    expect(start!.probe?.hero).toBeUndefined();
    expect(opening!.probe?.hero).toMatchObject({ alt: 'The hall', isBackground: false });
  });
});
