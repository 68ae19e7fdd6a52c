import { describe, expect, it } from 'vitest';
import { findSiteName, toCopyrightHolder, type SiteNameClues } from './site-name';

const clues = (more: Partial<SiteNameClues>): SiteNameClues => ({
  titles: [],
  pageNames: [],
  host: 'www.example.com',
  ...more,
});

describe('findSiteName', () => {
  it('takes og:site_name first, then the logo, the brand, the title, the host', () => {
    const all = clues({
      ogSiteName: 'Og Name',
      logoAlt: 'Logo Name logo',
      brandText: 'Brand Name',
      titleText: 'Home | Title Name',
    });
    expect(findSiteName(all)).toEqual({ name: 'Og Name', source: 'og:site_name' });
    expect(findSiteName({ ...all, ogSiteName: undefined })).toEqual({
      name: 'Logo Name',
      source: 'logo',
    });
    expect(findSiteName({ ...all, ogSiteName: undefined, logoAlt: 'logo' })).toEqual({
      name: 'Brand Name',
      source: 'brand',
    });
    expect(
      findSiteName({ ...all, ogSiteName: undefined, logoAlt: undefined, brandText: '' }),
    ).toEqual({ name: 'Title Name', source: 'title' });
    expect(findSiteName(clues({ titleText: '' }))).toEqual({ name: 'example.com', source: 'host' });
  });

  it("takes the copyright's holder before the host (issue 23: no site named '127.0.0.1')", () => {
    expect(
      findSiteName(clues({ titleText: '', copyright: 'Aroman © 2012 • Privacy Policy •' })),
    ).toEqual({
      name: 'Aroman',
      source: 'copyright',
    });
    expect(
      toCopyrightHolder('© 2025 Joshua S. Speagle. This page was last updated on May 1.'),
    ).toBe('Joshua S. Speagle');
    expect(toCopyrightHolder('Copyright © 2015 Japan Azure User Group All rights reserved.')).toBe(
      'Japan Azure User Group',
    );
    expect(
      toCopyrightHolder(
        'Last updated: 22 February 2025 Copyright © 1997-2021 University of Cambridge.',
      ),
    ).toBe('University of Cambridge');
    // A template's placeholder, a line with no mark, and no line name nothing.
    expect(toCopyrightHolder('Copyright © Your Website 2016')).toBeUndefined();
    expect(toCopyrightHolder('Made with care in 2012')).toBeUndefined();
    expect(
      findSiteName(clues({ titleText: '', copyright: 'Copyright © Your Website 2016' })),
    ).toEqual({
      name: 'example.com',
      source: 'host',
    });
  });

  it('never names the site after an entry button or a page heading', () => {
    // restaurant-jq: no title, an empty logo link, an entry button "Lets begin".
    expect(
      findSiteName(clues({ titleText: '', brandText: '', pageNames: ['Lets begin'] })),
    ).toEqual({ name: 'example.com', source: 'host' });
    // agency-bs3: the brand element wins over the title's first part.
    expect(
      findSiteName(
        clues({ brandText: 'Start Bootstrap', titleText: 'Agency - Start Bootstrap Theme' }),
      ),
    ).toEqual({ name: 'Start Bootstrap', source: 'brand' });
  });

  it("reads the title's brand part: shared by the titles, repeated by the start page's heading, not a page name", () => {
    expect(
      findSiteName(clues({ titleText: 'Home | Acme', titles: ['Home | Acme', 'About | Acme'] })),
    ).toEqual({ name: 'Acme', source: 'title' });
    expect(
      findSiteName(clues({ titleText: 'Jane Doe | Statistics for All', startHeading: 'Jane Doe' })),
    ).toEqual({ name: 'Jane Doe', source: 'title' });
    expect(findSiteName(clues({ titleText: 'Services - Acme', pageNames: ['Services'] }))).toEqual({
      name: 'Acme',
      source: 'title',
    });
  });
});
