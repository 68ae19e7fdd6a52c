import { describe, expect, it } from 'vitest';
import type { SitePlan } from '../../model';
import { withLandingAnchors } from './landing-anchors';

// Issue 24: an anchor of the original whose part planning dropped leads to its page, not nowhere.

function plan(): SitePlan {
  const section = (id: string, href: string) => ({
    id,
    blocks: [{ kind: 'paragraph', inlines: [{ text: 'Go', href }] }],
  });
  return {
    navigation: [
      { label: 'Top', route: '/#section-1' },
      { label: 'Contact', route: '/#kontakt' },
      { label: 'About', route: '/about' },
    ],
    footerLinks: [{ label: 'Up', route: '/about#top' }],
    menu: [{ label: 'Gone', route: '/about#gone', children: [] }],
    pages: [
      { route: '/', sections: [section('kontakt', '#nowhere'), section('intro', '#kontakt')] },
      { route: '/about', sections: [section('team', '/#section-1')] },
    ],
  } as unknown as SitePlan;
}

describe('withLandingAnchors', () => {
  it('drops an anchor its page lacks, keeping the route', () => {
    const landed = withLandingAnchors(plan());
    expect(landed.navigation.map((item) => item.route)).toEqual(['/', '/#kontakt', '/about']);
    expect(landed.menu?.[0]?.route).toBe('/about');
    const hrefs = JSON.stringify(landed.pages).match(/"href":"[^"]*"/g);
    expect(hrefs).toEqual(['"href":"/"', '"href":"#kontakt"', '"href":"/"']);
  });

  it('keeps anchors that land, #top, and links to other sites', () => {
    const landed = withLandingAnchors(plan());
    expect(landed.footerLinks[0]?.route).toBe('/about#top');
    const outside = withLandingAnchors({
      ...plan(),
      navigation: [{ label: 'Old', route: 'https://old.example/#x' }],
    } as SitePlan);
    expect(outside.navigation[0]?.route).toBe('https://old.example/#x');
  });
});
