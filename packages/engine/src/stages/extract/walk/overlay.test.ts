import { describe, expect, it } from 'vitest';
import type { Block, PageModel } from '../../../model';
import { plainText, toFlatBlocks } from '../../../model';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

const INTRO = 'Fresh bread from our wood oven, every morning since 1982.';

function extractPage(body: string): PageModel {
  const html = `<html><head><title>Bakery</title></head><body>${body}
    <h1>The Village Bakery</h1><p>${INTRO}</p></body></html>`;
  return extractSite(toRawSite(html)).pages[0]!;
}

function blocksOf(page: PageModel): Block[] {
  return page.sections.flatMap((section) => toFlatBlocks(section.blocks));
}

/** Every word the page's blocks show, dialogs' titles included. */
function shownText(page: PageModel): string {
  return blocksOf(page)
    .map((block) => {
      if (block.kind === 'dialog') return block.title;
      if ('inlines' in block) return plainText(block.inlines);
      if (block.kind === 'list') return block.items.map((item) => plainText(item)).join(' ');
      return '';
    })
    .join(' | ');
}

const firstParagraph = (page: PageModel): string | undefined => {
  const block = blocksOf(page).find((b) => b.kind === 'paragraph');
  return block && 'inlines' in block ? plainText(block.inlines) : undefined;
};

const COOKIE_REASON = 'A cookie notice the original showed over the page: not content of it';

describe('handleOverlay', () => {
  it('leaves out a cookie bar fixed to the bottom of the screen and lists it', () => {
    const page = extractPage(
      `<div style="position:fixed;bottom:0" id="cc">We use cookies to improve your experience.
        <a href="/privacy">Learn more</a> <button>Accept</button></div>`,
    );
    expect(firstParagraph(page)).toBe(INTRO);
    expect(shownText(page)).not.toMatch(/cookies|Accept/);
    expect(page.textBlocks.join(' ')).not.toContain('cookies');
    expect(page.dropped).toEqual([
      {
        kind: 'other',
        what: 'Cookie notice "We use cookies to improve your experience. Learn more Accept"',
        reason: COOKIE_REASON,
      },
    ]);
  });

  it('leaves out a German consent bar (Datenschutz, Akzeptieren, Ablehnen)', () => {
    const page = extractPage(
      `<div style="position: fixed; left: 0; right: 0; bottom: 0; z-index: 999">
        <p>Diese Website verwendet Cookies. Mit der Nutzung stimmen Sie unserer
        <a href="/datenschutz">Datenschutzerklärung</a> zu.</p>
        <button>Akzeptieren</button> <button>Ablehnen</button></div>`,
    );
    expect(shownText(page)).not.toMatch(/Cookies|Akzeptieren/);
    expect(page.textBlocks.join(' ')).not.toContain('Cookies');
    expect(page.dropped).toHaveLength(1);
    expect(page.dropped[0]).toMatchObject({ kind: 'other', reason: COOKIE_REASON });
    expect(page.dropped[0]!.what).toMatch(/^Cookie notice "Diese Website verwendet Cookies/);
  });

  it('leaves out what the probe marked as an overlay, hidden consent dialogs included', () => {
    const page = extractPage(
      `<div ${PROBE_MARKS.overlay}="cookie" class="cc-window"><span>This website uses cookies.</span>
        <a role="button" tabindex="0">Got it!</a></div>
       <div ${PROBE_MARKS.overlay}="chat" class="launcher"><span>Hi! Questions? Ask us.</span></div>
       <div class="modal" role="dialog" aria-modal="true" style="display:none">
         <h2>We value your privacy</h2><p>We and our partners use trackers to measure our audience.</p>
         <button>Accept all</button><button>Cookie settings</button></div>`,
    );
    expect(firstParagraph(page)).toBe(INTRO);
    expect(blocksOf(page).some((block) => block.kind === 'dialog')).toBe(false);
    expect(shownText(page)).not.toMatch(/cookies|privacy|Questions/);
    expect(page.dropped.map((entry) => entry.what)).toEqual([
      'Cookie notice "This website uses cookies. Got it!"',
      'Chat widget "Hi! Questions? Ask us."',
      'Cookie notice "We value your privacy We and our partners use trackers to measure our audience.…"',
    ]);
  });

  it('leaves out a newsletter pop-up nothing on the page opens, and a chat launcher', () => {
    const page = extractPage(
      `<div role="dialog" aria-modal="true" aria-labelledby="nl-title" id="newsletter">
        <h2 id="nl-title">Join our newsletter</h2><p>Get 10% off your first order.</p>
        <form action="/subscribe"><input type="email" placeholder="Your e-mail">
        <button>Subscribe</button></form><button aria-label="Close">×</button></div>
       <div style="position:fixed;bottom:20px;right:20px"><button>Chat with us</button></div>`,
    );
    expect(firstParagraph(page)).toBe(INTRO);
    expect(blocksOf(page).some((b) => b.kind === 'dialog' || b.kind === 'form')).toBe(false);
    expect(page.textBlocks.join(' ')).not.toMatch(/newsletter|Chat/);
    expect(page.dropped).toEqual([
      {
        kind: 'other',
        what: 'Newsletter pop-up "Join our newsletter Get 10% off your first order. Subscribe ×"',
        reason: 'A newsletter sign-up the original showed over the page: not content of it',
      },
      {
        kind: 'other',
        what: 'Chat widget "Chat with us"',
        reason: 'A chat launcher the original kept in a corner of the screen: not content of it',
      },
    ]);
  });

  it("keeps a footer's privacy section: it sits in the page, not over it", () => {
    const page = extractPage(
      `<footer><h3>Privacy policy</h3><p>We use cookies to count visits; you can refuse them.</p>
        <p><a href="/privacy">Read our privacy policy</a> <a href="/">OK</a></p></footer>`,
    );
    expect(page.textBlocks).toContain('We use cookies to count visits; you can refuse them.');
    expect(page.textBlocks).toContain('Privacy policy');
    expect(page.dropped).toEqual([]);
  });

  it("keeps the site's own dialogs that a button opens, a sign-up and a privacy policy too", () => {
    const page = extractPage(
      `<p><button data-toggle="modal" data-target="#story">Read more</button>
        <a href="#signup" data-toggle="modal">Subscribe</a>
        <a href="#policy" data-toggle="modal">Privacy policy</a></p>
       <div class="modal" id="story" role="dialog"><h3>Our story</h3>
         <p>Founded by two brothers in a village of 300 souls.</p>
         <button data-dismiss="modal">Close</button></div>
       <div class="modal" id="signup" role="dialog"><h3>Our newsletter</h3>
         <form action="/subscribe"><input type="email" name="email"><button>Subscribe</button></form></div>
       <div class="modal" id="policy" role="dialog"><h3>Privacy</h3>
         <p>We keep no cookies but the one that remembers your basket.</p>
         <button>Close</button></div>`,
    );
    const dialogs = blocksOf(page).flatMap((b) => (b.kind === 'dialog' ? [b.title] : []));
    expect(dialogs).toEqual(['Our story', 'Our newsletter', 'Privacy']);
    expect(page.textBlocks).toContain('We keep no cookies but the one that remembers your basket.');
    expect(page.dropped).toEqual([]);
  });
});

describe('extractSite: overlays and the brand', () => {
  it("takes no colour from a cookie bar's inline styles when no browser ran", () => {
    const raw = toRawSite(`<html><head><title>Bakery</title></head><body>
      <div style="position:fixed;bottom:0;background:#d81b60;color:#fff">We use cookies.
        <button style="background:#d81b60;border-color:#d81b60">OK</button></div>
      <h1>The Village Bakery</h1><p>${INTRO}</p>
      <p><a class="button" href="/order">Order bread</a></p></body></html>`);
    raw.stylesheets = [
      { url: 'http://site.example/site.css', css: 'a.button { background: #2e7d32 }' },
    ];
    expect(extractSite(raw).identity.colors.primary).toBe('#2e7d32');
  });
});
