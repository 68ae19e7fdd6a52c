import { describe, expect, it } from 'vitest';
import { collectPageReferences, pickLargestSrcset } from './collect-page-references';
import { toCrawlUrl } from './crawl-url';
import { listCssImports, listCssUrls } from './css-references';

const PAGE = 'https://old.example.com/dir/page.html';

describe('collectPageReferences', () => {
  it("names the picture the page's body is drawn on as its ground, and lists it as an image", () => {
    const references = collectPageReferences(
      '<body background="back%20fondo.jpg" bgcolor="#ffcc00"><table background="cell.gif"><tr><td>x</td></tr></table></body>',
      PAGE,
    );
    expect(references.ground).toBe('https://old.example.com/dir/back%20fondo.jpg');
    expect(references.images).toEqual([
      'https://old.example.com/dir/back%20fondo.jpg',
      'https://old.example.com/dir/cell.gif',
    ]);
    expect(collectPageReferences('<body><p>x</p></body>', PAGE).ground).toBeUndefined();
  });

  it('lists links, areas, frames and iframes', () => {
    const references = collectPageReferences(
      `<a href="a.html">A</a><map><area href="/b.htm"></map><a name="x">no href</a>
       <iframe src="embed.html"></iframe><iframe src="data:text/html,hi"></iframe>`,
      PAGE,
    );
    expect(references.links).toEqual(['a.html', '/b.htm']);
    expect(references.frames).toEqual(['https://old.example.com/dir/embed.html']);
    const frameset = collectPageReferences(
      '<html><frameset cols="20%,*"><frame src="left.html"><frame src="http://other.example/"></frameset></html>',
      PAGE,
    );
    expect(frameset.frames).toEqual([
      'https://old.example.com/dir/left.html',
      'http://other.example/',
    ]);
  });

  it('reads the page links of a Java applet menu from its params', () => {
    const references = collectPageReferences(
      `<applet code="treemenu.class" width="190" height="320">
         <param name="backImage" value="back.gif">
         <param name="config0" value="0,Main,0,u">
         <param name="config2" value="1,Links,1,links.html">
         <param name="config3" value="1,[WGP] Software,1,products.html">
         <param name="config9" value="6,E-Mail me,4,mailto:me@old.example">
       </applet>
       <object data="menu.swf"><param name="url" value="/games/index.htm"></object>`,
      PAGE,
    );
    expect(references.links).toEqual([
      'links.html',
      'products.html',
      'mailto:me@old.example',
      '/games/index.htm',
    ]);
    expect(references.links.map((href) => toCrawlUrl(href, PAGE)).filter(Boolean)).toEqual([
      'https://old.example.com/dir/links.html',
      'https://old.example.com/dir/products.html',
      'https://old.example.com/games/index.htm',
    ]);
  });

  it('follows <meta http-equiv="refresh"> like a link', () => {
    const references = collectPageReferences(
      '<head><meta http-equiv="Refresh" content="0; URL=\'welcome.html\'"><meta name="description" content="x"></head>',
      PAGE,
    );
    expect(references.links).toEqual(['welcome.html']);
    expect(collectPageReferences('<meta http-equiv="refresh" content="5">', PAGE).links).toEqual(
      [],
    );
  });

  it('resolves against <base href>', () => {
    const references = collectPageReferences(
      '<base href="/root/"><img src="x.gif"><a href="y.html">',
      PAGE,
    );
    expect(references.baseUrl).toBe('https://old.example.com/root/');
    expect(references.images).toEqual(['https://old.example.com/root/x.gif']);
  });

  it('finds images in every place old pages put them', () => {
    const references = collectPageReferences(
      `<body background="bg.gif"><table background="table.jpg"><tr><td background="cell.gif">
       <img src="a.png" srcset="a-400.png 400w, a-1200.png 1200w, a-800.png 800w">
       <picture><source srcset="p1.webp 1x, p2.webp 2x"><img src="p.jpg"></picture>
       <input type="image" src="go.gif"><input type="text" src="nope.gif">
       <video poster="poster.jpg"></video>
       <div style="background-image: url('inline.png')">x</div>
       <img src="a.png"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
       </td></tr></table>`,
      PAGE,
    );
    const base = 'https://old.example.com/dir/';
    expect(references.images).toEqual([
      `${base}bg.gif`,
      `${base}table.jpg`,
      `${base}cell.gif`,
      `${base}a.png`,
      `${base}a-1200.png`,
      `${base}p2.webp`,
      `${base}p.jpg`,
      `${base}go.gif`,
      `${base}poster.jpg`,
      `${base}inline.png`,
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    ]);
  });

  it('finds stylesheets, inline styles and icons', () => {
    const references = collectPageReferences(
      `<link rel="stylesheet" href="s.css"><link rel="alternate stylesheet" href="alt.css">
       <link rel="shortcut icon" href="/favicon.ico"><link rel="apple-touch-icon" href="touch.png">
       <style>body { color: red }</style>`,
      PAGE,
    );
    expect(references.stylesheets).toEqual(['https://old.example.com/dir/s.css']);
    expect(references.icons).toEqual([
      'https://old.example.com/favicon.ico',
      'https://old.example.com/dir/touch.png',
    ]);
    expect(references.inlineStyles).toEqual(['body { color: red }']);
  });

  it('survives 10,000 levels of nesting', () => {
    const html = `${'<div>'.repeat(10_000)}<a href="deep.html">deep</a>${'</div>'.repeat(10_000)}`;
    expect(collectPageReferences(html, PAGE).links).toEqual(['deep.html']);
  });
});

describe('pickLargestSrcset', () => {
  it('prefers the widest, then the densest candidate', () => {
    expect(pickLargestSrcset('s.jpg 300w, l.jpg 1000w, m.jpg 600w')).toBe('l.jpg');
    expect(pickLargestSrcset('a.jpg, b.jpg 2x,c.jpg 1.5x')).toBe('b.jpg');
    expect(pickLargestSrcset('data:image/png;base64,AAA= 1x, big.png 3x')).toBe('big.png');
    expect(pickLargestSrcset('only.png')).toBe('only.png');
  });
});

describe('toCrawlUrl', () => {
  it('keeps same-shape page URLs and drops what is not a page', () => {
    expect(toCrawlUrl('b.html#top', PAGE)).toBe('https://old.example.com/dir/b.html');
    expect(toCrawlUrl('HTTPS://OLD.example.com:443/dir/../index.html?x=1', PAGE)).toBe(
      'https://old.example.com/index.html?x=1',
    );
    for (const href of [
      '#top',
      'mailto:a@b.c',
      'javascript:void(0)',
      'tel:+311234',
      'file.pdf',
      'x.ZIP',
      'pic.jpg',
      'ftp://x/',
    ]) {
      expect(toCrawlUrl(href, PAGE)).toBeUndefined();
    }
  });
});

describe('css references', () => {
  it('lists @import targets and url()s, telling fonts from images', () => {
    const css = `@import url("base.css"); @import 'print.css' print;
      /* url(commented.png) */
      body { background: url(bg.gif) } .x { background-image: url( "quoted.png" ) }
      @font-face { font-family: A; src: url(a.woff2) format("woff2"), url('a.ttf') }`;
    expect(listCssImports(css)).toEqual(['base.css', 'print.css']);
    expect(listCssUrls(css)).toEqual([
      { url: 'bg.gif', kind: 'image' },
      { url: 'quoted.png', kind: 'image' },
      { url: 'a.woff2', kind: 'font' },
      { url: 'a.ttf', kind: 'font' },
    ]);
  });

  it('reads escaped and nested urls, style attributes and broken CSS', () => {
    const css = `@media screen { @font-face { font-family: B; src: url(b\\2e woff) } .hero { background: url("a\\"b.jpg") } }
      .broken { color: ; background: url(after-error.png) } .unclosed { background: url(last.png)`;
    expect(listCssUrls(css)).toEqual([
      { url: 'b.woff', kind: 'font' },
      { url: 'a"b.jpg', kind: 'image' },
      { url: 'after-error.png', kind: 'image' },
      { url: 'last.png', kind: 'image' },
    ]);
    expect(listCssUrls('background-image: url(inline.png); color: red')).toEqual([
      { url: 'inline.png', kind: 'image' },
    ]);
  });
});
