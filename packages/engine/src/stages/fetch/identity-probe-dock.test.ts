import { describe, expect, it } from 'vitest';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, shownText, useProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

/**
 * A college page with a column of social icons a class pins to the left edge of the window (each
 * name slides out on hover), one of them going nowhere, and a question button under them; a "back
 * to top" arrow fixed at the bottom right; and a sidebar of links in the flow, which is the page's
 * (issue 23).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Riverside College</title><style>
  body { margin: 0; font: 16px/1.5 sans-serif; }
  header { position: sticky; top: 0; background: #ffffff; padding: 12px 80px; }
  header nav a { margin-right: 16px; }
  .dock { position: fixed; left: 0; top: 30%; width: 44px; background: #0d47a1; z-index: 9; }
  .dock a { display: block; height: 44px; color: #ffffff; white-space: nowrap; overflow: hidden; }
  .dock a i { display: inline-block; width: 44px; height: 44px; }
  .dock a span { display: inline-block; max-width: 0; overflow: hidden; vertical-align: top; }
  .dock a:hover span { max-width: 200px; }
  .totop { position: fixed; right: 16px; bottom: 16px; width: 40px; height: 40px; background: #0d47a1; color: #fff; }
  .wrap { display: flex; gap: 32px; padding: 0 80px; }
  .side { width: 240px; flex: none; }
  .side a { display: block; }
  main { flex: 1; }
</style></head><body>
<div class="dock" id="dock">
  <a href="https://www.facebook.com/riverside.college"><i class="icon-fb"></i><span>Facebook</span></a>
  <a href="https://www.linkedin.com/school/riverside-college"><i class="icon-in"></i><span>LinkedIn</span></a>
  <a href="https://twitter.com/riversidecol"><i class="icon-tw"></i><span>Twitter</span></a>
  <a href="https://www.youtube.com/@riversidecollege"><i class="icon-yt"></i><span>Youtube</span></a>
  <a href="https://www.instagram.com/riverside.college/"><i class="icon-ig"></i><span>Instagram</span></a>
  <a href="#"><i class="icon-tg"></i><span>Telegram</span></a>
  <a href="/ask"><i class="icon-q"></i><span>Ask us a question</span></a>
</div>
<header><nav><a href="/">Home</a><a href="/courses">Courses</a><a href="/admissions">Admissions</a><a href="/contact">Contact</a></nav></header>
<div class="wrap">
  <aside class="side" id="side"><h3>Departments</h3>
    <a href="/engineering">Engineering</a><a href="/nursing">Nursing</a><a href="/business">Business studies</a><a href="/arts">Fine arts</a>
  </aside>
  <main><h1>Welcome to Riverside College</h1>
    <p>Riverside College has taught engineers, nurses and artists by the river since 1961.</p>
    <p>Applications for the autumn term open on the first of March; the open day is in April.</p>
    <p style="height: 1200px">Our campus sits between the old mill and the town park.</p>
  </main>
</div>
<footer><p>Riverside College, 1 Mill Lane</p></footer>
<a class="totop" id="top" href="#" aria-label="Back to top">&#8593;</a>
<script>window.ready = true;</script>
</body></html>`;

const site = useProbedSite(() => ({ '/': PAGE }));

describe.skipIf(!chromePath)('the dock mark of the identity probe (issue 23)', () => {
  it('marks the social column pinned to the left and the back-to-top arrow, not the sidebar or header', () => {
    const marked = site().marked('/', PROBE_MARKS.dock);
    expect(marked.map((e) => [getAttr(e, 'id'), getAttr(e, PROBE_MARKS.dock)])).toEqual([
      ['dock', 'left'],
      ['top', 'right'],
    ]);
  });

  it("keeps none of the dock's words in the content, and the sidebar's", () => {
    const page = extractSite(site().raw!).pages[0]!;
    const text = shownText(page);
    for (const word of ['Facebook', 'LinkedIn', 'Instagram', 'Telegram', 'Ask us a question'])
      expect(text).not.toContain(word);
    expect(page.textBlocks.join(' ')).not.toContain('Telegram');
    // The sidebar in the flow is the page's: its words are carried (as its sidebar).
    expect(`${text} ${JSON.stringify(page.aside)}`).toContain('Business studies');
    expect(text).toContain('Welcome to Riverside College');
    expect(page.dropped).toContainEqual(
      expect.objectContaining({ what: 'Side dock "Telegram Ask us a question"' }),
    );
  });

  it('keeps the real social links as the site’s profiles, not the one going nowhere', () => {
    const model = extractSite(site().raw!);
    expect(model.social.map((s) => s.network)).toEqual([
      'Facebook',
      'LinkedIn',
      'X',
      'YouTube',
      'Instagram',
    ]);
    expect(model.social.every((s) => s.href.startsWith('https://'))).toBe(true);
  });
});
