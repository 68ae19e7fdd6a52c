import { describe, expect, it } from 'vitest';
import type { PageProbe } from '../../types';
import { readFixtureHtml, toRawSite } from '../generate/testing/load-fixture';
import { extractSite } from './extract-site';

describe('extractSite: the identity', () => {
  it('reads the identity from the HTML and CSS alone when no browser ran', () => {
    const raw = toRawSite(readFixtureHtml('bootstrap3-landing'));
    raw.stylesheets = [
      {
        url: 'http://site.example/css/theme.css',
        css: `html { font-family: sans-serif } body { font-family: "Roboto Slab", serif; background: #fff }
          .btn-xl { background: #fed136; } h1 { font-family: Montserrat, sans-serif }`,
      },
    ];
    const { identity } = extractSite(raw);
    expect(identity).toMatchObject({
      // The brand element, not the title's first part ("Acme Agency - Creative Digital Studio").
      name: 'Acme Agency',
      nameSource: 'brand',
      scheme: 'light',
      colors: { primary: '#fed136', background: '#ffffff' },
      fonts: { body: 'Roboto Slab', heading: 'Montserrat' },
      menu: [
        { label: 'Services', href: 'http://site.example/index.html#services', children: [] },
        { label: 'Team', href: 'http://site.example/index.html#team', children: [] },
        { label: 'Contact', href: 'http://site.example/contact.html', children: [] },
      ],
    });
    expect(identity.hero).toBeUndefined();
  });

  it('shows a logo found among the first pictures as high as the page drew it (issue 23)', () => {
    const raw = toRawSite(
      `<html><head><title>Fest 2015</title></head><body>
        <h1><img src="/img/logo.gif" width="420" height="100" alt="Fest 2015, the big meetup"></h1>
        <p>Talks all day.</p></body></html>`,
    );
    raw.assets = [
      {
        url: 'http://site.example/img/logo.gif',
        contentType: 'image/gif',
        body: new Uint8Array([1]),
        width: 420,
        height: 100,
      },
    ];
    const { identity } = extractSite(raw);
    expect(identity.logo).toMatchObject({
      kind: 'img',
      src: 'http://site.example/img/logo.gif',
      shownHeight: 100,
      shownWidth: 420,
    });
  });

  it("takes colours, logo and hero from the probe's reading of the rendered page", () => {
    const raw = toRawSite(
      `<html><head><title></title></head><body>
        <h1><a class="logo" href="/" data-sitelift-brand=""></a></h1>
        <a class="enter" href="#!/page_home"><h2>Lets begin</h2></a>
        <p>Dark words.</p></body></html>`,
    );
    const probe: PageProbe = {
      viewport: { width: 1440, height: 900 },
      background: {
        color: 'rgba(0, 0, 0, 0)',
        image: 'http://site.example/images/texture.jpg',
        imageColor: 'rgb(30, 29, 27)',
      },
      text: 'rgb(96, 96, 96)',
      links: [],
      headings: [{ color: 'rgb(243, 243, 243)', weight: 1 }],
      buttons: [],
      accents: [{ color: 'rgb(223, 7, 6)', weight: 400 }],
      fonts: { body: 'Tahoma, sans-serif', heading: 'Tahoma, sans-serif' },
      logo: {
        kind: 'css-background',
        src: 'http://site.example/images/logo.png',
        alt: '',
        width: 208,
        height: 240,
      },
      brand: { text: '', href: 'http://site.example/' },
    };
    raw.pages[0]!.probe = probe;
    raw.assets = [
      {
        url: 'http://site.example/images/logo.png',
        contentType: 'image/png',
        body: new Uint8Array([1]),
        width: 208,
        height: 201,
      },
    ];
    const { identity } = extractSite(raw);
    expect(identity).toMatchObject({
      name: 'site.example',
      nameSource: 'host',
      scheme: 'dark',
      colors: { background: '#1e1d1b', text: '#606060', primary: '#df0706' },
      fonts: { body: 'Tahoma', heading: 'Tahoma', faces: [{ family: 'Tahoma', source: 'system' }] },
      logo: {
        kind: 'css-background',
        src: 'http://site.example/images/logo.png',
        asset: 'http://site.example/images/logo.png',
        width: 208,
        height: 201,
      },
    });
  });
});
