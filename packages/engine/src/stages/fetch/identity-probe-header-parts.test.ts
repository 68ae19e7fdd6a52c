import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import { buildTokens } from '../../design/offline-designer';
import { plainText, type Block, type SiteModel } from '../../model';
import type { RawSite } from '../../types';
import { extractSite } from '../extract/extract-site';
import { toTypeScaleVariables } from '../generate/templates/styles';
import { planSite } from '../plan/plan-site';
import {
  failOnConsoleOutput,
  fetchRendered,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const chromePath = await findChromePath();

/**
 * A right-to-left school page (issue 23): a navy strip across the top (a language link, a phone),
 * then the logo in the middle with its name under it, e-mail and phone on its right (where lines
 * start) and the address on its left, then a navy menu bar whose inner column repeats the navy.
 */
const page = (title: string, words: string) => `<!doctype html><html lang="ar"><head>
<title>${title}</title><style>
  body { margin: 0; direction: rtl; background: #ffffff; color: #222222; font: 16px/1.5 sans-serif; }
  header { background: #ffffff; }
  .in { width: 1140px; margin: 0 auto; }
  .top { background: #2c3e50; color: #ffffff; }
  .top .in { display: flex; justify-content: space-between; align-items: center; height: 40px; }
  .top a { color: #ffffff; }
  .mid .in { display: flex; align-items: center; }
  .mid .col { flex: 1; }
  .mid p, .mid h2 { margin: 4px 0; font-size: 15px; }
  .logo-col { text-align: center; }
  .logo-col img { display: block; width: 100px; height: 95px; margin: 0 auto; }
  nav { background: #2c3e50; }
  nav .in { background: #2c3e50; }
  nav ul { margin: 0; padding: 0; list-style: none; display: flex; }
  nav a { display: block; padding: 14px 11px; color: #ffffff; text-decoration: none; }
</style></head><body>
<header>
  <div class="top"><div class="in"><a href="/en.html">EN</a><span>هاتف 967774022260+</span></div></div>
  <div class="mid"><div class="in">
    <div class="col"><p>info@college.example</p><p>967774022260+</p></div>
    <div class="col logo-col"><a href="/"><img src="/logo.png" alt=""></a><p>كلية العلوم الصحية</p></div>
    <div class="col"><h2>مقر الكلية</h2><p>اليمن - صنعاء - شارع المقالح</p></div>
  </div></div>
  <nav><div class="in"><ul>
    <li><a href="/">الرئيسية</a></li><li><a href="/about.html">عن الكلية</a></li>
    <li><a href="/news.html">أخبار الكلية</a></li><li><a href="/contact.html">تواصل معنا</a></li>
  </ul></div></nav>
</header>
<main class="in"><h1>${title}</h1><p>${words}</p></main>
<script>window.ready = true;</script>
</body></html>`;

let site: TestServer;
let raw: RawSite;
let model: SiteModel;

beforeAll(async () => {
  const logo = await sharp({
    create: { width: 100, height: 95, channels: 3, background: '#d4a017' },
  })
    .png()
    .toBuffer();
  site = await startTestServer({
    '/': { body: page('الرئيسية', 'الريادة في التعليم التقني النوعي على كافة المستويات المحلية.') },
    '/about.html': { body: page('عن الكلية', 'تأسست الكلية لتقديم تعليم صحي وتقني عالي الجودة.') },
    '/logo.png': { headers: { 'content-type': 'image/png' }, body: logo },
  });
  if (chromePath) {
    raw = await fetchRendered(site.origin, 2);
    model = extractSite(raw);
  }
}, 60_000);

afterAll(async () => {
  await site?.close();
});

const wordsOf = (blocks: Block[]): string =>
  blocks
    .map((block) =>
      block.kind === 'paragraph' || block.kind === 'heading' ? plainText(block.inlines) : '',
    )
    .join(' ');

describe.skipIf(!chromePath)('a header with a strip and lines beside its brand (issue 23)', () => {
  it('reads the navy bar behind the menu through an inner column of the same navy', () => {
    expect(raw.pages[0]!.probe!.typography?.menuBar).toMatchObject({
      color: 'rgb(44, 62, 80)',
      text: 'rgb(255, 255, 255)',
      isFullWidth: true,
    });
  });

  it('measures the strip across the top, its colour and height', () => {
    expect(raw.pages[0]!.probe!.typography?.header?.strip).toEqual({
      height: 40,
      color: 'rgb(44, 62, 80)',
      text: 'rgb(255, 255, 255)',
    });
  });

  it('keeps the strip, the lines beside the brand on their side and the line under it', () => {
    const header = model.pages[0]!.header!;
    const at = (place: string) =>
      wordsOf(header.filter((part) => part.place === place).flatMap((part) => part.blocks));
    expect(at('strip')).toContain('967774022260+');
    // Right of the logo is where a right-to-left line starts; the address stands at its end.
    expect(at('start')).toContain('info@college.example');
    expect(at('end')).toContain('مقر الكلية');
    expect(at('end')).toContain('اليمن - صنعاء');
    expect(at('under')).toBe('كلية العلوم الصحية');
    // None of it opens the page's content.
    const content = wordsOf(model.pages[0]!.sections.flatMap((section) => section.blocks));
    expect(content).not.toContain('info@college.example');
    expect(content).not.toContain('مقر الكلية');
    expect(model.pages[0]!.sections[0]!.heading).toMatchObject({ level: 1 });
  });

  it('plans the parts as the site header, out of every page that shows them', () => {
    const plan = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    expect(plan.header?.map((part) => part.place)).toEqual(['strip', 'start', 'under', 'end']);
    for (const planned of plan.pages) {
      const words = JSON.stringify(planned.sections);
      expect(words).not.toContain('info@college.example');
      expect(words).not.toContain('مقر الكلية');
    }
  });

  it('draws the strip in its own colour where the look is kept', () => {
    const css = toTypeScaleVariables(buildTokens(model, { keepsOriginalLayout: true }).typography);
    expect(css).toContain('--strip-h: 40px;');
    expect(css).toContain('--strip-fill: #2c3e50;');
    expect(css).toContain('--on-strip: #ffffff;');
    expect(css).toContain('--menu-bar-fill: #2c3e50;');
  });
});
