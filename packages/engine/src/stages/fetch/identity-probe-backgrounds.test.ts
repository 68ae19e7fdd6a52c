import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSite } from '../extract/extract-site';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, probeSite, type ProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

/**
 * A 1998 home page on a tiled paper texture, its copyright line at the end with no band (a script,
 * as such pages had: fetch renders the page and probes it).
 */
const TILED = `<!doctype html><html lang="en"><head><title>Wim's page</title><style>
  body { background: #ffffff url(/paper.png); color: #000000; font: 16px serif; }
</style></head><body>
  <center><h1>Welcome to my home page</h1></center>
  <p>Here you find my programs, my family and the games I like to play on rainy afternoons.</p>
  <div id="footer"><p>(c) 1998 Wim</p></div>
  <script>window.status = 'Welcome';</script>
</body></html>`;

/** A club's page: a banner picture across the top, a photo that stays put behind the page. */
const BANNER = `<!doctype html><html lang="en"><head><title>Drum club</title><style>
  body { margin: 0; background: #202020 url(/photo.png) no-repeat fixed center / cover; color: #ffffff; }
  header { background: #7a1f1f url(/banner.png) repeat-x left top; height: 120px; }
  footer { background: #111111; color: #dddddd; }
</style></head><body>
  <header><a href="/">Drum club</a> <a href="/join.html">Join</a></header>
  <main><h1>We drum on Tuesdays</h1><p>Bring your own sticks; the drums are ours to share.</p></main>
  <footer><p>Drum club, Main street 4</p></footer>
  <script>window.ready = true;</script>
</body></html>`;

/** A college's page: a photo on the body, seen only in the gutters beside its boxed sections. */
const BOXED = `<!doctype html><html lang="en"><head><title>College</title><style>
  body { margin: 0; background: url(/campus.png) fixed; background-size: cover; color: #212529; }
  .box { width: 1140px; margin: 0 auto; background: #ffffff; }
  section { background: #f1f1f1; padding: 400px 0; }
</style></head><body>
  <div class="box"><h1>Welcome to the college</h1><p>Courses in health and technology since 1998.</p></div>
  <section><p>News of the college and its students.</p></section>
  <section><p>Events of the year, one after the other.</p></section>
  <script>window.ready = true;</script>
</body></html>`;

async function png(width: number, height: number, color: string): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

let tiled: ProbedSite;
let banner: ProbedSite;
let boxed: ProbedSite;

beforeAll(async () => {
  const picture = async (width: number, height: number, color: string) => ({
    headers: { 'content-type': 'image/png' },
    body: await png(width, height, color),
  });
  tiled = await probeSite({ '/': TILED, '/paper.png': await picture(40, 30, '#efe6cf') }, 1);
  boxed = await probeSite({ '/': BOXED, '/campus.png': await picture(800, 500, '#64605f') }, 1);
  banner = await probeSite(
    {
      '/': BANNER,
      '/photo.png': await picture(800, 500, '#3a4a5a'),
      '/banner.png': await picture(60, 120, '#b03030'),
    },
    1,
  );
}, 90_000);

afterAll(async () => {
  await tiled?.close();
  await banner?.close();
  await boxed?.close();
});

describe.skipIf(!chromePath)("the original's backgrounds in Chromium (issue 23)", () => {
  it('reads a page whose body photo shows only beside its boxed sections as the colour it shows', () => {
    expect(boxed.raw!.pages[0]!.probe!.background).toEqual({ color: 'rgb(241, 241, 241)' });
  });

  it('reads how the page tiles its texture, and a footer without a fill of its own', () => {
    const probe = tiled.raw!.pages[0]!.probe!;
    expect(probe.background).toMatchObject({
      image: `${tiled.server.origin}/paper.png`,
      repeat: 'repeat',
      size: 'auto',
      position: '0% 0%',
      attachment: 'scroll',
      imageColor: 'rgb(239, 230, 207)',
    });
    const { backgrounds } = extractSite(tiled.raw!).identity;
    expect(backgrounds).toEqual({
      page: {
        image: {
          src: `${tiled.server.origin}/paper.png`,
          alt: '',
          asset: `${tiled.server.origin}/paper.png`,
          width: 40,
          height: 30,
        },
        repeat: 'repeat',
        // The tile at its own pixels, whatever size the rebuild ships it at.
        size: '40px 30px',
        position: '0% 0%',
        attachment: 'scroll',
        color: '#efe6cf',
      },
      isHeaderOnPage: true,
      isFooterOnPage: true,
    });
  });

  it("reads a header's banner and a covering photo that stands still; a filled footer is no page ground", () => {
    const probe = banner.raw!.pages[0]!.probe!;
    expect(probe.background).toMatchObject({
      image: `${banner.server.origin}/photo.png`,
      repeat: 'no-repeat',
      size: 'cover',
      position: '50% 50%',
      attachment: 'fixed',
    });
    expect(probe.header).toMatchObject({
      image: `${banner.server.origin}/banner.png`,
      repeat: 'repeat-x',
      position: '0% 0%',
    });
    const { backgrounds } = extractSite(banner.raw!).identity;
    expect(backgrounds?.header).toMatchObject({
      image: { asset: `${banner.server.origin}/banner.png` },
      repeat: 'repeat-x',
      size: '60px 120px',
      color: '#b03030',
    });
    expect(backgrounds?.page).toMatchObject({ size: 'cover', attachment: 'fixed' });
    expect(backgrounds?.footer).toBeUndefined();
    expect(backgrounds?.isHeaderOnPage).toBe(false);
    expect(backgrounds?.isFooterOnPage).toBe(false);
  });
});
