import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

const PAGE = 'http://temple.example/about.html';

function pageOf(body: string) {
  const html = `<!doctype html><html lang="en"><head><title>Temple</title></head><body>${body}</body></html>`;
  return extractSite(toRawSite(html, PAGE)).pages[0]!;
}

const MENU = `<div data-sitelift-menu=""><ul><li><a href="connect.html">Connect</a></li><li><a href="about.html">About</a></li></ul></div>`;

describe('a hidden copy of the menu is not content (issue 23)', () => {
  it('leaves out the phone menu a site builder wrote beside the desktop one', () => {
    const page = pageOf(
      `<div id="header">${MENU}<div id="phone-menu" data-sitelift-hidden=""><ul><li><a href="connect.html">Connect</a></li><li><a href="about.html">About</a></li></ul></div></div><h1>About us</h1><p>Address: 3201 Ulloa St.</p>`,
    );
    const text = JSON.stringify(page.sections);
    expect(text).toContain('Address: 3201 Ulloa St.');
    // The menu itself is the header's (plan takes it out of the content); its copy is gone.
    expect(text.split('"Connect"')).toHaveLength(2);
  });

  it('leaves it out beside a header row of logo and menu, walked on its own', () => {
    const page = pageOf(
      `<div id="header"><div data-sitelift-row="67.9 32.1"><div data-sitelift-col=""><a href="index.html"><img src="logo.png" alt="Temple"></a></div><div data-sitelift-col="">${MENU}</div><div data-sitelift-hidden=""><ul><li><a href="connect.html">Connect</a></li><li><a href="about.html">About</a></li></ul></div></div></div><h1>About us</h1><p>Address: 3201 Ulloa St.</p>`,
    );
    expect(JSON.stringify(page.sections).split('"Connect"').length).toBeLessThanOrEqual(2);
  });

  it('keeps hidden links that lead elsewhere, and a visible list of the menu’s pages', () => {
    const page = pageOf(
      `<div id="header">${MENU}</div><h1>About us</h1><div data-sitelift-hidden=""><a href="connect.html">Connect</a> <a href="history.html">Our history</a></div><p>See <a href="connect.html">Connect</a> and <a href="about.html">About</a>.</p>`,
    );
    const text = JSON.stringify(page.sections);
    expect(text).toContain('Our history');
    expect(text).toContain('See ');
  });
});
